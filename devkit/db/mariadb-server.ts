/**
 * A MariaDB server for the integration tests: the one named by MYSQL_URL, or a throwaway
 * `mariadbd` with its own data dir, socket and free port, removed afterwards.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';

export interface ThrowawayServer {
  url: string;
  /** The server's own folder (data, socket), removed by stop(). */
  dir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function findBinary(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`${name} not found: install MariaDB (apt-get install mariadb-server) or set MYSQL_URL`);
}

/** Retries `attempt` until it resolves, for at most 60 s, until mariadbd exits or the start is called off. */
async function whileStarting<T>(child: ChildProcess, log: () => string, attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    signal?.throwIfAborted();
    if (child.exitCode !== null) throw new Error(`mariadbd exited with ${child.exitCode}:\n${log()}`);
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`mariadbd did not start in 60 s: ${String(error)}\n${log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Ends mariadbd (if it ever started) and removes its folder: nothing of it is left. */
async function removeServer(child: ChildProcess | null, dir: string): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    // A throwaway server's data is deleted next, so there is nothing to shut down cleanly; and
    // mariadbd ignores SIGINT, which a terminal's Ctrl-C sends it along with npm run dev.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  child?.stdout?.destroy();
  child?.stderr?.destroy();
  rmSync(dir, { recursive: true, force: true });
}

export interface ThrowawayOptions {
  /**
   * `--innodb-buffer-pool-size` (e.g. `3G`); 64M by default, which the suites need no more than.
   * The bench's large data set is more than a gigabyte a table: a pool that holds it measures a
   * scan that reads memory rather than disk.
   */
  bufferPoolSize?: string;
  /**
   * Calls the start off (npm run dev's Ctrl-C): mariadbd is killed and its folder removed, and the
   * start rejects with the signal's reason. A start that fails otherwise leaves nothing behind either.
   */
  signal?: AbortSignal;
  /** More mariadbd options: a primary's binary log and server id, a replica's (devkit/db/replication.ts). */
  serverArgs?: string[];
}

export async function startThrowawayServer(options: ThrowawayOptions = {}): Promise<ThrowawayServer> {
  const { signal } = options;
  signal?.throwIfAborted();
  const dir = mkdtempSync(join(tmpdir(), 'citizen-records-mariadb-'));
  let child: ChildProcess | null = null;
  const kill = () => child?.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  try {
    const launched = await launch(dir, options);
    child = launched.child;
    return await ready({ ...launched, dir, signal });
  } catch (error) {
    await removeServer(child, dir);
    throw error;
  } finally {
    signal?.removeEventListener('abort', kill);
  }
}

/** Makes the data folder and starts mariadbd on it. */
async function launch(
  dir: string,
  { bufferPoolSize = '64M', signal, serverArgs = [] }: ThrowawayOptions,
): Promise<{ child: ChildProcess; port: number }> {
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const userArgs = asRoot ? ['--user=root'] : [];

  await promisify(execFile)(
    findBinary('mariadb-install-db'),
    ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...userArgs],
    { signal },
  );
  signal?.throwIfAborted();
  const child = spawn(
    findBinary('mariadbd'),
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--socket=${join(dir, 'mysqld.sock')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${join(dir, 'mariadbd.pid')}`,
      '--skip-name-resolve',
      // The suites, the bench's own tests and their pools share this one server: room beyond the default 151.
      '--max-connections=1000',
      `--innodb-buffer-pool-size=${bufferPoolSize}`,
      '--innodb-log-file-size=16M',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_general_ci',
      ...serverArgs,
      ...userArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { child, port };
}

/** Waits until mariadbd answers on TCP as root@127.0.0.1. */
async function ready({
  child,
  port,
  dir,
  signal,
}: {
  child: ChildProcess;
  port: number;
  dir: string;
  signal?: AbortSignal;
}): Promise<ThrowawayServer> {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  // --skip-name-resolve makes TCP root@127.0.0.1 a different account from root@localhost, so the
  // first connection goes over the socket to create it.
  await whileStarting(
    child,
    () => output,
    async () => {
      const c = await mysql.createConnection({ socketPath: join(dir, 'mysqld.sock'), user: 'root' });
      await c.query("CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'");
      await c.query("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
      await c.end();
    },
    signal,
  );
  const url = `mysql://root@127.0.0.1:${port}`;
  await whileStarting(
    child,
    () => output,
    async () => (await mysql.createConnection(url)).end(),
    signal,
  );

  return { url, dir, stop: () => removeServer(child, dir) };
}
