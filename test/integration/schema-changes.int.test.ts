/**
 * The schema changing under a running resource (docs/design.md §4): a dropped column is re-detected on
 * the failing lookup, which is retried once; a table created after start is found again by
 * /health (at most every 5 s) without a restart. The database down at start answers at once.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import { loadFixture, startHarness, type Harness } from '../../devkit/resource-harness';

const ALPHA_ID = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';

describe('schema changes while running', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('schema_change', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a column dropped while running: the next lookup re-reads the table and answers 200 with that field defaulted', async () => {
    const first = JSON.parse((await h.request(`/alpha/citizens/${ALPHA_ID}`)).body);
    expect(first.data.job).toBe('mechanic');
    await h.db.admin.query('ALTER TABLE `users` DROP COLUMN `job`');
    const after = await h.request(`/alpha/citizens/${ALPHA_ID}`);
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).data.job).toBe('unemployed');
    expect((await h.callExport('getAlphaCitizen', ALPHA_ID)) as object).toMatchObject({ success: true, data: { job: 'unemployed' } });
  });

  test('a table created after start is served after the next /health look, without a restart', async () => {
    const health = JSON.parse((await h.request('/health')).body);
    expect(health.data.formats.beta).toBe('unavailable');
    expect((await h.request('/beta/citizens/KQW48213')).status).toBe(501);
    await loadFixture(h.db, 'qbcore.sql');
    const formats = async () => JSON.parse((await h.request('/health')).body).data.formats;
    // /health looks for a missing table again at most every 5 s: asked every 100 ms until it has.
    await waitFor(async () => (await formats()).beta === 'available', 'health to find the players table', 10_000, 100);
    expect((await formats()).beta).toBe('available');
    expect((await h.request('/beta/citizens/KQW48213')).status).toBe(200);
  }, 15_000);
});

describe('schema changes that make no query fail', () => {
  let h: Harness;
  const lookup = async () => JSON.parse((await h.request(`/alpha/citizens/${ALPHA_ID}`)).body).data;
  /**
   * /health compares the tables at most every 5 s and prepares the format again in the background;
   * lookups after that use what it found. Asks /health every 100 ms until `seen` holds.
   */
  const afterNextLook = (seen: () => Promise<boolean>) =>
    waitFor(
      async () => {
        await h.request('/health');
        return seen();
      },
      'health to find the changed columns',
      10_000,
      100,
    );

  beforeAll(async () => {
    h = await startHarness('schema_quiet', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'], {
      convars: { 'citizen_records:max_column_bytes': '1024' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a column renamed away and back, widened past max_column_bytes, or turned into a BLOB is read as it now is', async () => {
    expect((await lookup()).job).toBe('mechanic');
    await h.db.admin.query('ALTER TABLE `users` RENAME COLUMN `job` TO `job_x`');
    expect((await lookup()).job).toBe('unemployed');
    await h.db.admin.query('ALTER TABLE `users` RENAME COLUMN `job_x` TO `job`');
    await afterNextLook(async () => (await lookup()).job === 'mechanic');
    expect((await lookup()).job).toBe('mechanic');

    const accounts = (await lookup()).accounts;
    expect(accounts.bank).toBeGreaterThan(0);
    await h.db.admin.query('ALTER TABLE `users` MODIFY `accounts` LONGBLOB');
    await h.db.admin.query('ALTER TABLE `users` MODIFY `firstname` LONGTEXT');
    await h.db.admin.query("UPDATE `users` SET `firstname` = REPEAT('x', 200000) WHERE `identifier` = ?", [ALPHA_ID]);
    await afterNextLook(async () => (await lookup()).firstname === '');
    const now = await lookup();
    expect(now.accounts).toEqual(accounts);
    expect(now.firstname).toBe('');
    expect(h.host.linesOf('citizen_records').some((l) => l.includes('firstname') && l.includes('max_column_bytes'))).toBe(true);
    expect((await h.callExport('getAlphaCitizen', ALPHA_ID)) as object).toMatchObject({ success: true, data: { firstname: '', accounts } });
  }, 30_000);
});

describe('the database down at start', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('down_at_start', [], {}, { reachable: false }, { waitForOxmysql: false });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('lookups and health answer 503 in well under a second', async () => {
    const started = Date.now();
    const lookup = await h.request(`/alpha/citizens/${ALPHA_ID}`);
    expect(lookup.status).toBe(503);
    expect(JSON.parse(lookup.body).error.code).toBe('database_unavailable');
    expect(((await h.callExport('getBetaCitizen', 'ABC123')) as { error: { code: string } }).error.code).toBe('database_unavailable');
    const health = await h.request('/health');
    expect(health.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
