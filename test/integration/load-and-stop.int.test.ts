/**
 * Limits, slow queries and the stop, with the faults made on the database side (a table lock held
 * by a second connection), so they hold for any oxmysql: docs/design.md §4.
 */
import mysql from 'mysql2/promise';
import { waitFor } from '../../devkit/host/host-fixture';
import { rawRequest, type RawResponse } from '../../devkit/host/http-client';
import { ROOT, startHarness, TEST_KEY, type Harness } from '../../devkit/resource-harness';

/** The rows of forty-users.sql. */
const IDS = Array.from({ length: 40 }, (_, i) => `char1:${String(i).padStart(40, '0')}`);

/** A second connection holding a write lock on `users`: every read of it waits until release. */
async function lockUsers(h: Harness): Promise<() => Promise<void>> {
  const locker = await mysql.createConnection(h.db.url);
  await locker.query('LOCK TABLES `users` WRITE');
  return async () => {
    await locker.query('UNLOCK TABLES');
    await locker.end();
  };
}

/** Ids of this suite's statements reading `users` that MariaDB is running now (not `admin`'s own). */
async function usersReads(h: Harness, admin: mysql.Connection, onlyWaitingOnLock: boolean): Promise<number[]> {
  const [rows] = await admin.query(
    `SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID() AND INFO LIKE 'SELECT%FROM \`users\`%'${onlyWaitingOnLock ? " AND STATE LIKE '%lock%'" : ''}`,
    [h.db.name],
  );
  return (rows as Array<{ ID: number }>).map((row) => row.ID);
}

const code = (r: RawResponse) => (r.body === '' ? '' : (JSON.parse(r.body).error?.code ?? 'ok'));

/** A server allowing four lookups in flight, each for `dbTimeoutMs`, with both formats inspected. */
async function startLoadHarness(label: string, dbTimeoutMs: number): Promise<Harness> {
  const h = await startHarness(label, ['forty-users.sql'], {
    convars: { 'citizen_records:max_in_flight': '4', 'citizen_records:db_timeout_ms': String(dbTimeoutMs) },
  });
  expect((await h.request(`/alpha/citizens/${IDS[0]}`)).status).toBe(200);
  // Both formats inspected, so that the only queries left are lookups.
  expect(JSON.parse((await h.request('/health')).body).data.formats).toEqual({ alpha: 'available', beta: 'unavailable' });
  return h;
}

