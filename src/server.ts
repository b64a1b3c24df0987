/**
 * Entry point of the bundle FXServer loads as a classic script: reads the convars and wires the
 * database adapter, the formats, the HTTP handler and the exports. Nothing is exported from here
 * (a cjs/iife entry must not export) and there is no top-level await.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { exportedFunctions, formatOf, type Api } from './api/handlers';
import { healthReport, type HealthReport } from './api/health';
import { availability, lookupFresh, lookupOperations, openService, prepareFormats, watchedTables, type Service } from './api/service';
import { formatWatch } from './changes/format-watch';
import type { FeedService } from './changes/service';
import { createWarnOnce } from './api/warn-once';
import { CONVAR_PREFIX, readConfig, type Config } from './config/config';
import type { ScanningDatabase } from './db/database';
import { createOxmysqlDatabase } from './db/oxmysql';
import { startChangeFeed } from './fivem/change-feed';
import { registerExports } from './fivem/exports';
import { serveHttp } from './fivem/http-handler';
import { startFrameworks } from './frameworks';
import { FORMATS } from './formats/registry';
import { createAuthenticator } from './http/auth';
import { DOCS_RENDERER_FILE, OPENAPI_FILE } from './http/docs-page';
import { createRequestHandler } from './http/handle-request';
import { createRequestIds } from './http/request-id';
import { burstFor, createRateLimiter } from './http/rate-limit';
import { createLogger, type Logger } from './logger';
import { createLookupCache } from './lookup/cache';
import { resourceStopping, type Failure } from './lookup/envelope';
import { createLookupGate } from './lookup/gate';
import { unkept, type Outcome } from './lookup/outcome';
import { natives } from './natives';

/** How often start-up looks for oxmysql's readiness, so the tables are inspected as soon as it connects. */
const PREPARE_POLL_MS = 100;
/** /health asks the database itself, and looks again for missing tables, at most this often. */
const HEALTH_CHECK_MS = 5000;
/** The cache's bounds besides its TTL. */
const CACHE_MAX_ENTRIES = 2000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

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

/**
 * The change feed of every enabled format: detection over the tables the lookups' prepare read,
 * the records as their routes answer them now (never cached), live entries from the frameworks'
 * events, its state in the resource's folder (src/changes/service.ts runs it).
 */
function startFeed(options: { resourceName: string; config: Config; db: ScanningDatabase; service: Service; log: Logger }): FeedService {
  const { config, db, service, log } = options;
  const feed = startChangeFeed(options.resourceName, {
    on: config.changes,
    watches: Object.fromEntries(
      FORMATS.filter((f) => config.formats.has(f.name)).map((f) => [
        f.name,
        formatWatch({
          tables: () => watchedTables(service, f.name),
          changes: f.changes,
          run: (sql, params) => db.scan(sql, params, config.searchTimeoutMs),
        }),
      ]),
    ),
    lookup: (kind, format, id) => lookupFresh(service, kind, format, id),
    keptMs: config.changesKeptDays * 86_400_000,
    maxWaiting: config.changesMaxWaiting,
    pollMs: config.changesPollMs,
    sweepMs: config.changesSweepMs,
    databaseReady: () => db.isReady(),
    databaseName: () => db.single('SELECT DATABASE() AS name', []).then((row) => String(row?.name ?? '')),
    now: () => Date.now(),
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
    debug: (message) => log.debug(message),
  });
  service.options.live.watch((format, id) => feed.liveChange(format, id));
  return feed;
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
  const cache = createLookupCache<Outcome>({
    ttlMs: config.cacheTtlMs,
    maxEntries: CACHE_MAX_ENTRIES,
    maxBytes: CACHE_MAX_BYTES,
    now,
  });
  const gate = createLookupGate({ maxInFlight: config.maxInFlight, cache });
  const searchGate = createLookupGate({
    maxInFlight: config.searchMaxInFlight,
    cache,
    what: { noun: 'table scans (searches, and vehicle lookups no index serves)', convar: 'search_max_in_flight' },
  });
  const frameworks = startFrameworks({
    natives,
    formats: Object.fromEntries(FORMATS.flatMap((f) => (f.live ? [[f.name, f.live]] : []))),
    liveRecords: config.liveRecords,
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
  });
  const service = openService({
    db,
    formats: FORMATS,
    enabled: config.formats,
    formatOptions: {
      warn: createWarnOnce((message) => log.warn(message)),
      dobOrder: config.esxDobFormat,
      info: (message) => log.info(message),
      groups: frameworks.groups,
      now: () => Date.now(),
      maxColumnBytes: config.maxColumnBytes,
      esxCharacterPrefix: config.esxCharacterPrefix,
      esxMaxCharacters: config.esxMaxCharacters,
      vehicles: frameworks.vehicles,
    },
    gates: { lookup: gate, scan: searchGate },
    live: frameworks.live,
    searchTimeoutMs: config.searchTimeoutMs,
    cursorSecret: randomBytes(32),
    now,
    logError: (message) => log.error(message),
  });
  const changeFeed = startFeed({ resourceName, config, db, service, log });
  let stopping = false;
  // A health check still waiting on its probe when the resource stops is answered like a lookup.
  const health = async (): Promise<HealthReport | Failure> => {
    if (!stopping && db.isReady()) await Promise.all([db.probe(HEALTH_CHECK_MS), prepareFormats(service, HEALTH_CHECK_MS)]);
    if (stopping) return resourceStopping();
    const { formats, vehicles } = availability(service);
    return healthReport(db.isHealthy(), formats, vehicles, version);
  };
  const api: Api = {
    health,
    openApi: () => shippedFile(resourceName, OPENAPI_FILE, '/openapi.json'),
    docsRenderer: () => shippedFile(resourceName, DOCS_RENDERER_FILE, '/docs'),
    operations: {
      ...lookupOperations(service),
      changes: (call) => changeFeed.answer(formatOf(call), call.query, call.via).then(unkept),
    },
  };

  serveHttp(
    createRequestHandler(api, {
      authenticator: createAuthenticator(config.apiKeys, config.allowAnonymous),
      rateLimiter: createRateLimiter({ perMinute: config.rateLimit, burst: burstFor(config.rateLimit), now }),
      corsOrigins: config.corsOrigins,
      newRequestId: createRequestIds(),
      now,
      log,
    }),
    (message) => log.error(message),
  );
  registerExports(exportedFunctions(api), (message) => log.error(message));

  // Column detection needs the database; oxmysql may connect long after this resource starts.
  let busy = false;
  const preparer = setInterval(() => {
    if (busy || !db.isReady()) return;
    busy = true;
    void prepareFormats(service).then((done) => {
      busy = false;
      if (done) clearInterval(preparer);
    });
  }, PREPARE_POLL_MS);
  // Everything waiting is answered and every timer stops: a Lua Citizen.Await must not block for good.
  natives.onEvent('onResourceStop', (stopped: string) => {
    if (stopped !== resourceName) return;
    stopping = true;
    clearInterval(preparer);
    changeFeed.stop();
    gate.stop();
    searchGate.stop();
    db.close();
  });

  log.info(`${resourceName} ${version} started; formats: ${[...config.formats].join(', ') || 'none'}`);
}

start();
