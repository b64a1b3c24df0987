/**
 * The standalone service, `node dist/standalone.js` (docs/standalone.md): the same core as the
 * resource in the game server, wired by the same module (src/assemble.ts), outside it. mysql2 reads
 * the database (the game's, or a read replica of it), node:http serves the routes under the same
 * prefix, the embedded resource answers what only the game's memory knows (when game_url is set),
 * and /health tells a replica's lag. Lookups are stateless: any number of instances behind a load
 * balancer. The change feed has state: the one instance given a state directory serves it, the
 * others answer its routes 501 (docs/standalone.md#the-change-feed).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { assemble, type AssemblyOptions } from '../assemble';
import { createMysql2Database } from '../db/mysql2';
import { DOCS_RENDERER_FILE, OPENAPI_FILE } from '../http/docs-page';
import { NO_LIVE_SOURCE } from '../live/source';
import { fail } from '../lookup/envelope';
import { createLogger, type Logger } from '../logger';
import { VERSION } from '../version';
import { createGameLiveSource, GAME_TIMEOUT_MS } from './game-live';
import { listen } from './http-server';
import { watchReplica } from './replica';
import { readSettings, SettingsError, variableOf, type StandaloneSettings } from './settings';
import { stateDirHome } from './state-dir';

/** What the change feed's routes answer on an instance that does not serve it: 501, and where to ask instead. */
const FEED_ELSEWHERE = fail(
  'format_unavailable',
  `The change feed is not served by this instance: ask the one standalone instance given ${variableOf('state_dir')} ` +
    '(its /citizen_records/{format}/changes), or the game server. Its cursors are valid only where its state is.',
);

/**
 * Where this instance's change feed lives: its state directory, or elsewhere. Told at start, with
 * what the feed here cannot see: the game's memory (no live entries, with or without game_url).
 */
function feedHome(settings: StandaloneSettings, log: Logger): AssemblyOptions['feed'] {
  if (settings.stateDir === null) {
    log.info(`change feed: not served here (no ${variableOf('state_dir')}); its routes answer 501`);
    return { elsewhere: FEED_ELSEWHERE };
  }
  const home = stateDirHome(settings.stateDir, (m) => log.warn(m));
  if (settings.config.changes)
    log.info(
      `change feed: served here, its state in ${settings.stateDir}; database detection only (no live entries: ` +
        "what the game holds in memory reaches it when the game saves it, or from the game server's own feed)",
    );
  return home;
}

/**
 * A file the resource reads from its folder (the OpenAPI document, /docs's renderer), read here
 * from the same place: this script is the folder's dist/standalone.js.
 */
function shipped(file: string, what: string): string {
  const path = join(dirname(__dirname), file);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${path} is missing, and ${what} needs it: install the release zip whole, or run npm run build`);
  }
}

async function main(): Promise<void> {
  const settings = readSettings(process.env, process.argv.slice(2));
  const { config } = settings;
  const log = createLogger(config.logLevel);
  // Configuration mistakes are shown whatever log_level says: they are why the service misbehaves.
  for (const problem of settings.problems) console.warn(problem);
  if (config.allowAnonymous)
    console.warn(`anonymous access is ON (${variableOf('allow_anonymous')}): anyone who reaches this port reads records`);
  else if (config.apiKeys.length === 0)
    console.warn(`no API key is configured, so the record routes answer 401: set ${variableOf('api_keys')}="name:<key>"`);

  const now = () => performance.now();
  const feed = feedHome(settings, log);
  const db = createMysql2Database({ connection: settings.connection, timeoutMs: config.dbTimeoutMs, now, log: (m) => log.info(m) });
  const live =
    settings.game && config.liveRecords
      ? createGameLiveSource({ ...settings.game, timeoutMs: GAME_TIMEOUT_MS, warn: (m) => log.warn(m), info: (m) => log.info(m), now })
      : NO_LIVE_SOURCE;
  if (live === NO_LIVE_SOURCE)
    log.info(
      `no game server (${variableOf('game_url')}, ${variableOf('game_key')}): records come from the database, presence answers offline`,
    );
  const { handle, stop } = assemble({
    config,
    db,
    live,
    // No framework beside it: job and gang labels, and vehicle labels, are what the database and the built-in model list give.
    groups: () => undefined,
    vehicles: () => undefined,
    openApi: () => shipped(OPENAPI_FILE, '/openapi.json'),
    docsRenderer: () => shipped(DOCS_RENDERER_FILE, '/docs'),
    version: VERSION,
    log,
    now,
    replica: watchReplica({ show: db.show, maxLagS: config.replicaMaxLagS, warn: (m) => log.warn(m), now }),
    feed,
  });
  const server = await listen(handle, { port: settings.port, host: settings.host, log: (m) => log.error(m) });
  log.info(
    `citizen_records ${VERSION} standalone listening on ${settings.host}:${server.port}; formats: ${[...config.formats].join(', ')}`,
  );

  // A stop answers what waits (503 resource_stopping), saves the feed's state, lets the answers out, and ends the pool.
  const shutdown = () => {
    stop();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? `citizen_records cannot start: ${error.message}` : error);
  process.exit(1);
});