describe('the cap on lookups in flight', () => {
  let h: Harness;

  // The four queries must outlast the arrival of all 500 requests, which takes seconds on a busy
  // machine: a timeout far beyond that keeps them waiting on the lock, not answering 504.
  beforeAll(async () => {
    h = await startLoadHarness('load_cap', 30_000);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('500 concurrent requests for mixed ids: all answered, at most max_in_flight queries, identical ones sharing', async () => {
    const unlock = await lockUsers(h);
    const before = h.oxmysql.queriesAsked;
    const { counts } = h.host.gateway;
    const handedBefore = counts.handed;
    const answeredBefore = counts.answered;
    let resolved = 0;
    const requests = Array.from({ length: 500 }, (_, i) =>
      h.request(`/alpha/citizens/${IDS[i % 10]}`, { timeoutMs: 15_000 }).then((r) => {
        resolved++;
        return r;
      }),
    );
    // The lock holds until every request is in the resource's hands and every answer it gave (the
    // busy ones) has reached the client: the rest wait on the four queries.
    await waitFor(
      () => counts.handed - handedBefore === 500 && resolved === counts.answered - answeredBefore,
      'every request handed over and every busy answer received',
      15_000,
    );
    const waitingOnFour = 500 - resolved;
    await unlock();
    const answers = await Promise.all(requests);
    const byCode = new Map<string, number>();
    for (const a of answers) byCode.set(code(a), (byCode.get(code(a)) ?? 0) + 1);
    expect([...byCode.keys()].sort()).toEqual(['ok', 'server_busy']);
    expect(answers.filter((a) => a.status === 503).every((a) => a.headers['retry-after'] === '1')).toBe(true);
    // Four ids got in; every request for one of them shared its one query.
    expect(h.oxmysql.queriesAsked - before).toBe(4);
    expect(byCode.get('ok')).toBe(waitingOnFour);
    expect(waitingOnFour).toBeGreaterThanOrEqual(4);
  });
});

describe('slow queries', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startLoadHarness('load_slow', 2000);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a query held past db_timeout_ms answers 504 at the timeout; its late answer is ignored', async () => {
    const unlock = await lockUsers(h);
    const started = Date.now();
    const slow = await h.request(`/alpha/citizens/${IDS[20]}`, { timeoutMs: 10_000 });
    const took = Date.now() - started;
    expect({ status: slow.status, code: code(slow) }).toEqual({ status: 504, code: 'database_timeout' });
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(3000);
    await unlock();
    // The timed-out query finishes once the lock is gone; its answer comes back to be ignored.
    const admin = await mysql.createConnection(h.db.url);
    try {
      await waitFor(async () => (await usersReads(h, admin, false)).length === 0, 'the timed-out query to finish', 10_000, 20);
    } finally {
      await admin.end();
    }
    expect((await h.request(`/alpha/citizens/${IDS[20]}`)).status).toBe(200);
  });

  test('a query the database kills (KILL QUERY, as a restart does) answers 503 database_unavailable, logged once', async () => {
    const unlock = await lockUsers(h);
    const admin = await mysql.createConnection(h.db.url);
    try {
      const killedOnce = async (id: string) => {
        const waiting = h.request(`/alpha/citizens/${id}`, { timeoutMs: 10_000 });
        let victims: number[] = [];
        await waitFor(
          async () => {
            victims = await usersReads(h, admin, true);
            return victims.length > 0;
          },
          'the lookup to wait on the lock',
          2000,
          20,
        );
        expect(victims).toHaveLength(1);
        await admin.query(`KILL QUERY ${victims[0]}`);
        return waiting;
      };
      for (const id of [IDS[30], IDS[31]]) {
        const killed = await killedOnce(id);
        expect({ status: killed.status, code: code(killed), retryAfter: killed.headers['retry-after'] }).toEqual({
          status: 503,
          code: 'database_unavailable',
          retryAfter: '5',
        });
      }
      const logged = h.host.linesOf('citizen_records').filter((l) => l.includes('the database is unavailable'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/interrupted/i);
    } finally {
      await admin.end();
      await unlock();
    }
    expect((await h.request(`/alpha/citizens/${IDS[30]}`)).status).toBe(200);
  });
});

describe('stopping with lookups in flight', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('stop', ['forty-users.sql']);
    expect((await h.request(`/alpha/citizens/${IDS[0]}`)).status).toBe(200);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('every waiting request and export call is answered 503 resource_stopping, no timer is left, and it starts again', async () => {
    const unlock = await lockUsers(h);
    const handedBefore = h.host.gateway.counts.handed;
    const http = IDS.slice(1, 11).map((id) => h.request(`/alpha/citizens/${id}`, { timeoutMs: 10_000 }));
    const exported = IDS.slice(11, 21).map((id) => h.callExport('getAlphaCitizen', id));
    // Export calls reach the resource at once; the HTTP requests once the host hands them over.
    await waitFor(() => h.host.gateway.counts.handed - handedBefore === 10, 'the ten requests to reach the resource');
    expect(h.host.stopResource('citizen_records')).toBe(0);
    const answers = await Promise.all(http);
    for (const a of answers) {
      expect({ status: a.status, code: code(a), retryAfter: a.headers['retry-after'] }).toEqual({
        status: 503,
        code: 'resource_stopping',
        retryAfter: '5',
      });
    }
    for (const e of (await Promise.all(exported)) as Array<{ success: boolean; error: { code: string } }>) {
      expect(e).toMatchObject({ success: false, error: { code: 'resource_stopping' } });
    }
    // A stop is no fault: the lookups it abandons log nothing.
    expect(h.host.linesOf('citizen_records').filter((l) => /error|unavailable|failed/i.test(l))).toEqual([]);
    await unlock();

    h.host.startResource(ROOT, 'citizen_records');
    const again = await rawRequest(h.base, `/citizen_records/alpha/citizens/${IDS[5]}`, {
      headers: [['X-API-Key', TEST_KEY]],
      timeoutMs: 5000,
    });
    expect(again.answered && again.status).toBe(200);
  });
});
