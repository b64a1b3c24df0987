/**
 * The standalone service as it is meant to run: two instances (`node dist/standalone.js`) on a
 * read replica that MariaDB's own replication keeps, the embedded resource (the devkit host, a
 * qb-core stand-in in a real Lua VM with one citizen online) on the primary. A write on the primary
 * reaches both instances once replicated; an online citizen's presence and live record come from
 * the game server; a game server that does not answer leaves the database answering with one
 * warning; a replica that stops or falls behind makes /health degraded with its lag; the database
 * lost and back; one instance killed, the other answers. The change feed is served by the one
 * instance given a state directory (`a`): it reports the primary's writes as the replica receives
 * them, and a consumer's cursor goes on across its restart; the other (`b`) answers 501 naming it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplicatedPair, type ReplicatedPair } from '../../devkit/db/replication';
import { TcpRelay } from '../../devkit/db/tcp-relay';
import { waitFor } from '../../devkit/host/host-fixture';
import type { RawResponse } from '../../devkit/host/http-client';
import { changeKey, feedConsumer } from '../../devkit/feed-consumer';
import { Framework } from '../../devkit/lua/frameworks';
import { storedRow } from '../../devkit/lua/frameworks/rows';
import { startHarness, TEST_KEY, type Harness } from '../../devkit/resource-harness';
import { startStandalone, type StandaloneInstance } from '../../devkit/standalone';

const ONLINE = 'KQW48213';
const OFFLINE = 'PZT90517';
const KEY: Array<[string, string]> = [['Authorization', `Bearer ${TEST_KEY}`]];

let pair: ReplicatedPair;
let h: Harness;
let framework: Framework;
let player: number;
let relay: TcpRelay;
/** Two instances behind a load balancer, `a` serving the change feed; `unreachableGame` is told a game server that is not there. */
let a: StandaloneInstance;
/** `a`'s environment, to start it again on the same state. */
let aEnv: Record<string, string>;
let stateDir: string;
let b: StandaloneInstance;
let unreachableGame: StandaloneInstance;

const body = (response: RawResponse) => JSON.parse(response.body);
const health = async (instance: StandaloneInstance) => {
  const response = await instance.request('/health');
  return { status: response.status, data: body(response).data };
};

