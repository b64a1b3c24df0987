/**
 * `npm run dev` as a new user meets it: every curl line its banner prints answers (so the banner
 * cannot drift from the routes or the demo data), the README's searches find people, vehicles are
 * found, the demo citizen is live, the key is not rate-limited, the console is clean; a port that
 * is taken is named or avoided; and Ctrl-C, at any moment, leaves no mariadbd and no data folder.
 *
 * Each run gets a TMPDIR of its own: the throwaway mariadbd's folder is made there, so "nothing
 * left" is that folder being empty and no process naming it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from '../../devkit/host/host-fixture';
import { rawRequest, type RawResponse } from '../../devkit/host/http-client';

const ROOT = resolve(__dirname, '../..');

interface Demo {
  child: ChildProcess;
  tmp: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the demo in a process group of its own, as a terminal runs it (Ctrl-C signals the whole group). */
function startDemo(command: 'npm' | 'node', env: NodeJS.ProcessEnv = {}): Demo {
  const tmp = mkdtempSync(join(tmpdir(), 'dev-server-test-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, ...env };
  for (const name of ['MYSQL_URL', 'OXMYSQL_DIR', ...(env.PORT ? [] : ['PORT'])]) delete childEnv[name];
  const args = command === 'npm' ? ['run', 'dev'] : ['scripts/run-ts.cjs', 'scripts/dev.ts'];
  const child = spawn(command === 'npm' ? 'npm' : process.execPath, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, tmp, output: () => output, exited };
}

/** The processes whose command line names `dir` (a mariadbd started on a folder in it). */
function processesNaming(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (args.includes(dir)) found.push(`${pid}: ${args}`);
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** Sends Ctrl-C to the demo's group and waits for the demo to say it stopped. */
async function interrupt(demo: Demo): Promise<void> {
  process.kill(-demo.child.pid!, 'SIGINT');
  await demo.exited;
  // npm may exit on the signal before its child has finished cleaning up.
  await waitFor(() => demo.output().includes('demo stopped'), 'the demo to stop', 20_000, 50).catch(() => undefined);
}

/** Nothing of the demo is left: no process names its TMPDIR, no folder is left in it. */
async function expectNothingLeft(demo: Demo): Promise<void> {
  await waitFor(() => processesNaming(demo.tmp).length === 0, 'the demo and its mariadbd to end', 10_000, 50).catch(() => undefined);
  expect(processesNaming(demo.tmp)).toEqual([]);
  expect(readdirSync(demo.tmp)).toEqual([]);
}

function cleanUp(demo: Demo): void {
  try {
    process.kill(-demo.child.pid!, 'SIGKILL');
  } catch {
    // ESRCH: the whole group is gone already.
  }
  rmSync(demo.tmp, { recursive: true, force: true });
}

/** A server holding `port` on 127.0.0.1 (0: any free one); null when something else holds it already. */
function holdPort(port: number): Promise<Server | null> {
  return new Promise((resolveServer, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolveServer(null) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolveServer(server));
  });
}

const close = (server: Server | null) => new Promise((r) => (server ? server.close(r) : r(undefined)));

test('PORT names a taken port: the demo names it and exits 1 at once, leaving nothing', async () => {
  const held = (await holdPort(0))!;
  const port = (held.address() as { port: number }).port;
  const demo = startDemo('node', { PORT: String(port) });
  try {
    expect(await demo.exited).toBe(1);
    expect(demo.output()).toContain(`port ${port} (PORT=${port}) is taken`);
    expect(demo.output()).toContain('PORT=0 picks a free one');
    await expectNothingLeft(demo);
  } finally {
    cleanUp(demo);
    await close(held);
  }
}, 30_000);

test('Ctrl-C while mariadbd is starting stops the demo and removes mariadbd and its folder', async () => {
  const demo = startDemo('node', { PORT: '0' });
  try {
    await waitFor(
      () => processesNaming(demo.tmp).some((p) => p.includes('mariadbd ')) || demo.child.exitCode !== null,
      'the throwaway mariadbd to start',
      30_000,
      20,
    );
    expect({ exitCode: demo.child.exitCode, ready: demo.output().includes('demo ready') }).toEqual({ exitCode: null, ready: false });
    await interrupt(demo);
    expect(demo.output()).toContain('citizen_records demo stopped; database removed');
    await expectNothingLeft(demo);
  } finally {
    cleanUp(demo);
  }
}, 60_000);

/** One banner line run as curl would: the key of the export line, the URL, and `-i`. */
async function runCurl(line: string, key: string): Promise<RawResponse> {
  const url = new URL(/'(http[^']+)'/.exec(line)![1]);
  const auth = /-H "Authorization: Bearer \$KEY"/.test(line);
  const response = await rawRequest(url.origin, `${url.pathname}${url.search}`, {
    headers: auth ? [['Authorization', `Bearer ${key}`]] : [],
  });
  if (!response.answered) throw new Error(`${line}: no answer (${response.reason})`);
  return response;
}

/** What each example must find in the demo data: by the end of its URL. */
const FINDS: Array<[RegExp, (body: any, response: RawResponse) => unknown, unknown]> = [
  [/\/beta\/citizens\/KQW48213$/, (body, r) => [r.headers['x-record-source'], body.data.money.cash], ['live', 1250]],
  [/\/presence$/, (body) => body.data, { online: true, server_id: 7 }],
  [/\/alpha\/players\/.*\/citizens$/, (body) => body.data.map((c: any) => c.firstname).sort(), ['Ada', 'Ben', 'Dana']],
  [/\/beta\/players\/.*\/citizens$/, (body) => body.data.map((c: any) => c.citizenid).sort(), ['KQW48213', 'PZT90517']],
  [
    /alpha\/citizens\?name=smith$/,
    (body) => body.data.citizens.map((c: any) => `${c.firstname} ${c.lastname}`),
    ['Smith Johnson', 'John Smith', 'JOHN SMITHERS'],
  ],
  [/alpha\/citizens\?name=jo\+smi&dob=1990-05-14$/, (body) => body.data.citizens.map((c: any) => c.lastname), ['Smith']],
  [
    /beta\/citizens\?name=smith$/,
    (body) => body.data.citizens.map((c: any) => `${c.charinfo.firstname} ${c.charinfo.lastname}`).sort(),
    ['Jonah Smith', 'Sarah Smithfield', 'Smith Jovanović'],
  ],
  [/alpha\/citizens\?phone=555-0147$/, (body) => body.data.citizens.map((c: any) => c.firstname), ['Lena']],
  [/beta\/citizens\?phone=415-555-0101$/, (body) => body.data.citizens.map((c: any) => c.citizenid), ['DMO00001']],
  [/\/alpha\/vehicles\/abc%20123$/, (body) => [body.data.plate, body.data.owner_name], ['ABC 123', 'Lena Kowalczyk']],
  [/\/beta\/vehicles\/lspd042$/, (body) => [body.data.plate, body.data.owner_name], ['LSPD 042', 'Jonah Smith']],
  [/\/beta\/citizens\/KQW48213\/vehicles$/, (body) => body.data.length > 0 && body.data.every((v: any) => v.owner === 'KQW48213'), true],
  [/\/alpha\/citizens\/char1:7c1f[0-9a-f]+$/, (body) => [body.data.firstname, body.data.job], ['Lena', 'police']],
  [/\/health$/, (body) => body.data.status, 'ok'],
];

test('npm run dev on a taken 30120: another port; every banner line answers, finds what it shows and warns of nothing; Ctrl-C removes everything', async () => {
  // Held by this test, or by something else already: taken either way.
  const held = await holdPort(30120);
  const demo = startDemo('npm');
  try {
    const ready = () => demo.output().includes('Ctrl-C stops it');
    await waitFor(() => ready() || demo.child.exitCode !== null, 'npm run dev to get ready or exit', 60_000, 50).catch(() => undefined);
    if (!ready()) throw new Error(`npm run dev did not get ready:\n${demo.output()}`);
    const beforeBanner = demo.output().slice(0, demo.output().indexOf('citizen_records demo ready'));
    const banner = demo.output().slice(beforeBanner.length);

    expect(banner).toContain('port 30120 is taken');
    const url = /demo ready at (\S+)/.exec(banner)![1];
    expect(new URL(url).port).not.toBe('30120');
    // The console: whole channel names, no raw colour codes, the start-up warning before the banner.
    expect(beforeBanner).toContain('[script:citizen_records] citizen_records 0.1.0 started');
    expect(demo.output()).not.toMatch(/\^[0-9]/);
    expect(beforeBanner).toMatch(/Warning: table owned_vehicles has no index on owner/);

    const key = /^export KEY=([0-9a-f]+)$/m.exec(banner)![1];
    const curls = banner.split('\n').filter((line) => line.startsWith('curl '));
    expect(curls.length).toBe(FINDS.length);
    for (const line of curls) {
      const response = await runCurl(line, key);
      expect({ line, status: response.status }).toEqual({ line, status: 200 });
      const path = /'(http[^']+)'/.exec(line)![1];
      const finds = FINDS.filter(([pattern]) => pattern.test(path));
      expect({ line, examples: finds.length }).toEqual({ line, examples: 1 });
      const [, found, expected] = finds[0];
      expect({ line, found: found(JSON.parse(response.body), response) }).toEqual({ line, found: expected });
    }
    for (const link of [`${url}/docs`, `${url}/openapi.json`]) {
      expect({ link, status: (await runCurl(`curl '${link}'`, key)).status }).toEqual({ link, status: 200 });
    }
    // The default limit (600 a minute, bursts of 100) would answer the eleventh search 429.
    const search = curls.find((line) => line.includes('name=smith'))!;
    for (let i = 0; i < 15; i++) expect((await runCurl(search, key)).status).toBe(200);

    const afterBanner = demo.output().slice(beforeBanner.length + banner.length);
    expect(afterBanner.split('\n').filter((line) => /Warning|Error|unreadable/.test(line))).toEqual([]);

    await interrupt(demo);
    expect(demo.output()).toContain('citizen_records demo stopped; database removed');
    await expectNothingLeft(demo);
  } finally {
    cleanUp(demo);
    await close(held);
  }
}, 120_000);
