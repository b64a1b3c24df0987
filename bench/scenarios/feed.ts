/**
 * The change feed (issue 26) as the main thread carries it; the database time of one sweep is
 * `changes.ts`'s. Each figure is the server process's CPU, as every scenario's:
 *
 * - **idle**: a window of 60 s on the `feed` server (the defaults: a poll every 5 s, a sweep every
 *   60 s) while nothing changes; its CPU over 60 s is the idle feed's share of one core, the bench's
 *   other idle host included (an upper bound). Run it alone (BENCH_ONLY), so no other feed runs.
 * - **sweeps**: on `feed-sweeps` (a sweep every 5 s, no poll), one lookup waits for four detection
 *   passes (two sweeps of each format, counted from the feed's debug line; polls are off there): its CPU over 4 is one
 *   format's whole sweep on the main thread, idle (detection, the comparison, the timers).
 * - **snapshot**: a page of 50 citizens with `include=record` against the 50 record lookups of the
 *   same citizens, both through the exports from a bench resource, pages spread over the table by
 *   cursors its setup collected; the target is the page's CPU at most that of the 50 lookups (50×
 *   one lookup of that scenario, whose "lookup" is all 50).
 * - **latency**: from a write to a waiting long poll answering: an offline QBCore citizen's row
 *   written through oxmysql (seen by the poll on `players.last_updated`, here every 1 s, the least
 *   `changes_poll_ms` allows; each write comes just after a poll, so this is the worst case: add
 *   4 s at the default 5 s), and an online one's job changed in a qb-core stand-in that fires
 *   `QBCore:Server:OnJobUpdate` (the live path).
 */
import { betaId } from '../citizens';
import { callExport, defineScenario, defineServer, type Lookup, type ServerContext } from '../registry';
import { ONLINE, playerData, QB_CORE, startFramework } from './live';

const BENCH = 'feed_bench';
/** Citizens per snapshot page. */
const PAGE = 50;
/** The detection passes one sweeps lookup waits for: a sweep of each format, twice. */
const PASSES = 4;
/**
 * The idle window: 60 s holds one sweep at the default changes_sweep_ms. A quick run (fewer than
 * the smallest data set's 10,000 citizens, as bench/run.int.test.ts makes) checks that the scenarios
 * run, not their figures, and waits 5 s and one sweep.
 */
const quick = (l: Lookup) => l.citizens < 10_000;
const windowMs = (l: Lookup) => (quick(l) ? 5000 : 60_000);

/**
 * The bench's consumer: exports a window (`idle`), a snapshot page and the same page as lookups,
 * the passes of the feed (`passes`, counted by the server process from the feed's debug line),
 * and the two latencies. `pages` are collected once by `walk` (a snapshot without records), each
 * page's ids as one string: this resource lives in the server process, and 200,000 id strings
 * kept there would weigh on every collection of its heap, in every figure of the process.
 */
const FEED_BENCH = (offline: string[], online: string[]) => `
  const FEED = { alpha: 'getAlphaChanges', beta: 'getBetaChanges' };
  const CITIZEN = { alpha: 'getAlphaCitizen', beta: 'getBetaCitizen' };
  const OFFLINE = ${JSON.stringify(offline)};
  const ONLINE = ${JSON.stringify(online)};
  const pages = { alpha: [], beta: [] };
  const ask = (format, query) => Promise.resolve(exports.citizen_records[FEED[format]](query));
  const from = (cursor, query) => (cursor === null ? query : { cursor, ...query });
  /** Asks again while the feed has not read the tables yet (its first sweep after start). */
  const askReady = async (format, query) => {
    for (;;) {
      const answer = await ask(format, query);
      if (answer.success) return answer;
      if (answer.error.code !== 'database_unavailable') throw new Error(JSON.stringify(answer.error));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  globalThis.walk = async (format) => {
    for (let cursor = null; ; ) {
      const answer = await askReady(format, from(cursor, { limit: ${PAGE} }));
      const citizens = answer.data.changes.filter((c) => c.kind === 'citizen');
      if (citizens.length < ${PAGE}) return pages[format].length;
      pages[format].push({ cursor, ids: citizens.map((c) => c.id).join('\\n') });
      cursor = answer.data.next;
    }
  };
  exports('idle', (ms) => new Promise((resolve) => setTimeout(() => resolve({ success: true }), ms)));
  exports('page', async (format, k) => {
    const { cursor, ids: joined } = pages[format][k % pages[format].length];
    const ids = joined.split('\\n');
    const answer = await ask(format, from(cursor, { limit: ${PAGE}, include: 'record' }));
    const whole = answer.success && answer.data.changes.every((c, i) => c.id === ids[i] && c.record);
    return { success: whole && answer.data.changes.length === ${PAGE} };
  });
  exports('lookups', async (format, k) => {
    const { ids } = pages[format][k % pages[format].length];
    const answers = await Promise.all(ids.split('\\n').map((id) => exports.citizen_records[CITIZEN[format]](id)));
    return { success: answers.every((a) => a.success) };
  });
  // The passes told so far, and who waits for how many (the server process counts them: passDone).
  let passes = 0;
  let waiting = [];
  globalThis.passDone = () => {
    passes += 1;
    for (const w of waiting) if (passes >= w.until) w.resolve({ success: true });
    waiting = waiting.filter((w) => passes < w.until);
  };
  exports('passes', (n) => new Promise((resolve) => waiting.push({ until: passes + n, resolve })));
  // The latencies: one consumer's cursor, kept from call to call, at the end of the log.
  let cursor = null;
  let written = 0;
  const seen = async (id) => {
    for (;;) {
      const answer = await ask('beta', from(cursor, { wait: 30 }));
      if (!answer.success) throw new Error(JSON.stringify(answer.error));
      cursor = answer.data.next;
      const change = answer.data.changes.find((c) => c.id === id);
      if (change) return change;
    }
  };
  globalThis.catchUp = async () => {
    for (;;) {
      const answer = await askReady('beta', from(cursor, { limit: 500 }));
      cursor = answer.data.next;
      if (answer.data.changes.length < 500) return;
    }
  };
  exports('afterWrite', async (k) => {
    const id = OFFLINE[k % OFFLINE.length];
    written += 1;
    const change = seen(id);
    await new Promise((resolve) => exports.oxmysql.update('UPDATE players SET cid = ? WHERE citizenid = ?', [1000 + written, id], resolve));
    return { success: (await change).source === 'database' };
  });
  exports('afterEvent', async (k) => {
    const source = 1 + (k % ${ONLINE});
    written += 1;
    const change = seen(ONLINE[source - 1]);
    exports['qb-core'].benchSetJob(source, 'job' + written);
    return { success: (await change).source === 'live' };
  });`;

