/**
 * npm run dev: citizen_records on a local FXServer stand-in (the test host) at 127.0.0.1:30120, or
 * on a free port when that one is taken (PORT names a port to insist on; 0 picks a free one), with
 * oxmysql (the release OXMYSQL_DIR names, else the stand-in), the demo database (devkit/demo.ts)
 * on a throwaway mariadbd (or the server MYSQL_URL names) and one citizen online through the
 * qb-core stand-in. Prints the key to export and ready-to-paste curl lines, every one of which
 * test/release/dev-server.int.test.ts runs. Ctrl-C, at any moment, stops everything and removes
 * the database.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startThrowawayServer } from '../devkit/db/mariadb-server';
import { createTestDatabase, type TestDatabase } from '../devkit/db/test-database';
import { DEMO, DEMO_PLAYER, loadDemoData, logInDemoPlayer } from '../devkit/demo';
import { consoleLines } from '../devkit/host/console-format';
import { FxHost } from '../devkit/host/fx-host';
import { waitFor } from '../devkit/host/host-fixture';
import { realOxmysqlDir } from '../devkit/oxmysql/real-oxmysql';
import { copyResource, startOxmysql } from '../devkit/resource-harness';

const ROOT = resolve(__dirname, '..');
/** FXServer's own default port, as the README's examples write it. */
const DEFAULT_PORT = 30120;
/** The demo key's limit: the default 600 a minute is about 60 searches (each costs 10). */
const DEMO_RATE_LIMIT = 1_000_000;

/** A start-up failure the user can act on: printed as it is, without a stack. */
class DevError extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What start-up has made so far, undone last first whenever the demo stops, however far it got. */
class Teardown {
  private readonly steps: Array<{ what: string; undo: () => unknown }> = [];

  add(what: string, undo: () => unknown): void {
    this.steps.push({ what, undo });
  }

  /** Runs every step, even after one fails; true when all succeeded. */
  async run(): Promise<boolean> {
    let clean = true;
    for (const { what, undo } of this.steps.splice(0).reverse()) {
      try {
        await undo();
      } catch (error) {
        clean = false;
        console.error(`npm run dev could not ${what}: ${messageOf(error)}`);
      }
    }
    return clean;
  }
}

interface Started {
  url: string;
  key: string;
  /** Where the database is, for the banner. */
  where: string;
  oxmysql: string;
  /** Said before the banner when the demo could not take port 30120. */
  portNotice: string | null;
}

/** The port PORT asks for, or null: 30120, else a free one. */
function requestedPort(): number | null {
  const value = process.env.PORT;
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new DevError(`PORT=${value} is not a port (0 to 65535; 0 picks a free one)`);
  return port;
}

/** Listens on PORT, or on 30120 and else a free port; a PORT that is taken ends the demo. */
async function listenOnDemoPort(host: FxHost): Promise<{ base: string; notice: string | null }> {
  const asked = requestedPort();
  const port = asked ?? DEFAULT_PORT;
  try {
    return { base: await host.listen(port), notice: null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' || asked !== null) {
      const why = code === 'EADDRINUSE' ? 'is taken (another FXServer, or a demo still running?)' : `cannot be used: ${messageOf(error)}`;
      throw new DevError(
        `port ${port} (PORT=${process.env.PORT ?? port}) ${why}. Stop what holds it, or choose another PORT (PORT=0 picks a free one).`,
      );
    }
    const base = await host.listen(0);
    const notice = `port ${DEFAULT_PORT} is taken (a local FXServer, or another demo?), so this demo listens on ${new URL(base).port}: use that port in the README's examples`;
    return { base, notice };
  }
}

/** Waits for `condition`, or until the demo is stopped (then rejects with the stop). */
async function until(condition: () => boolean | Promise<boolean>, what: string, signal: AbortSignal, limitMs = 30_000): Promise<void> {
  await waitFor(async () => signal.aborted || (await condition()), what, limitMs, 50);
  signal.throwIfAborted();
}

/** The demo database on a throwaway mariadbd, or on the server of MYSQL_URL. */
async function startDatabase(teardown: Teardown, signal: AbortSignal): Promise<{ db: TestDatabase; where: string }> {
  let where = 'the server of MYSQL_URL';
  if (!process.env.MYSQL_URL) {
    const mariadb = await startThrowawayServer({ signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new DevError(
        `npm run dev needs MariaDB: ${messageOf(error)}\n` +
          'Install it (Debian/Ubuntu: sudo apt-get install mariadb-server; macOS: brew install mariadb), ' +
          'or point MYSQL_URL at a server where this user may CREATE and DROP databases, e.g. MYSQL_URL=mysql://root@127.0.0.1:3306',
      );
    });
    teardown.add('stop the throwaway mariadbd and remove its folder', () => mariadb.stop());
    process.env.MYSQL_URL = mariadb.url;
    where = `a throwaway mariadbd in ${mariadb.dir}`;
  }
  const db = await createTestDatabase('dev');
  teardown.add(`drop the database ${db.name}`, () => db.drop());
  signal.throwIfAborted();
  await loadDemoData(db);
  return { db, where: `database ${db.name} on ${where}` };
}

/**
 * Waits until the health check has inspected every format's tables (so their notes and warnings
 * come before the banner) and the resource has found the qb-core stand-in's player online. Asked
 * through the exports, so the console's request log starts with the user's own requests.
 */
async function whenReady(host: FxHost, signal: AbortSignal): Promise<void> {
  const ask = async (name: string, ...args: unknown[]): Promise<string> => {
    try {
      return JSON.stringify(await host.callExport('citizen_records', 'citizen_records', name, ...args));
    } catch {
      return ''; // its exports are not registered yet
    }
  };
  const inspected = async () => {
    const health = await ask('getHealth');
    return health.includes('"status":"ok"') && !health.includes('"pending"');
  };
  await until(inspected, 'citizen_records to inspect its tables', signal);
  await until(
    async () => (await ask('getBetaPresence', DEMO_PLAYER.citizenid)).includes('"online":true'),
    'citizen_records to find the demo player online',
    signal,
  );
}

