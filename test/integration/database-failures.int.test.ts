/**
 * What callers see when the database misbehaves, and when a format is switched off: every
 * request is answered, with the documented code, and health tells the truth.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import type { RealOxmysql } from '../../devkit/oxmysql/real-oxmysql';
import { realOxmysqlUnderTest, startHarness, type Harness } from '../../devkit/resource-harness';

const ID = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';

describe('the database lost after start, and back', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('db_lost', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'], {
      convars: { 'citizen_records:db_timeout_ms': '300' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('lookups answer 504 database_timeout, health turns 503 degraded, and both recover', async () => {
    expect((await h.request(`/alpha/citizens/${ID}`)).status).toBe(200);

    await h.oxmysql.loseConnection();
    const lost = await h.request(`/alpha/citizens/${ID}`);
    expect(lost.status).toBe(504);
    expect(JSON.parse(lost.body).error.code).toBe('database_timeout');
    const viaExport = (await h.callExport('getAlphaCitizen', ID)) as { error: { code: string } };
    expect(viaExport.error.code).toBe('database_timeout');
    const health = await h.request('/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body).data).toMatchObject({ status: 'degraded', database: 'unavailable' });

    // docs/platform.md#lost-database-and-other-failures: v2.14.1 asks for a connection outside
    // its try block, so a refused one is an unhandled rejection inside oxmysql; the host puts it
    // down to oxmysql, not to us.
    const oxmysqlViolations = h.host.takeViolations();
    expect(oxmysqlViolations.length).toBeGreaterThan(0);
    for (const v of oxmysqlViolations)
      expect(v).toMatchObject({ resource: 'oxmysql', kind: 'unhandled-rejection', detail: expect.stringMatching(/ECONNREFUSED/) });

    await h.oxmysql.restoreConnection();
    expect((await h.request(`/alpha/citizens/${ID}`)).status).toBe(200);
    const healed = await h.request('/health');
    expect(healed.status).toBe(200);
    expect(JSON.parse(healed.body).data).toMatchObject({ status: 'ok', database: 'connected' });
  });
});

describe('a health check waiting on its probe when the resource stops', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('health_stop', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'], {
      convars: { 'citizen_records:db_timeout_ms': '10000' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('is answered 503 resource_stopping over HTTP and through getHealth, not a stale "ok"', async () => {
    expect((await h.request(`/alpha/citizens/${ID}`)).status).toBe(200);
    await h.oxmysql.loseConnection();
    const handedBefore = h.host.gateway.counts.handed;
    const http = h.request('/health', { timeoutMs: 8000 });
    const exported = h.callExport('getHealth');
    // The export call is in at once; the HTTP one once the host has handed it to the resource.
    await waitFor(() => h.host.gateway.counts.handed - handedBefore === 1, 'the /health request to reach the resource');
    h.host.stopResource('citizen_records');
    const answer = await http;
    expect({ status: answer.status, code: JSON.parse(answer.body).error?.code, retryAfter: answer.headers['retry-after'] }).toEqual({
      status: 503,
      code: 'resource_stopping',
      retryAfter: '5',
    });
    expect(await exported).toMatchObject({ success: false, error: { code: 'resource_stopping' } });
    await h.oxmysql.restoreConnection();
    h.host.takeViolations(); // the real oxmysql's own unhandled ECONNREFUSED, as above
  });
});

// A database that stops answering: the stand-in has no wire to hold, so this runs against the real
// oxmysql only, with the relay holding every byte between it and MariaDB.
if (realOxmysqlUnderTest()) {
  describe('the database stalls after start, and answers again', () => {
    let h: Harness;

    beforeAll(async () => {
      h = await startHarness('db_stall', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'], {
        convars: { 'citizen_records:db_timeout_ms': '300' },
      });
    });
    afterEach(() => expect(h.ownViolations()).toEqual([]));
    afterAll(() => h.close());

    test('lookups answer 504 database_timeout while stalled; the late answers are ignored and lookups recover', async () => {
      expect((await h.request(`/alpha/citizens/${ID}`)).status).toBe(200);

      (h.oxmysql as RealOxmysql).stall();
      const stalled = await h.request(`/alpha/citizens/${ID}`);
      expect(stalled.status).toBe(504);
      expect(JSON.parse(stalled.body).error.code).toBe('database_timeout');
      expect((await h.request('/health')).status).toBe(503);

      (h.oxmysql as RealOxmysql).resume();
      const again = await h.request(`/alpha/citizens/${ID}`);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body).data.identifier).toBe(ID);
      expect((await h.request('/health')).status).toBe(200);
    });
  });
}

describe('a format switched off by convar', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('format_off', ['qbcore.sql'], { convars: { 'citizen_records:formats': 'alpha' } });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a bad id is still 400 invalid_id: the id is checked before the format', async () => {
    const response = await h.request('/beta/citizens/bad!id');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error.code).toBe('invalid_id');
  });

  test('a valid id is 501 format_unavailable naming the convar, and health says disabled', async () => {
    const response = await h.request('/beta/citizens/KQW48213');
    expect(response.status).toBe(501);
    const error = JSON.parse(response.body).error;
    expect(error.code).toBe('format_unavailable');
    expect(error.message).toContain('citizen_records:formats');
    const health = JSON.parse((await h.request('/health')).body);
    expect(health.data.formats.beta).toBe('disabled');
  });
});