/** The qb-core stand-in of live.ts, and a job change as qb-core's SetJob makes it: the player's job, then its event. */
const QB_CORE_WITH_JOBS = `${QB_CORE(Array.from({ length: ONLINE }, (_, i) => playerData(i)))}
  exports('benchSetJob', (source, name) => {
    const player = bySource.get(source);
    player.PlayerData.job = { ...player.PlayerData.job, name };
    TriggerEvent('QBCore:Server:OnJobUpdate', source, player.PlayerData.job);
  });`;

/** Starts the bench consumer in `server`, counting the feed's detection passes into it. */
function startBench(server: ServerContext): void {
  const ids = (from: number) => Array.from({ length: ONLINE }, (_, i) => betaId(from + i));
  server.startScript(BENCH, FEED_BENCH(ids(ONLINE), ids(0)));
  const passDone = server.host.evaluate(BENCH, 'passDone') as () => void;
  const print = server.host.print.bind(server.host);
  server.host.print = (channel, text) => {
    if (channel === 'script:citizen_records' && / sweep done in /.test(text)) passDone();
    print(channel, text);
  };
}

const walk = (server: ServerContext, format: string) => (server.host.evaluate(BENCH, 'walk') as (f: string) => Promise<number>)(format);

const FEED_ON = { 'citizen_records:changes': 'true', 'citizen_records:log_level': 'debug' };

defineServer({
  name: 'feed',
  convars: FEED_ON,
  async setup(server) {
    startBench(server);
    for (const format of ['alpha', 'beta']) await walk(server, format);
  },
});
defineServer({
  name: 'feed-sweeps',
  convars: { ...FEED_ON, 'citizen_records:changes_sweep_ms': '5000', 'citizen_records:changes_poll_ms': '3600000' },
  async setup(server) {
    startBench(server);
    // The first sweep of each format (a fresh state: every row read) is done before the blocks.
    for (const format of ['alpha', 'beta']) await walk(server, format);
  },
});
defineServer({
  name: 'feed-live',
  convars: { ...FEED_ON, 'citizen_records:changes_poll_ms': '1000' },
  async setup(server) {
    await startFramework(server, 'qb-core', QB_CORE_WITH_JOBS);
    startBench(server);
    await (server.host.evaluate(BENCH, 'catchUp') as () => Promise<void>)();
  },
});

defineScenario({
  name: 'change feed idle, 60 s window',
  server: 'feed',
  concurrency: 1,
  lookups: 1,
  request: (l) => callExport(BENCH, 'idle', windowMs(l)),
});
defineScenario({
  name: `change feed sweeps, idle, ${PASSES} passes`,
  server: 'feed-sweeps',
  concurrency: 1,
  lookups: 1,
  request: (l) => callExport(BENCH, 'passes', quick(l) ? 1 : PASSES),
});
defineScenario({
  name: `change feed ${PAGE} record lookups, exports c1`,
  server: 'feed',
  concurrency: 1,
  lookups: 20,
  request: (l) => callExport(BENCH, 'lookups', l.format, l.index),
});
defineScenario({
  name: `change feed snapshot page of ${PAGE} include=record, exports c1`,
  server: 'feed',
  concurrency: 1,
  lookups: 20,
  request: (l) => callExport(BENCH, 'page', l.format, l.index),
  compare: [{ with: `change feed ${PAGE} record lookups, exports c1`, targets: { cpu: 1 } }],
});
defineScenario({
  name: 'change feed latency, database write to long poll (QBCore poll 1 s)',
  server: 'feed-live',
  concurrency: 1,
  lookups: 5,
  request: (l) => callExport(BENCH, 'afterWrite', l.i + 5 * (l.block + 1)),
});
defineScenario({
  name: 'change feed latency, framework event to long poll (qb-core OnJobUpdate)',
  server: 'feed-live',
  concurrency: 1,
  lookups: 5,
  request: (l) => callExport(BENCH, 'afterEvent', l.i + 5 * (l.block + 1)),
});
