/**
 * Entry point of the bundle FXServer loads as a classic script: reads the convars and wires the
 * database adapter, the formats, the HTTP handler and the exports. Nothing is exported from here
 * (a cjs/iife entry must not export) and there is no top-level await.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createCitizenService, type CitizenService, type CitizenServiceOptions } from './api/citizen-service';
import type { FeedLookup } from './changes/feed';
import { formatWatch } from './changes/format-watch';
import { resourceStopping, type Envelope, type Failure } from './api/envelope';
import { exportedFunctions, formatOf, type Api } from './api/handlers';
import { healthReport, type HealthReport } from './api/health';
import { createLookupCache } from './api/lookup-cache';
import { createLookupGate } from './api/lookup-gate';
import { createWarnOnce } from './api/warn-once';
import { CONVAR_PREFIX, readConfig, type Config } from './config/config';
import { createOxmysqlDatabase } from './db/oxmysql';
import { startChangeFeed } from './fivem/change-feed';
import { registerExports } from './fivem/exports';
import { serveHttp } from './fivem/http-handler';
import { startFrameworks } from './frameworks';
import { FORMATS, type FormatName } from './formats/registry';
import { createAuthenticator } from './http/auth';
import { DOCS_RENDERER_FILE } from './http/docs-page';
import { createRequestHandler } from './http/handle-request';
import { createRequestIds } from './http/request-id';
import { burstFor, createRateLimiter } from './http/rate-limit';
import { createLogger, type Logger } from './logger';
import { natives } from './natives';

/** The OpenAPI document, generated at build time from the contract and put here by build.mjs. */
declare const OPENAPI_DOCUMENT: string;

/** How often start-up looks for oxmysql's readiness, so the tables are inspected as soon as it connects. */
const PREPARE_POLL_MS = 100;
/** /health asks the database itself, and looks again for missing tables, at most this often. */
const HEALTH_CHECK_MS = 5000;
/** The cache's bounds besides its TTL. */
const CACHE_MAX_ENTRIES = 2000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * /docs's renderer, read at the first request for the page rather than at start: the resource starts
 * as fast without it, and a server nobody opens /docs on never holds its 1.1 MB.
 */
function docsRenderer(resourceName: string): string {
  const renderer = natives.loadResourceFile(resourceName, DOCS_RENDERER_FILE);
  if (renderer === null) {
    throw new Error(
      `${DOCS_RENDERER_FILE} is missing from the resource's folder, and /docs needs it: install the release zip whole, or run npm run build`,
    );
  }
  return renderer;
}

/** The feed's lookups: a citizen by id, a vehicle by plate, as their routes answer them. */
function feedLookup(service: CitizenService): FeedLookup {
  return (kind, format, id) =>
    kind === 'citizen' ? service.lookup(format as FormatName, id) : service.lookupVehicle(format as FormatName, id);
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
  const cache = createLookupCache<Envelope<unknown>>({
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
  const serviceOptions: CitizenServiceOptions = {
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
    gate,
    live: frameworks.live,
    searchGate,
    searchTimeoutMs: config.searchTimeoutMs,
    cursorSecret: randomBytes(32),
    now,
    logError: (message) => log.error(message),
  };
  const service = createCitizenService(serviceOptions);
  // The routes' lookups without the TTL cache: an answer cached just before a write would hide it from the feed for good.
  const uncached = createLookupGate({
    maxInFlight: config.maxInFlight,
    cache: createLookupCache({ ttlMs: 0, maxEntries: 1, maxBytes: 1, now }),
  });
  const changeFeed = startChangeFeed(resourceName, {
    on: config.changes,
    watches: Object.fromEntries(
      FORMATS.filter((f) => config.formats.has(f.name)).map((f) => [
        f.name,
        formatWatch({
          tables: () => service.watchedTables(f.name),
          changes: f.changes,
          run: (sql, params) => db.scan(sql, params, config.searchTimeoutMs),
        }),
      ]),
    ),
    lookup: feedLookup(createCitizenService({ ...serviceOptions, gate: uncached })),
    keptMs: config.changesKeptDays * 86_400_000,
    maxWaiting: config.changesMaxWaiting,
    pollMs: config.changesPollMs,
    sweepMs: config.changesSweepMs,
    databaseReady: () => db.isReady(),
    databaseName: () => db.single('SELECT DATABASE() AS name', []).then((row) => String(row?.name ?? '')),
    now: () => Date.now(),
    warn: (message) => log.warn(message),
    info: (message) => log.info(message),
  });
  frameworks.live.watch((format, id) => changeFeed.liveChange(format, id));
  let stopping = false;
  // A health check still waiting on its probe when the resource stops is answered like a lookup.
  const health = async (): Promise<HealthReport | Failure> => {
    if (!stopping && db.isReady()) await Promise.all([db.probe(HEALTH_CHECK_MS), service.prepareFormats(HEALTH_CHECK_MS)]);
    return stopping ? resourceStopping() : healthReport(db.isHealthy(), service.availability(), service.vehicleAvailability(), version);
  };
  const api: Api = {
    health,
    openApi: () => OPENAPI_DOCUMENT,
    docsRenderer: () => docsRenderer(resourceName),
    operations: {
      citizen: (call) => service.lookup(formatOf(call), call.params.id, call.requestId),
      citizensByLicense: (call) => service.lookupByLicense(formatOf(call), call.params.license, call.requestId),
      vehicle: (call) => service.lookupVehicle(formatOf(call), call.params.plate, call.requestId),
      citizenVehicles: (call) => service.lookupCitizenVehicles(formatOf(call), call.params.id, call.requestId),
      presence: (call) => Promise.resolve(service.presence(formatOf(call), call.params.id)),
      search: (call) => service.search(formatOf(call), call.query, call.via, call.requestId),
      changes: (call) => changeFeed.answer(formatOf(call), call.query, call.via),
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
    void service.prepareFormats().then((done) => {
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
