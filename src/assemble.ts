/**
 * The wiring both entries share, the resource in the game server (src/server.ts) and the standalone
 * service (src/standalone/main.ts): from the configuration, a database and a live source, the
 * service with its cache and gates, /health, the API and its HTTP handler, the start-up inspection
 * of the tables, and the stop. Each entry brings only what its platform gives: the database adapter
 * (oxmysql, mysql2), the live source (the frameworks beside it, or the embedded resource over HTTP),
 * the renderer and document files, where the change feed keeps its state (or that it is served
 * elsewhere), and how HTTP reaches the handler.
 */
import { randomBytes } from 'node:crypto';
import { formatWatch } from './changes/format-watch';
import { startFeedService, type FeedHome } from './changes/service';
import type { Config } from './config/config';
import type { ScanningDatabase } from './db/database';
import type { FrameworkGroups } from './formats/format';
import type { VehicleCatalog } from './vehicles/catalog';
import { FORMATS } from './formats/registry';
import { createAuthenticator } from './http/auth';
import type { HttpRequest, HttpResponse } from './http/exchange';
import { createRequestHandler } from './http/handle-request';
import { burstFor, createRateLimiter } from './http/rate-limit';
import { createRequestIds } from './http/request-id';
import type { LiveSource } from './live/source';
import type { Logger } from './logger';
import { createLookupCache } from './lookup/cache';
import { resourceStopping, type Failure } from './lookup/envelope';
import { createLookupGate } from './lookup/gate';
import { unkept, type Outcome } from './lookup/outcome';
import { healthReport, type HealthReport, type ReplicaHealth } from './api/health';
import { formatOf, type Api, type OperationHandler } from './api/handlers';
import { availability, lookupFresh, lookupOperations, openService, prepareFormats, watchedTables, type Service } from './api/service';
import { createWarnOnce } from './api/warn-once';

/** How often start-up looks for the database's readiness, so the tables are inspected as soon as it connects. */
const PREPARE_POLL_MS = 100;
/** /health asks the database itself, and looks again for missing tables, at most this often. */
export const HEALTH_CHECK_MS = 5000;
/** The cache's bounds besides its TTL. */
const CACHE_MAX_ENTRIES = 2000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

export interface AssemblyOptions {
  config: Config;
  db: ScanningDatabase;
  live: LiveSource;
  /** Job and gang definitions, and the vehicles list, of a framework beside it; undefined without one. */
  groups(): FrameworkGroups | undefined;
  vehicles(): VehicleCatalog | undefined;
  /** The OpenAPI document as JSON text, and the renderer of /docs (read when first asked). */
  openApi(): string;
  docsRenderer(): string;
  version: string;
  log: Logger;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Where a replica stands, for /health (the standalone service on a replica); omitted elsewhere. */
  replica?(): Promise<ReplicaHealth | undefined>;
  /**
   * Where this process's change feed (src/changes) keeps its state and tells its batches; or, where
   * it does not serve the feed, what the feed's routes answer instead.
   */
  feed: FeedHome | { elsewhere: Failure };
}

/** What the change feed brings to the API: its operation, and its stop. */
interface FeedPart {
  changes: OperationHandler;
  stop(): void;
}

/**
 * The change feed of every enabled format: detection over the tables the lookups' prepare read,
 * the records as their routes answer them now (never cached), live entries from the live source's
 * events (a framework beside it; none from the standalone service's source), its state where
 * `home` says. Where it is served elsewhere, its routes answer that.
 */
function feedPart(options: {
  config: Config;
  db: ScanningDatabase;
  service: Service;
  log: Logger;
  home: AssemblyOptions['feed'];
}): FeedPart {
  const { config, db, service, log, home } = options;
  if ('elsewhere' in home) return { changes: () => Promise.resolve(unkept(home.elsewhere)), stop: () => undefined };
  const feed = startFeedService({
    ...home,
    on: config.changes,
    watches: Object.fromEntries(
      FORMATS.filter((f) => config.formats.has(f.name)).map((f) => [
        f.name,
        formatWatch({
          tables: () => watchedTables(service, f.name),
          changes: f.changes,
          run: (sql, params) => db.scan(sql, params, config.changesSweepTimeoutMs),
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
  return { changes: (call) => feed.answer(formatOf(call), call.query, call.via).then(unkept), stop: () => feed.stop() };
}

export interface Assembly {
  api: Api;
  handle(request: HttpRequest): Promise<HttpResponse>;
  /** Everything waiting is answered resource_stopping, every timer stops, the database closes. */
  stop(): void;
}

export function assemble(options: AssemblyOptions): Assembly {
  const { config, db, log, now } = options;
  const cache = createLookupCache<Outcome>({ ttlMs: config.cacheTtlMs, maxEntries: CACHE_MAX_ENTRIES, maxBytes: CACHE_MAX_BYTES, now });
  const gate = createLookupGate({ maxInFlight: config.maxInFlight, cache });
  const searchGate = createLookupGate({
    maxInFlight: config.searchMaxInFlight,
    cache,
    what: { noun: 'table scans (searches, and vehicle lookups no index serves)', convar: 'search_max_in_flight' },
  });
  const service = openService({
    db,
    formats: FORMATS,
    enabled: config.formats,
    formatOptions: {
      warn: createWarnOnce((message) => log.warn(message)),
      dobOrder: config.esxDobFormat,
      info: (message) => log.info(message),
      groups: options.groups,
      now: () => Date.now(),
      maxColumnBytes: config.maxColumnBytes,
      esxCharacterPrefix: config.esxCharacterPrefix,
      esxMaxCharacters: config.esxMaxCharacters,
      vehicles: options.vehicles,
    },
    gates: { lookup: gate, scan: searchGate },
    live: options.live,
    searchTimeoutMs: config.searchTimeoutMs,
    cursorSecret: randomBytes(32),
    now,
    logError: (message) => log.error(message),
  });
  let stopping = false;
  // A health check still waiting on its probe when the resource stops is answered like a lookup.
  const health = async (): Promise<HealthReport | Failure> => {
    const ready = !stopping && db.isReady();
    const [, , replica] = await Promise.all([
      ready && db.probe(HEALTH_CHECK_MS),
      ready && prepareFormats(service, HEALTH_CHECK_MS),
      ready ? options.replica?.() : undefined,
    ]);
    if (stopping) return resourceStopping();
    const { formats, vehicles } = availability(service);
    return healthReport({ databaseReady: db.isHealthy(), formats, vehicles, version: options.version, replica });
  };
  const feed = feedPart({ config, db, service, log, home: options.feed });
  const api: Api = {
    health,
    openApi: options.openApi,
    docsRenderer: options.docsRenderer,
    operations: { ...lookupOperations(service), changes: feed.changes },
  };
  const handle = createRequestHandler(api, {
    authenticator: createAuthenticator(config.apiKeys, config.allowAnonymous),
    rateLimiter: createRateLimiter({ perMinute: config.rateLimit, burst: burstFor(config.rateLimit), now }),
    corsOrigins: config.corsOrigins,
    newRequestId: createRequestIds(),
    now,
    log,
  });

  // Column detection needs the database, which may connect long after the start.
  let busy = false;
  const preparer = setInterval(() => {
    if (busy || !db.isReady()) return;
    busy = true;
    void prepareFormats(service).then((done) => {
      busy = false;
      if (done) clearInterval(preparer);
    });
  }, PREPARE_POLL_MS);

  return {
    api,
    handle,
    stop() {
      stopping = true;
      clearInterval(preparer);
      feed.stop();
      gate.stop();
      searchGate.stop();
      db.close();
    },
  };
}
