/**
 * Live records end to end, once per framework generation: the Lua stand-ins of devkit/lua (run by
 * a real Lua 5.4, values crossing by FiveM's msgpack rules) hold characters logged in from the
 * suite's own database rows; the built bundle answers HTTP and exports. An online citizen's record
 * carries what the framework holds now (money, a new item, cuffs, the ped's position) and says
 * `X-Record-Source: live`; an offline one is the database's; the frameworks' load and unload
 * events move a citizen between the two; a framework that stops, throws, hangs or answers nonsense
 * gives the database record and one warning.
 */
import { alphaRecordSchema } from '../../src/formats/alpha/schema';
import { betaRecordSchema } from '../../src/formats/beta/schema';
import { ROOT, startHarness, type Harness } from '../../devkit/resource-harness';
import { waitFor } from '../../devkit/host/host-fixture';
import { Framework, type StandinItem, type StandinKind, type StartOptions } from '../../devkit/lua/frameworks';
import { storedRow } from '../../devkit/lua/frameworks/rows';
import { runLuaSnippet } from '../../devkit/lua/snippet';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const README = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
/** The README's Lua example of live records for a format (the block after `<!-- live:lua:<format> -->`). */
const readmeLua = (format: string) => new RegExp(`<!-- live:lua:${format} -->\\s*\`\`\`lua\\n([\\s\\S]*?)\`\`\``).exec(README)![1];
/** The ids the examples name: the ESX 1.13 fixture's character and the qb-core fixture's citizen. */
const README_IDS = { alpha: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10', beta: 'KQW48213' };

type Format = 'alpha' | 'beta';
type Record = { [key: string]: any };

interface Generation {
  kind: StandinKind;
  options?: StartOptions;
  format: Format;
  fixtures: string[];
  /** The citizen the framework logs in, and one it never does. */
  online: string;
  offline: string;
  /** The money account the test changes, and where the record shows it. */
  account: string;
  money(record: Record): number;
  /** An item the framework adds, and how the record shows it. */
  item: StandinItem;
  hasItem(record: Record): boolean;
  /** qb-core and Qbox keep cuffs in metadata; ESX holds none. */
  cuffs: boolean;
  /**
   * Read through function references of an object fetched once (es_extended before 1.13, qb-core
   * before 2025-01): the stand-in's faults act on its exports, so a fault reaches the resource when
   * the framework restarts broken and that object is fetched again.
   */
  keptReferences: boolean;
}

const ESX_FIXTURES = ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql', 'esx-legacy-1.9-row.sql'];
const ESX_113 = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';
const ESX_19 = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';
const esxMoney = (record: Record) => record.accounts.money;
const qbMoney = (record: Record) => record.money.cash;
const qbCore = (kind: StandinKind, keptReferences = false): Generation => ({
  kind,
  format: 'beta',
  fixtures: ['qbcore.sql'],
  online: 'KQW48213',
  offline: 'PZT90517',
  account: 'cash',
  money: qbMoney,
  item: { name: 'lockpick', amount: 2 },
  hasItem: (record) => record.inventory.some((item: Record) => item.name === 'lockpick' && item.count === 2),
  cuffs: true,
  keptReferences,
});

const GENERATIONS: Generation[] = [
  {
    kind: 'es_extended',
    options: { config: { customInventory: 'ox' } },
    format: 'alpha',
    fixtures: ESX_FIXTURES,
    online: ESX_113,
    offline: ESX_19,
    account: 'money',
    money: esxMoney,
    item: { name: 'bandage', count: 3, slot: 9 },
    hasItem: (record) => record.inventory.some((item: Record) => item.name === 'bandage' && item.slot === 9 && item.count === 3),
    cuffs: false,
    keptReferences: false,
  },
  {
    kind: 'es_extended-pre-1.13',
    format: 'alpha',
    fixtures: ESX_FIXTURES,
    online: ESX_19,
    offline: ESX_113,
    account: 'money',
    money: esxMoney,
    item: { name: 'bandage', count: 2 },
    // The 1.9 row holds 3 bandages.
    hasItem: (record) => record.inventory.some((item: Record) => item.name === 'bandage' && item.count === 2 + 3),
    cuffs: false,
    keptReferences: true,
  },
  qbCore('qb-core-before-2025-01', true),
  qbCore('qb-core-2025-01'),
  qbCore('qb-core-2025-11'),
  qbCore('qb-core-2026-05'),
  {
    kind: 'qbx_core',
    format: 'beta',
    fixtures: ['qbox.sql', 'qbox-more-characters.sql'],
    online: 'QX7M2K9B',
    offline: 'QBX2NDCH',
    account: 'cash',
    money: qbMoney,
    item: { name: 'lockpick', count: 2, slot: 9 },
    hasItem: (record) => record.inventory.some((item: Record) => item.name === 'lockpick' && item.slot === 9 && item.count === 2),
    cuffs: true,
    keptReferences: false,
  },
];

const SCHEMA = { alpha: alphaRecordSchema, beta: betaRecordSchema };
const TABLE: { [F in Format]: [table: string, key: string] } = { alpha: ['users', 'identifier'], beta: ['players', 'citizenid'] };
const EXPORT: { [F in Format]: string } = { alpha: 'Alpha', beta: 'Beta' };

interface Answer {
  status: number;
  source: string | undefined;
  record: Record;
}

async function lookup(h: Harness, format: Format, id: string): Promise<Answer> {
  const response = await h.request(`/${format}/citizens/${encodeURIComponent(id)}`);
  const body = JSON.parse(response.body) as { success: boolean; data: Record };
  return { status: response.status, source: response.headers['x-record-source'] as string | undefined, record: body.data };
}

/** The row as oxmysql would hand it to the framework. */
function databaseRow(h: Harness, format: Format, id: string): Promise<{ [key: string]: unknown }> {
  const [table, key] = TABLE[format];
  return storedRow(h.db.admin, table, key, id);
}

/** The resource's console lines matching `pattern` so far. */
const lines = (h: Harness, pattern: RegExp) => h.host.linesOf('citizen_records').filter((line) => pattern.test(line));
const WARNING = /live records:.*(failed|in time|unreadable|stopped|cannot)/;
const FOUND = /live records: .*citizens online/;

/** Runs `act`, then waits until one more line matches `pattern` than before it. */
async function andWaitFor(h: Harness, pattern: RegExp, act: () => unknown): Promise<void> {
  const before = lines(h, pattern).length;
  await act();
  await waitFor(() => lines(h, pattern).length > before, String(pattern));
}

describe.each(GENERATIONS)('$kind', (generation) => {
  const { format, online, offline } = generation;
  let h: Harness;
  let framework: Framework;
  let source: number;
  let databaseRecord: Record;

  beforeAll(async () => {
    h = await startHarness(`live_${generation.kind.replace(/[^a-z0-9]/gi, '_')}`, generation.fixtures, { convars: { onesync: 'on' } });
    databaseRecord = (await lookup(h, format, online)).record;
    // The resource finds a framework on its start event, a tick after the framework started.
    await andWaitFor(h, FOUND, async () => {
      framework = await Framework.start(h.host, generation.kind, generation.options);
    });
    source = framework.loadPlayer(await databaseRow(h, format, online), { source: 7, coords: { x: 215.5, y: -810.25, z: 30.75 } });
  });
  afterEach(() => expect(h.ownViolations().filter((v) => v.resource === 'citizen_records')).toEqual([]));
  afterAll(() => h.close());

  test('an online citizen: live values, X-Record-Source live, the same schema', async () => {
    framework.setMoney(source, generation.account, 4321);
    framework.addItem(source, generation.item);
    if (generation.cuffs) framework.setCuffed(source, true);
    framework.movePed(source, { x: 100.5, y: -200.25, z: 30.5 });
    const answer = await lookup(h, format, online);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('live');
    SCHEMA[format].parse(answer.record);
    expect(generation.money(answer.record)).toBe(4321);
    expect(generation.hasItem(answer.record)).toBe(true);
    if (generation.cuffs) expect(answer.record.metadata.ishandcuffed).toBe(true);
    expect(answer.record.position).toEqual({ x: 100.5, y: -200.25, z: 30.5 });
    expect(generation.money(databaseRecord)).not.toBe(4321);
  });

  test('the export answers the same live record', async () => {
    const viaExport = (await h.callExport(`get${EXPORT[format]}Citizen`, online)) as { data: Record };
    expect(viaExport.data).toEqual((await lookup(h, format, online)).record);
  });

  test("the README's Lua example reads the live record as it reads a database one", async () => {
    const code = readmeLua(format).replaceAll(`'${README_IDS[format]}'`, `'${online}'`);
    const record = (await lookup(h, format, online)).record;
    const ran = await runLuaSnippet(h.host, code);
    expect(ran.error).toBeNull();
    const expected =
      format === 'beta'
        ? `${record.charinfo.firstname} carries ${record.money.cash} cash, at ${record.position.x.toFixed(2)} ${record.position.y.toFixed(2)}`
        : `${record.firstname} has ${record.accounts.money} money, at ${record.position.x.toFixed(2)} ${record.position.y.toFixed(2)}`;
    expect(ran.printed.join('\n')).toContain(expected);
  });

  test('an offline citizen comes from the database', async () => {
    const answer = await lookup(h, format, offline);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('database');
  });

  test('presence over HTTP and through the export', async () => {
    const presence = JSON.parse((await h.request(`/${format}/citizens/${online}/presence`)).body);
    expect(presence).toEqual({ success: true, data: { online: true, server_id: source } });
    expect(await h.callExport(`get${EXPORT[format]}Presence`, offline)).toEqual({
      success: true,
      data: { online: false, server_id: null },
    });
  });

  test('unload and load move the citizen between the database and live', async () => {
    framework.unloadPlayer(source);
    expect((await lookup(h, format, online)).source).toBe('database');
    expect(await h.callExport(`get${EXPORT[format]}Presence`, online)).toEqual({ success: true, data: { online: false, server_id: null } });
    source = framework.loadPlayer(await databaseRow(h, format, online), { source });
    expect((await lookup(h, format, online)).source).toBe('live');
  });

  test('a restart of the resource finds the citizens already loaded', async () => {
    await andWaitFor(h, FOUND, () => {
      h.host.stopResource('citizen_records');
      h.host.startResource(ROOT, 'citizen_records');
    });
    // A caller forgets the stopped instance's exports on the tick after the stop (onServerResourceStop).
    await waitFor(
      () =>
        h.callExport(`get${EXPORT[format]}Presence`, online).then(
          () => true,
          () => false,
        ),
      "the new instance's exports",
    );
    expect(await h.callExport(`get${EXPORT[format]}Presence`, online)).toEqual({
      success: true,
      data: { online: true, server_id: source },
    });
    expect((await lookup(h, format, online)).source).toBe('live');
  });

  /** Restarts the framework, `before` running between its start and the resource finding it, and logs the citizen in again. */
  async function restartFramework(before: () => void = () => undefined): Promise<void> {
    await andWaitFor(h, /live records: /, async () => {
      await framework.restart();
      before();
    });
    source = framework.loadPlayer(await databaseRow(h, format, online), { source });
  }

  describe.each(['throw', 'hang', 'garbage'] as const)('the framework fails (%s)', (mode) => {
    test('the database record, and one warning', async () => {
      const warned = lines(h, WARNING).length;
      if (generation.keptReferences) await restartFramework(() => framework.fault(mode));
      else framework.fault(mode);
      for (let i = 0; i < 3; i++) {
        const answer = await lookup(h, format, online);
        expect(answer.status).toBe(200);
        expect(answer.source).toBe('database');
        expect(answer.record).toEqual(databaseRecord);
      }
      expect(lines(h, WARNING).length - warned).toBe(1);
      if (generation.keptReferences) await restartFramework();
      else framework.fault(null);
      expect((await lookup(h, format, online)).source).toBe('live');
    });
  });

  test('the framework stopped: the database record and one warning; live again once it is back', async () => {
    const warned = lines(h, WARNING).length;
    await andWaitFor(h, WARNING, () => framework.stop());
    for (let i = 0; i < 2; i++) expect((await lookup(h, format, online)).source).toBe('database');
    expect(lines(h, WARNING).length - warned).toBe(1);
    await restartFramework();
    expect((await lookup(h, format, online)).source).toBe('live');
  });
});

/** qb-core from 2026-05; KQW48213 and PZT90517 are two characters of one player. */
const QB_ONLINE = 'KQW48213';
const QB_LICENSE = 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a';

describe('with the cache on', () => {
  let h: Harness;
  let framework: Framework;
  beforeAll(async () => {
    h = await startHarness('live_cache', ['qbcore.sql'], { convars: { onesync: 'on', 'citizen_records:cache_ttl_ms': '600000' } });
    await andWaitFor(h, FOUND, async () => {
      framework = await Framework.start(h.host, 'qb-core-2026-05');
    });
  });
  afterEach(() => expect(h.ownViolations().filter((v) => v.resource === 'citizen_records')).toEqual([]));
  afterAll(() => h.close());

  test('a database answer cached while offline is not served once the citizen logs in, and a live one is never cached', async () => {
    const offline = await lookup(h, 'beta', QB_ONLINE);
    expect(offline.source).toBe('database');
    const list = await h.request(`/beta/players/${QB_LICENSE}/citizens`);
    expect(list.headers['x-record-source']).toBe('database');

    const source = framework.loadPlayer(await databaseRow(h, 'beta', QB_ONLINE), { source: 5 });
    framework.setMoney(source, 'cash', 1111);
    expect(qbMoney((await lookup(h, 'beta', QB_ONLINE)).record)).toBe(1111);
    framework.setMoney(source, 'cash', 2222);
    const live = await lookup(h, 'beta', QB_ONLINE);
    expect(live.source).toBe('live');
    expect(qbMoney(live.record)).toBe(2222);

    // One of the player's two characters is live: the list says so, and holds both.
    const liveList = await h.request(`/beta/players/${QB_LICENSE}/citizens`);
    expect(liveList.headers['x-record-source']).toBe('live');
    const records = (JSON.parse(liveList.body) as { data: Record[] }).data;
    expect(records.map((r) => [r.citizenid, r.money.cash === 2222])).toEqual([
      [QB_ONLINE, true],
      ['PZT90517', false],
    ]);

    framework.unloadPlayer(source);
    const after = await lookup(h, 'beta', QB_ONLINE);
    expect(after.source).toBe('database');
    expect(after.record).toEqual(offline.record);
  });
});

describe('with live_records off', () => {
  let h: Harness;
  let framework: Framework;
  let source: number;
  beforeAll(async () => {
    h = await startHarness('live_off', ['qbcore.sql'], { convars: { onesync: 'on', 'citizen_records:live_records': 'false' } });
    await andWaitFor(h, FOUND, async () => {
      framework = await Framework.start(h.host, 'qb-core-2026-05');
    });
    source = framework.loadPlayer(await databaseRow(h, 'beta', QB_ONLINE), { source: 9 });
  });
  afterEach(() => expect(h.ownViolations().filter((v) => v.resource === 'citizen_records')).toEqual([]));
  afterAll(() => h.close());

  test("an online citizen's record comes from the database; presence is still answered", async () => {
    framework.setMoney(source, 'cash', 3333);
    const answer = await lookup(h, 'beta', QB_ONLINE);
    expect(answer.source).toBe('database');
    expect(qbMoney(answer.record)).not.toBe(3333);
    expect(JSON.parse((await h.request(`/beta/citizens/${QB_ONLINE}/presence`)).body)).toEqual({
      success: true,
      data: { online: true, server_id: source },
    });
    expect(await h.callExport('getBetaPresence', 'PZT90517')).toEqual({ success: true, data: { online: false, server_id: null } });
  });
});
