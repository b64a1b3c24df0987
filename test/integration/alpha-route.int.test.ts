/**
 * Format alpha end to end: ESX `users` tables of five generations in MariaDB, read through the
 * oxmysql stand-in by the built bundle, over HTTP and through the export from a second resource.
 * Expected values follow the stored rows (docs/frameworks.md#test-rows) and docs/design.md §3.1.
 */
import { alphaRecordSchema } from '../../src/formats/alpha/schema';
import { alphaUserQuery, selectAlphaColumns, USER_INVENTORY_QUERY } from '../../src/formats/alpha/query';
import { readTableColumns } from '../../src/db/table-columns';
import { directDatabase } from '../../devkit/db/direct-database';
import { REQUEST_ID, startHarness, type Harness } from '../../devkit/resource-harness';
import { bothWays, codeOf, dataOf, errorOf, withoutRequestId, type AnswerOf } from '../../devkit/both-ways';

/** GET over HTTP and the export from the caller resource; both envelopes, the HTTP status. */
const lookBoth = (h: Harness, id: string) => bothWays(h, `/alpha/citizens/${encodeURIComponent(id)}`, 'getAlphaCitizen', id);

describe('alpha on ESX Legacy 1.9–1.12 (default inventory, skinchanger skin)', () => {
  let h: Harness;
  const id = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';

  beforeAll(async () => {
    h = await startHarness('alpha_legacy19', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('the record over HTTP equals the export and passes the schema', async () => {
    const { status, http, viaExport } = await lookBoth(h, id);
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(http.success).toBe(true);
    const record = alphaRecordSchema.parse(dataOf(http));
    expect(record).toMatchObject({
      identifier: id,
      firstname: 'Tomas',
      lastname: 'Reyes',
      dateofbirth: '1991-11-03',
      sex: 'm',
      height: 181,
      job: 'mechanic',
      job_grade: 1,
      group: 'user',
      accounts: { money: 430, bank: 12650, black_money: 0 },
      metadata: { health: 175, armor: 0 },
      position: { x: -211.38299560546875, y: -1324.63525390625, z: 30.89039421081543 },
      is_dead: false,
      disabled: false,
      phone_number: '',
    });
    expect(record.inventory).toEqual([
      { name: 'bandage', count: 3, slot: 1 },
      { name: 'bread', count: 4, slot: 2 },
      { name: 'phone', count: 1, slot: 3 },
      { name: 'water', count: 2, slot: 4 },
    ]);
    expect(record.loadout).toEqual([
      { name: 'WEAPON_FLASHLIGHT', ammo: 0 },
      { name: 'WEAPON_KNIFE', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 48 },
    ]);
    expect(record.status).toEqual([
      { name: 'hunger', val: 498200, percent: 49.82 },
      { name: 'thirst', val: 377600, percent: 37.76 },
    ]);
  });

  test('the skinchanger skin comes out converted with the migration mapping', async () => {
    const { http } = await lookBoth(h, id);
    const skin = alphaRecordSchema.parse(dataOf(http)).skin;
    expect(skin.model).toBe('mp_m_freemode_01');
    expect(skin.eyeColor).toBe(3);
    expect(skin.hair).toEqual({ style: 12, color: 3, highlight: 0 });
    expect(skin.headBlend).toEqual({ shapeFirst: 21, shapeSecond: 4, shapeMix: 0.5, skinFirst: 21, skinSecond: 4, skinMix: 0.5 });
    const component = (componentId: number) => skin.components.find((c) => c.component_id === componentId);
    expect(component(11)).toEqual({ component_id: 11, drawable: 86, texture: 2 });
    expect(component(4)).toEqual({ component_id: 4, drawable: 24, texture: 5 });
    expect(component(6)).toEqual({ component_id: 6, drawable: 10, texture: 0 });
    expect(component(8)).toEqual({ component_id: 8, drawable: 15, texture: 0 });
    expect(skin.props.find((p) => p.prop_id === 0)).toEqual({ prop_id: 0, drawable: -1, texture: 0 });
    expect(skin.tattoos).toEqual([]);
  });

  test('a license: id finds the bare stored license', async () => {
    const { status, http } = await lookBoth(h, `license:${id}`);
    expect(status).toBe(200);
    expect(dataOf(http).identifier).toBe(id);
  });

  test('an unknown id is 404 citizen_not_found, the same through the export', async () => {
    const { status, http, viaExport } = await lookBoth(h, 'char1:0000000000000000000000000000000000000000');
    expect(status).toBe(404);
    expect(errorOf(http).code).toBe('citizen_not_found');
    expect(errorOf(http).requestId).toMatch(REQUEST_ID);
    expect(viaExport).toEqual(withoutRequestId(http));
  });

  test('the lookup query uses the primary key', async () => {
    const db = directDatabase(h.db.admin);
    const columns = await readTableColumns(db, 'users');
    const sql = alphaUserQuery(selectAlphaColumns(columns as NonNullable<typeof columns>), 4_194_304);
    const [plan] = await h.db.admin.query(`EXPLAIN ${sql}`, [id]);
    const rows = plan as Array<{ key: string | null; type: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toBe('PRIMARY');
    expect(['const', 'eq_ref', 'ref']).toContain(rows[0].type);
  });

  test('unreadable JSON in one column defaults that field, logs one warning, and the lookup succeeds', async () => {
    await h.db.admin.query('UPDATE users SET inventory = \'{"bread":4,\' WHERE identifier = ?', [id]);
    const before = h.host.linesOf('citizen_records').length;
    const { status, http } = await lookBoth(h, id);
    expect(status).toBe(200);
    expect(alphaRecordSchema.parse(dataOf(http)).inventory).toEqual([]);
    const warnings = h.host
      .linesOf('citizen_records')
      .slice(before)
      .filter((line) => line.includes('unreadable JSON'));
    // One lookup over HTTP and one through the export: one warning for both, naming citizen and column.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(id);
    expect(warnings[0]).toContain('inventory');
  });

  test('an invalid id is told what was wrong with it', async () => {
    const messages = await Promise.all(
      [123, null, '...', 'a b'].map(
        async (bad) => errorOf((await h.callExport('getAlphaCitizen', bad)) as AnswerOf<'getAlphaCitizen'>).message,
      ),
    );
    expect(messages[0]).toMatch(/must be a string.*a number was given/);
    expect(messages[1]).toMatch(/must be a string.*none was given/);
    expect(messages[2]).toMatch(/not dots alone/);
    expect(messages[3]).toMatch(/1 to 64 characters of letters, digits and : _ \. -/);
    const license = errorOf((await h.callExport('getAlphaCitizensByLicense', 42)) as AnswerOf<'getAlphaCitizensByLicense'>).message;
    expect(license).toMatch(/40 hex digits alone; a number was given/);
  });

  test('the export never rejects, whatever it is given', async () => {
    for (const bad of [123, null, {}, ['x'], '', 'a b', 'x'.repeat(65), '..']) {
      const result = (await h.callExport('getAlphaCitizen', bad)) as AnswerOf<'getAlphaCitizen'>;
      expect({ bad, code: codeOf(result) }).toEqual({ bad, code: 'invalid_id' });
    }
  });
});

describe('alpha on ESX Legacy 1.13+ (ox_inventory, illenium-appearance skin, multicharacter)', () => {
  let h: Harness;
  const id = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';

  beforeAll(async () => {
    h = await startHarness('alpha_legacy113', ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('the record keeps ox slots, drops the loadout and flattens the tattoos', async () => {
    const { status, http, viaExport } = await lookBoth(h, id);
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    const record = alphaRecordSchema.parse(dataOf(http));
    expect(record).toMatchObject({
      identifier: id,
      dateofbirth: '1994-07-14',
      sex: 'f',
      height: 168,
      job: 'police',
      job_grade: 2,
      accounts: { money: 1840, bank: 48210, black_money: 250 },
      metadata: { health: 200, armor: 35 },
      position: { x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 },
      phone_number: '555-0147',
      last_property: '',
      is_dead: false,
      disabled: false,
      loadout: [],
    });
    expect(record.inventory.map((i) => [i.name, i.count, i.slot])).toEqual([
      ['money', 1840, 1],
      ['black_money', 250, 2],
      ['phone', 1, 3],
      ['water', 3, 4],
      ['WEAPON_PISTOL', 1, 5],
      ['ammo-9', 48, 6],
      ['burger', 2, 8],
    ]);
    expect(record.skin.model).toBe('mp_f_freemode_01');
    expect(record.skin.tattoos).toHaveLength(1);
    expect(record.skin.tattoos[0]).toMatchObject({ name: 'TAT_AR_000', zone: 'ZONE_TORSO' });
    expect(record.skin.hair).toEqual({ style: 19, color: 2, highlight: 5 });
    expect(record.status.map((s) => s.name)).toEqual(['hunger', 'thirst', 'drunk']);
  });

  test('HEAD answers 200 with no body and the same headers', async () => {
    const response = await h.request(`/alpha/citizens/${id}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('alpha on ESX v1-final (MM/DD/YYYY birth dates, heights in inches)', () => {
  let h: Harness;
  const id = 'e05a7d3c9b1f46a2d8c4e7b03f9a1c6d2e8b5f40';

  beforeAll(async () => {
    h = await startHarness('alpha_v1final', ['esx-v1-final.sql'], { convars: { 'citizen_records:esx_dob_format': 'MDY' } });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('the date follows the configured order and missing add-on columns take their defaults', async () => {
    const { status, http, viaExport } = await lookBoth(h, id);
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    const record = alphaRecordSchema.parse(dataOf(http));
    expect(record).toMatchObject({
      dateofbirth: '1988-07-23',
      height: 71,
      job: 'mechanic',
      job_grade: 2,
      accounts: { money: 2315, bank: 61250, black_money: 0 },
      metadata: { health: 0, armor: 0 },
      status: [],
      is_dead: false,
      disabled: false,
      last_property: '',
      phone_number: '',
      position: { x: -211.3, y: -1324.6, z: 30.9 },
    });
    expect(record.loadout).toEqual([
      { name: 'WEAPON_FLASHLIGHT', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 42 },
    ]);
  });
});

describe('alpha on ESX 1.2 (accounts in user_accounts) and 1.1 (essentialmode columns)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('alpha_12', ['esx-1.2.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('ESX 1.2 reads its accounts from user_accounts and its old loadout list', async () => {
    const { status, http, viaExport } = await lookBoth(h, 'steam:11000010a1b2c3d');
    expect(status).toBe(200);
    // es_extended 1.2 created user_accounts with no index on identifier: the owner is told once how to add one.
    const advice = h.host.linesOf('citizen_records').filter((l) => l.includes('has no index'));
    expect(advice).toEqual([expect.stringContaining('ALTER TABLE `user_accounts` ADD INDEX (`identifier`)')]);
    expect(viaExport).toEqual(http);
    const record = alphaRecordSchema.parse(dataOf(http));
    expect(record).toMatchObject({
      group: 'admin',
      job: 'taxi',
      accounts: { money: 75, bank: 15200, black_money: 300 },
      firstname: '',
      lastname: '',
      dateofbirth: '',
      sex: '',
      height: 0,
      position: { x: -269.4, y: -955.3, z: 31.2 },
    });
    expect(record.inventory).toEqual([
      { name: 'bread', count: 3, slot: 1 },
      { name: 'phone', count: 1, slot: 2 },
      { name: 'water', count: 1, slot: 3 },
    ]);
    expect(record.loadout).toEqual([
      { name: 'WEAPON_BAT', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 17 },
    ]);
  });

  test('ESX 1.1 takes cash and bank from users, black money from user_accounts, items from user_inventory', async () => {
    const other = await startHarness('alpha_11', ['esx-1.1.sql']);
    try {
      const response = await other.request('/alpha/citizens/steam:110000112a4b3c5');
      expect(response.status).toBe(200);
      // essentialmode's users.identifier, user_accounts and user_inventory: no index on any of them.
      const advice = other.host.linesOf('citizen_records').filter((l) => l.includes('has no index'));
      expect(advice.map((l) => /ALTER TABLE `(\w+)`/.exec(l)?.[1]).sort()).toEqual(['user_accounts', 'user_inventory', 'users']);
      const record = alphaRecordSchema.parse(JSON.parse(response.body).data);
      expect(record).toMatchObject({
        accounts: { money: 1500, bank: 24000, black_money: 1200 },
        dateofbirth: '1990-04-02',
        height: 180,
        phone_number: '48213',
        loadout: [{ name: 'WEAPON_PISTOL', ammo: 24 }],
        // user_inventory: only counts above 0, sorted by name, slots 1..n.
        inventory: [{ name: 'bread', count: 2, slot: 1 }],
      });
      const ana = alphaRecordSchema.parse(JSON.parse((await other.request('/alpha/citizens/steam:11000010b7e9d41')).body).data);
      expect(ana.inventory).toEqual([
        { name: 'bandage', count: 1, slot: 1 },
        { name: 'fish', count: 12, slot: 2 },
        { name: 'water', count: 3, slot: 3 },
      ]);
      expect(await other.callExport('getAlphaCitizen', 'steam:11000010b7e9d41')).toMatchObject({ data: { inventory: ana.inventory } });

      // es_extended 1.1 gives user_inventory no index on identifier: the query scans (bounded by its
      // LIMIT, README says so); where the owner added one, it is used.
      const plan = async () =>
        (
          (await other.db.admin.query(`EXPLAIN ${USER_INVENTORY_QUERY}`, ['steam:11000010b7e9d41']))[0] as Array<{
            key: string | null;
            type: string;
          }>
        )[0];
      expect(await plan()).toMatchObject({ key: null, type: 'ALL' });
      // On a handful of rows any plan is a scan; a server holds thousands.
      await other.db.admin.query(
        "INSERT INTO user_inventory (identifier, item, count) WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900) SELECT CONCAT('steam:', i), 'bread', 0 FROM n",
      );
      await other.db.admin.query('ALTER TABLE user_inventory ADD INDEX by_identifier (identifier)');
      await other.db.admin.query('ANALYZE TABLE user_inventory');
      expect((await plan()).key).toBe('by_identifier');
      expect(other.ownViolations()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
