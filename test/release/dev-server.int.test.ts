/**
 * `npm run dev` as a new user runs it: it starts, prints curl lines that answer 200 with records
 * (a search among them, which finds someone),
 * and Ctrl-C stops it and removes its throwaway database.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor } from '../../devkit/host/host-fixture';
import { rawRequest } from '../../devkit/host/http-client';

test('npm run dev answers its own curl lines and cleans up on Ctrl-C', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  delete env.MYSQL_URL;
  delete env.OXMYSQL_DIR;
  // Its own process group, as in a terminal, where Ctrl-C signals the whole foreground group.
  const child = spawn('npm', ['run', 'dev'], { cwd: resolve(__dirname, '../..'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    const ready = () => output.includes('Ctrl-C stops it');
    await waitFor(() => ready() || child.exitCode !== null, 'npm run dev to get ready or exit', 60_000, 100).catch(() => undefined);
    if (!ready()) throw new Error(`npm run dev did not get ready:\n${output}`);
    const dataDir = /throwaway mariadbd in (\S+)\)/.exec(output)?.[1];
    expect(dataDir && existsSync(dataDir)).toBe(true);
    const curls = output.split('\n').filter((line) => line.startsWith('curl '));
    expect(curls).toHaveLength(9);
    for (const line of curls) {
      const url = new URL(/'(http[^']+)'/.exec(line)![1]);
      const auth = /-H '([^:]+): ([^']+)'/.exec(line);
      const response = await rawRequest(url.origin, `${url.pathname}${url.search}`, { headers: auth ? [[auth[1], auth[2]]] : [] });
      expect({ line, status: response.answered && response.status }).toEqual({ line, status: 200 });
      const body = JSON.parse(response.answered ? response.body : '{}');
      if (url.pathname.includes('/citizens')) expect(body.success).toBe(true);
      if (url.pathname.includes('/players/')) expect({ line, citizens: body.data.length > 0 }).toEqual({ line, citizens: true });
      if (url.pathname.includes('/vehicles'))
        expect({ line, vehicles: body.success && JSON.stringify(body.data).includes('"plate"') }).toEqual({ line, vehicles: true });
      if (url.search) expect({ line, found: body.data.citizens.length > 0 }).toEqual({ line, found: true });
    }
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    // npm may exit on the signal before its child has finished cleaning up.
    await waitFor(() => output.includes('database removed'), 'the dev database to be removed', 20_000, 100).catch(() => undefined);
    expect(output).toContain('database removed');
    expect(existsSync(dataDir!)).toBe(false);
  } finally {
    // npm ends by the signal (exitCode stays null); kill what may be left of its group.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // ESRCH: the whole group is gone already.
    }
  }
}, 120_000);