/** Everything, in order; each part is handed to `teardown` as soon as it exists. */
async function start(teardown: Teardown, signal: AbortSignal): Promise<Started> {
  const key = randomBytes(24).toString('hex');
  const ansi = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const host = new FxHost({
    convars: {
      'citizen_records:api_keys': `dev:${key}`,
      'citizen_records:rate_limit': String(DEMO_RATE_LIMIT),
      'citizen_records:log_level': 'debug',
      // The demo citizen's ped position is read through OneSync's entity natives.
      onesync: 'on',
    },
    echoConsole: (channel, text) => process.stdout.write(consoleLines(channel, text, { ansi })),
  });
  teardown.add('stop the test host', () => host.close());
  const { base, notice } = await listenOnDemoPort(host);
  console.log(`npm run dev: building, then starting MariaDB, oxmysql, the qb-core stand-in and citizen_records on ${base}`);
  execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  signal.throwIfAborted();
  const { db, where } = await startDatabase(teardown, signal);

  const realDir = realOxmysqlDir();
  const oxmysql = await startOxmysql(host, db.url, {}, realDir);
  // First undone: the real oxmysql answers its connections closing with errors the host must still take.
  teardown.add('close oxmysql', () => oxmysql.close());
  await until(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', signal);
  await logInDemoPlayer(host, db);
  // A copy of the built resource in the temp folder: the change feed saves its state in the
  // resource's folder, which must not be the checkout.
  const resourceDir = copyResource();
  teardown.add('remove the resource copy', () => rmSync(resourceDir, { recursive: true, force: true }));
  host.startResource(resourceDir, 'citizen_records');
  await whenReady(host, signal);
  return {
    url: `${base}/citizen_records`,
    key,
    where,
    oxmysql: realDir ? `the release in ${realDir}` : 'the stand-in',
    portNotice: notice,
  };
}

/** The curl lines: `comment` lines start with `#`; the ones without a key are the public routes. */
function exampleLines(url: string): string[] {
  const curl = (path: string, { withKey = true, headers = false } = {}) =>
    `curl -s${headers ? 'i' : ''} ${withKey ? '-H "Authorization: Bearer $KEY" ' : ''}'${url}${path}'`;
  return [
    '# a citizen by id: ESX users.identifier (alpha), QBCore citizenid (beta; she is online, -i shows X-Record-Source: live)',
    curl(`/alpha/citizens/${DEMO.alphaCitizen}`),
    curl(`/beta/citizens/${DEMO.betaCitizen}`, { headers: true }),
    curl(`/beta/citizens/${DEMO.betaCitizen}/presence`),
    "# a player's characters, by license",
    curl(`/alpha/players/${DEMO.alphaLicense}/citizens`),
    curl(`/beta/players/${DEMO.betaLicense}/citizens`),
    '# search: each word starts the first or the last name; dob narrows; phone ignores spaces and dashes',
    curl('/alpha/citizens?name=smith'),
    curl('/alpha/citizens?name=jo+smi&dob=1990-05-14'),
    curl('/beta/citizens?name=smith'),
    curl('/alpha/citizens?phone=555-0147'),
    curl('/beta/citizens?phone=415-555-0101'),
    "# vehicles: by plate (case and spacing ignored), and a citizen's",
    curl('/alpha/vehicles/abc%20123'),
    curl('/beta/vehicles/lspd042'),
    curl(`/beta/citizens/${DEMO.betaCitizen}/vehicles`),
    '# no key needed',
    curl('/health', { withKey: false }),
  ];
}

function banner({ url, key, where, oxmysql, portNotice }: Started): string {
  return [
    '',
    `citizen_records demo ready at ${url}`,
    ...(portNotice ? [`  ${portNotice}`] : []),
    `  ${where}; oxmysql: ${oxmysql}`,
    `  online: Zoë Brandt (beta ${DEMO_PLAYER.citizenid}), player ${DEMO_PLAYER.source} on the qb-core stand-in, with ${DEMO_PLAYER.cash} cash in memory (742 stored): her record is live`,
    `  the demo key "dev" may make ${DEMO_RATE_LIMIT.toLocaleString('en')} requests a minute (the default limit is 600; a search costs 10)`,
    '',
    `export KEY=${key}`,
    ...exampleLines(url),
    '',
    `the API for people, in a browser: ${url}/docs (for programs: ${url}/openapi.json)`,
    'Ctrl-C stops it and removes the database.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const teardown = new Teardown();
  const abort = new AbortController();
  let starting: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    abort.abort(new DevError('stopped'));
    // The step under way ends (a throwaway mariadbd being started is killed and removed) and hands
    // over what it made; then everything made is undone.
    await starting.catch(() => undefined);
    const clean = await teardown.run();
    const said = clean ? 'citizen_records demo stopped; database removed' : 'citizen_records demo stopped, not cleanly (above)';
    process.stdout.write(`${said}\n`, () => process.exit(clean ? code : 1));
  };
  const fail = (error: unknown) => {
    console.error(error instanceof DevError ? `npm run dev: ${error.message}` : error);
    void stop(1);
  };
  // Ctrl-C in a terminal signals the whole group, mariadbd too, which ignores SIGINT: it is killed in stop().
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // Before the host takes these events over: what its resources did not raise still comes here.
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  const started = start(teardown, abort.signal);
  starting = started;
  try {
    console.log(banner(await started));
  } catch (error) {
    if (!abort.signal.aborted) fail(error);
  }
}

void main();
