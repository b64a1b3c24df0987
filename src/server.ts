/**
 * Entry point of the bundle FXServer loads as a classic script: reads the convars and wires the
 * database adapter, the formats, the HTTP handler and the exports. Nothing is exported from here
 * (a cjs/iife entry must not export) and there is no top-level await.
 */
import { performance } from 'node:perf_hooks';
import { assemble } from './assemble';
import { exportedFunctions } from './api/handlers';
import { CONVAR_PREFIX, readConfig, type Config } from './config/config';
import { createOxmysqlDatabase } from './db/oxmysql';
import { resourceFeedHome } from './fivem/change-feed';
import { registerExports } from './fivem/exports';
import { serveHttp } from './fivem/http-handler';
import { startFrameworks } from './frameworks';
import { FORMATS } from './formats/registry';
import { DOCS_RENDERER_FILE, OPENAPI_FILE } from './http/docs-page';
import { createLogger, type Logger } from './logger';
import { natives } from './natives';

/**
 * A file the build ships in the resource's folder (the OpenAPI document, /docs's renderer), read
 * at the first request of the route that serves it rather than at start or in the bundle: the
 * resource starts as fast without them, and a server nobody asks for them never holds their
 * 0.5 MB and 1.1 MB. src/http keeps what it read.
 */
function shippedFile(resourceName: string, path: string, route: string): string {
  const text = natives.loadResourceFile(resourceName, path);
  if (text === null) {
    throw new Error(
      `${path} is missing from the resource's folder, and ${route} needs it: install the release zip whole, or run npm run build`,
    );
  }
  return text;
}

/** Says at start who may read records: the server owner must see a closed or open door at once. */
function announceAccess(config: Config, log: Logger): void {
  const names = config.apiKeys.map((k) => k.name).join(', ');
  if (config.apiKeys.length > 0) log.info(`API keys configured: ${names}`);
  if (config.allowAnonymous) {
    console.warn(
      `anonymous access is ON (${CONVAR_PREFIX}allow_anonymous true): anyone who reaches this server's HTTP port can read citizen records without a key, ` +
        `limited to ${config.rateLimit} requests a minute per address`,
    );
  } else if (config.apiKeys.length === 0) {
    console.warn(
      `no API key is configured, so the record routes answer 401 unauthorized. Add one in server.cfg before ensure ${natives.currentResourceName()}: ` +
        `set ${CONVAR_PREFIX}api_keys "name:<key>" (generate a key with: openssl rand -hex 32; use set, never setr or sets, which publish the value to players), ` +
        `or set ${CONVAR_PREFIX}allow_anonymous true to serve them without keys`,
    );
  }
}

function start(): void {
  const resourceName = natives.currentResourceName();
  const { config, problems } = readConfig((name) => natives.getConvar(`${CONVAR_PREFIX}${name}`));
  const log = createLogger(config.logLevel);
  // Configuration mistakes are shown whatever log_level says: they are why the server misbehaves.
  for (const problem of problems) console.warn(problem);
  announceAccess(config, log);

  const version = natives.resourceVersion();
  const now = () => performance.now();
  const db = createOxmysqlDatabase({ timeoutMs: config.dbTimeoutMs, resourceName, now });
  const frameworks = startFrameworks({
    natives,
    formats: FORMATS,
    liveRecords: config.liveRecords,
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
  });
  const { api, handle, stop } = assemble({
    config,
    db,
    live: frameworks.live,
    groups: frameworks.groups,
    vehicles: frameworks.vehicles,
    openApi: () => shippedFile(resourceName, OPENAPI_FILE, '/openapi.json'),
    docsRenderer: () => shippedFile(resourceName, DOCS_RENDERER_FILE, '/docs'),
    version,
    log,
    now,
    feed: resourceFeedHome(resourceName),
  });
  serveHttp(handle, (message) => log.error(message));
  registerExports(exportedFunctions(api), (message) => log.error(message));
  // Everything waiting is answered and every timer stops: a Lua Citizen.Await must not block for good.
  natives.onEvent('onResourceStop', (stopped: string) => {
    if (stopped === resourceName) stop();
  });

  log.info(`${resourceName} ${version} started; formats: ${[...config.formats].join(', ') || 'none'}`);
}

start();
