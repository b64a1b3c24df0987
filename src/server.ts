/**
 * Entry point of the bundle FXServer loads as a classic script. Nothing is exported from here
 * (a cjs/iife entry must not export) and there is no top-level await.
 */
import { fail } from './api/envelope';
import { healthReport } from './api/health';
import { registerExports } from './fivem/exports';
import { serveHttp } from './fivem/http-handler';
import { resourceVersion } from './fivem/natives';
import { createRequestHandler } from './http/handle-request';
import { createLogger } from './logger';

function start(): void {
  const log = createLogger('info');
  const version = resourceVersion();
  const health = async () => healthReport(version);

  serveHttp(
    createRequestHandler({
      health,
      citizen: async (route) => fail('format_unavailable', `Format ${route.format} is not available on this server yet.`),
      log: (message) => log.error(message),
    }),
    (message) => log.error(message),
  );
  registerExports({ getHealth: health });
  log.info(`citizen_records ${version} started`);
}

start();