beforeAll(async () => {
  pair = await startReplicatedPair();
  h = await startHarness('standalone_replicas', ['qbcore.sql'], { convars: { onesync: 'on' } }, {}, { server: pair.primary.url });
  framework = await Framework.start(h.host, 'qb-core-2026-05');
  player = framework.loadPlayer(await storedRow(h.db.admin, 'players', 'citizenid', ONLINE), { source: 7 });
  await pair.caughtUp();
  const replicaUrl = new URL(h.db.url);
  replicaUrl.port = new URL(pair.replica.url).port;
  // The instance that meets a lost database reaches the replica through a relay the suite can cut.
  relay = new TcpRelay('127.0.0.1', Number(replicaUrl.port));
  await relay.listen();
  const common = {
    CITIZEN_RECORDS_API_KEYS: `harness:${TEST_KEY}`,
    CITIZEN_RECORDS_RATE_LIMIT: '1000000',
    CITIZEN_RECORDS_CACHE_TTL_MS: '0',
    CITIZEN_RECORDS_REPLICA_MAX_LAG_S: '1',
    CITIZEN_RECORDS_DB_TIMEOUT_MS: '1500',
    CITIZEN_RECORDS_GAME_URL: h.base,
    CITIZEN_RECORDS_GAME_KEY: TEST_KEY,
  };
  stateDir = mkdtempSync(join(tmpdir(), 'cr-standalone-feed-'));
  aEnv = {
    ...common,
    CITIZEN_RECORDS_DATABASE_URL: replicaUrl.toString(),
    CITIZEN_RECORDS_STATE_DIR: stateDir,
    // The shortest the contract allows, so the suite waits seconds, not minutes.
    CITIZEN_RECORDS_CHANGES_POLL_MS: '1000',
    CITIZEN_RECORDS_CHANGES_SWEEP_MS: '5000',
  };
  [a, b, unreachableGame] = await Promise.all([
    startStandalone(aEnv),
    startStandalone({ ...common, CITIZEN_RECORDS_DATABASE_URL: relay.urlFor(replicaUrl.toString()) }),
    // Port 9 (discard) on loopback: nothing listens there, so every request is refused at once.
    startStandalone({ ...common, CITIZEN_RECORDS_DATABASE_URL: replicaUrl.toString(), CITIZEN_RECORDS_GAME_URL: 'http://127.0.0.1:9' }),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), unreachableGame?.stop()]);
  await relay?.close();
  await h?.close();
  await pair?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** A consumer of the feed `a` serves (whichever process `a` is now). */
const feed = feedConsumer((path) => a.request(path, { headers: KEY }));
/** The consumer's cursor, kept from one test to the next as a consumer keeps it. */
let cursor: string;

test('a write on the primary is seen through both instances once replicated', async () => {
  await h.db.admin.query("UPDATE players SET charinfo = JSON_SET(charinfo, '$.phone', '5550100') WHERE citizenid = ?", [OFFLINE]);
  await pair.caughtUp();
  for (const instance of [a, b]) {
    const answer = await instance.request(`/beta/citizens/${OFFLINE}`, { headers: KEY });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-record-source']).toBe('database');
    expect(body(answer).data.charinfo.phone).toBe('5550100');
  }
  const [[row]] = (await pair.replicaAdmin.query(
    `SELECT JSON_VALUE(charinfo, '$.phone') AS phone FROM \`${h.db.name}\`.players WHERE citizenid = ?`,
    [OFFLINE],
  )) as unknown as [[{ phone: string }]];
  expect(row.phone).toBe('5550100');
});

test("the feed served by one instance on the replica reports the primary's writes; the other answers 501 naming it", async () => {
  const snapshot = await feed.syncAll(null, 50);
  expect(snapshot.seen.map(changeKey).sort()).toEqual([`upsert citizen ${ONLINE}`, `upsert citizen ${OFFLINE}`]);
  await h.db.admin.query("UPDATE players SET job = JSON_SET(job, '$.grade.level', 2) WHERE citizenid = ?", [OFFLINE]);
  const updated = await feed.until(snapshot.next, (seen) => seen.length > 0);
  expect(updated.seen.map(changeKey)).toEqual([`upsert citizen ${OFFLINE}`]);
  expect(updated.seen[0].source).toBe('database');
  cursor = updated.next;

  const elsewhere = await b.request('/beta/changes', { headers: KEY });
  expect(elsewhere.status).toBe(501);
  expect(body(elsewhere).error.code).toBe('format_unavailable');
  expect(body(elsewhere).error.message).toContain('CITIZEN_RECORDS_STATE_DIR');
});

test("the instance serving the feed restarted on its state: the consumer's cursor goes on, with what changed while it was down", async () => {
  // SIGTERM: the state is saved at stop, whole, and nothing half-written is left beside it.
  await a.stop();
  expect(readdirSync(stateDir).sort()).toEqual(['changes-kept.dat', 'changes-state.dat']);
  expect(readFileSync(join(stateDir, 'changes-state.dat'), 'utf8')).toMatch(/^citizen_records-changes 2 /);
  await h.db.admin.query(
    `INSERT INTO players (citizenid, cid, license, name, money, charinfo, job, gang, position, metadata, inventory)
     SELECT 'NEW00001', cid, license, 'While Down', money, charinfo, job, gang, position, metadata, inventory FROM players WHERE citizenid = ?`,
    [OFFLINE],
  );
  a = await startStandalone(aEnv);
  const after = await feed.until(cursor, (seen) => seen.some((c) => c.id === 'NEW00001'));
  // The change made while down, and nothing delivered before the stop again.
  expect(after.seen.map(changeKey)).toEqual(['upsert citizen NEW00001']);
  await h.db.admin.query("DELETE FROM players WHERE citizenid = 'NEW00001'");
  const deleted = await feed.until(after.next, (seen) => seen.length > 0);
  expect(deleted.seen.map(changeKey)).toEqual(['delete citizen NEW00001']);
});

test('an online citizen: presence and his live record come from the game server, as it answers them', async () => {
  framework.setMoney(player, 'cash', 4321);
  const presence = await a.request(`/beta/citizens/${ONLINE}/presence`, { headers: KEY });
  expect(body(presence).data).toEqual({ online: true, server_id: 7 });
  const [fromGame, viaService] = await Promise.all([
    h.request(`/beta/citizens/${ONLINE}`),
    a.request(`/beta/citizens/${ONLINE}`, { headers: KEY }),
  ]);
  expect(viaService.headers['x-record-source']).toBe('live');
  expect(body(viaService).data.money.cash).toBe(4321);
  expect(viaService.body).toBe(fromGame.body);
  expect(viaService.headers.etag).toBe(fromGame.headers.etag);
  // An offline citizen's presence is the game server's answer too.
  expect(body(await b.request(`/beta/citizens/${OFFLINE}/presence`, { headers: KEY })).data).toEqual({ online: false, server_id: null });
});

test('the game server not answering: the database answers, X-Record-Source database, one warning, no 500', async () => {
  for (let i = 0; i < 3; i++) {
    const answer = await unreachableGame.request(`/beta/citizens/${ONLINE}`, { headers: KEY });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-record-source']).toBe('database');
    expect(body(answer).data.citizenid).toBe(ONLINE);
  }
  const presence = await unreachableGame.request(`/beta/citizens/${ONLINE}/presence`, { headers: KEY });
  expect(presence.status).toBe(200);
  expect(body(presence).data).toEqual({ online: false, server_id: null });
  expect(unreachableGame.output().match(/the game server at \S+ does not answer/g)).toHaveLength(1);
});

test('replication stopped: /health degraded, not replicating, no lag to tell; back once it runs', async () => {
  expect(await health(a)).toMatchObject({ status: 200, data: { status: 'ok', replica: { replicating: true, lag_s: 0, max_lag_s: 1 } } });
  await pair.stopReplication();
  await waitFor(async () => (await health(a)).status === 503, '/health to say degraded', 10_000, 100);
  expect((await health(a)).data).toMatchObject({ status: 'degraded', database: 'connected', replica: { replicating: false, lag_s: null } });
  // Records are still answered, from what the replica holds.
  expect((await a.request(`/beta/citizens/${OFFLINE}`, { headers: KEY })).status).toBe(200);
  await pair.startReplication();
  await waitFor(async () => (await health(a)).status === 200, '/health to say ok again', 10_000, 100);
});

test('a replica that falls behind: /health degraded with its lag past replica_max_lag_s', async () => {
  await pair.startReplication(3600);
  await h.db.admin.query("UPDATE players SET name = 'late write' WHERE citizenid = ?", [OFFLINE]);
  await waitFor(async () => ((await health(b)).data.replica?.lag_s ?? 0) > 1, 'the lag to pass 1 s', 15_000, 100);
  const late = await health(b);
  expect(late).toMatchObject({ status: 503, data: { status: 'degraded', replica: { replicating: true, max_lag_s: 1 } } });
  expect(late.data.replica.lag_s).toBeGreaterThan(1);
  await pair.startReplication(0);
  await pair.caughtUp();
  await waitFor(async () => (await health(b)).status === 200, '/health to say ok again', 10_000, 100);
});

test('the database lost and back: 503 or 504 meanwhile, never a 500, and records again after', async () => {
  await relay.refuse();
  await waitFor(async () => (await health(b)).data.database === 'unavailable', 'the lost database to show', 10_000, 100);
  const lost = await b.request(`/beta/citizens/${OFFLINE}`, { headers: KEY });
  expect([503, 504]).toContain(lost.status);
  expect(body(lost).error.code).toMatch(/^database_(unavailable|timeout)$/);
  await relay.restore();
  await waitFor(async () => (await b.request(`/beta/citizens/${OFFLINE}`, { headers: KEY })).status === 200, 'records again', 15_000, 100);
});

test('one instance killed: the other answers', async () => {
  await a.kill();
  expect(a.child.signalCode).toBe('SIGKILL');
  const answer = await b.request(`/beta/citizens/${OFFLINE}`, { headers: KEY });
  expect(answer.status).toBe(200);
  expect(body(answer).data.citizenid).toBe(OFFLINE);
});
