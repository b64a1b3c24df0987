/** The release version, from package.json: the one number the OpenAPI file and the served document share. */
import { version } from '../package.json';

export const VERSION: string = version;
