/**
 * The built standalone service, `node dist/standalone.js`, as a child process of a suite or the
 * bench: configured by environment variables only (the suite's own, nothing inherited but PATH and
 * TZ), on a free port it reports at start, its output kept for the suite to read; started once it
 * listens and its /health says the database is connected.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { waitFor } from './host/host-fixture';
import { rawRequest, type RawRequest, type RawResponse } from './host/http-client';

export const STANDALONE_SCRIPT = resolve(__dirname, '../dist/standalone.js');

export interface StandaloneInstance {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Everything it wrote, stdout and stderr, in order. */
  output(): string;
  /** A request under the resource's prefix; fails the test when nothing answers. */
  request(path: string, options?: RawRequest): Promise<RawResponse>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, and waits for the exit: a crash, as a load balancer meets it. */
  kill(): Promise<void>;
}

const LISTENING = /standalone listening on [^:]+:(\d+)/;

export async function startStandalone(env: Record<string, string>): Promise<StandaloneInstance> {
  const child = spawn(process.execPath, [STANDALONE_SCRIPT], {
    env: { PATH: process.env.PATH ?? '', ...(process.env.TZ ? { TZ: process.env.TZ } : {}), CITIZEN_RECORDS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`dist/standalone.js exited with ${child.exitCode}:\n${output}`);
        return LISTENING.test(output);
      },
      'the standalone service to listen',
      15_000,
      20,
    );
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  const base = `http://127.0.0.1:${LISTENING.exec(output)?.[1]}`;
  // It listens before its pool's first connection; a load balancer waits for /health, and so does this.
  const connected = async () => {
    const health = await rawRequest(base, '/citizen_records/health');
    return health.answered && JSON.parse(health.body).data.database === 'connected';
  };
  try {
    await waitFor(connected, 'the standalone service to connect to its database', 15_000, 20);
  } catch (error) {
    await end('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  }
  return {
    child,
    base,
    output: () => output,
    async request(path, options) {
      const response = await rawRequest(base, `/citizen_records${path}`, options);
      if (!response.answered) throw new Error(`GET ${path} got no answer from the standalone service: ${response.reason}`);
      return response;
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
