/**
 * Every file the build derives from the contract (and the vehicle model hashes, from the model
 * list), as it should be now: `npm run build` writes them
 * (build.mjs), and a test per file fails when the committed one is stale.
 */
import { OPENAPI_FILE } from '../http/docs-page';
import { VERSION } from '../version';
import { luaAnnotations, typescriptDeclarations } from './consumer-types';
import { modelHashesText } from './model-hashes';
import { openApiText } from './openapi';
import { convarsTable, errorsTable, exportsTable, manifestConvars, replaceSection, routesTable } from './tables';

export interface GeneratedFile {
  /** From the repository root. */
  path: string;
  /** The whole file; `current` is what is on disk (files generated in part keep the rest). */
  text(current: string): string;
}

export const GENERATED_FILES: readonly GeneratedFile[] = [
  { path: OPENAPI_FILE, text: () => openApiText(VERSION) },
  { path: 'citizen_records.d.ts', text: () => typescriptDeclarations() },
  { path: 'citizen_records.lua', text: () => luaAnnotations() },
  { path: 'src/vehicles/model-hashes.ts', text: () => modelHashesText() },
  { path: 'fxmanifest.lua', text: (current) => replaceSection(current, 'convars', manifestConvars(), 'lua') },
  {
    path: 'README.md',
    text: (current) =>
      [
        ['routes', routesTable()],
        ['exports', exportsTable()],
        ['errors', errorsTable()],
        ['convars', convarsTable()],
      ].reduce((text, [name, body]) => replaceSection(text, name, body, 'markdown'), current),
  },
];
