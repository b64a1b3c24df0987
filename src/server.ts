/**
 * Entry point of the bundle FXServer loads as a classic script: reads the convars and wires the
 * database adapter, the formats, the HTTP handler and the exports. Nothing is exported from here
 * (a cjs/iife entry must not export) and there is no top-level await.
 */
import { createCitizenService } from './api/citizen-service';
import { healthReport } from './api/health';
import { CONVAR_PREFIX, readConfig } from './config/config';
import { createOxmysqlDatabase } from './db/oxmysql';
import { registerExports } from './fivem/exports';
import { serveHttp } from './fivem/http-handler';
import { currentResourceName, getConvar, onEvent, resourceVersion } from './fivem/natives';
import { alphaFormat } from './formats/alpha';
import { betaFormat } from './formats/beta';
import type { FormatModule } from './formats/format';
import { createRequestHandler } from './http/handle-request';
import { createLogger } from './logger';

/** How often start-up looks again for the database while the formats' tables are not inspected yet. */
const PREPARE_RETRY_MS = 1000;

function start(): void {
  const resourceName = currentResourceName();
  const { config, problems } = readConfig((name) => getConvar(`${CONVAR_PREFIX}${name}`));
  const log = createLogger(config.logLevel);
  // Configuration mistakes are shown whatever log_level says: they are why the server misbehaves.
  for (const problem of problems) console.warn(problem);

  const version = resourceVersion();
  const db = createOxmysqlDatabase({ timeoutMs: config.dbTimeoutMs, resourceName });
  const service = createCitizenService({
    db,
    formats: { alpha: alphaFormat as FormatModule<unknown>, beta: betaFormat as FormatModule<unknown> },
    enabled: config.formats,
    formatOptions: { warn: (message) => log.warn(message), dobOrder: config.esxDobFormat, now: () => Date.now() },
    logError: (message) => log.error(message),
  });
  const health = async () => healthReport(db.isHealthy(), service.availability(), version);

  serveHttp(
    createRequestHandler({
      health,
      citizen: (route) => service.lookup(route.format, route.id),
      log: (message) => log.error(message),
    }),
    (message) => log.error(message),
  );
  registerExports(
    {
      getAlphaCitizen: (id) => service.lookup('alpha', id),
      getBetaCitizen: (id) => service.lookup('beta', id),
      getHealth: health,
    },
    (message) => log.error(message),
  );

  // Column detection needs the database; oxmysql may connect long after this resource starts.
  let busy = false;
  const preparer = setInterval(() => {
    if (busy || !db.isReady()) return;
    busy = true;
    void service.prepareFormats().then((done) => {
      busy = false;
      if (done) clearInterval(preparer);
    });
  }, PREPARE_RETRY_MS);
  onEvent('onResourceStop', (stopped: string) => {
    if (stopped === resourceName) clearInterval(preparer);
  });

  log.info(`${resourceName} ${version} started; formats: ${[...config.formats].join(', ') || 'none'}`);
}

start();
