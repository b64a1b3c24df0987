/**
 * The framework room against the Lua stand-ins of every framework generation (devkit/lua, a real
 * Lua 5.4, values crossing by FiveM's msgpack rules), its natives bound to a resource of the test
 * host as FXServer binds a script's: each framework's own events about an online citizen (load,
 * job, duty, money, unload) reach a LiveSource watcher within one tick, and a lookup takes the
 * cheap path each generation offers (the stand-ins count the calls of their exports).
 */
import { FxHost } from '../../devkit/host/fx-host';
import { Framework, type StandinKind, type StartOptions } from '../../devkit/lua/frameworks';
import { esxRow, qbCoreRow, qbxRow } from '../../devkit/lua/frameworks/rows';
import { alphaFormat } from '../../src/formats/alpha';
import { betaFormat } from '../../src/formats/beta';
import { startFrameworks, type Frameworks } from '../../src/frameworks';
import { bindNatives } from '../../src/natives';

/** One server tick of the host (FXServer's 50 ms). */
const TICK_MS = 50;

interface Case {
  kind: StandinKind;
  options?: StartOptions;
  format: 'alpha' | 'beta';
  row: Record<string, unknown>;
  id: string;
  account: string;
  /** A job and grade both the framework's lists define. */
  job: [name: string, grade: number];
  /** The export a lookup of an online citizen calls, and the ones it must not call per lookup. */
  cheap: string;
  never: string[];
}

const ESX_ID = esxRow().identifier as string;
const qbCore = (kind: StandinKind, cheap: string, never: string[], options?: StartOptions): Case => ({
  kind,
  options,
  format: 'beta',
  row: qbCoreRow(),
  id: 'KQW48213',
  account: 'cash',
  job: ['ambulance', 1],
  cheap,
  never,
});

const CASES: Case[] = [
  {
    kind: 'es_extended',
    format: 'alpha',
    row: esxRow(),
    id: ESX_ID,
    account: 'money',
    job: ['ambulance', 1],
    cheap: 'RunStaticPlayerMethod',
    never: ['getSharedObject'],
  },
  {
    kind: 'es_extended-pre-1.13',
    format: 'alpha',
    row: esxRow(),
    id: ESX_ID,
    account: 'money',
    job: ['ambulance', 1],
    // Its GetPlayerFromId reference is kept from the one getSharedObject at start.
    cheap: 'getSharedObject',
    never: [],
  },
  // The core object once at start and once for its Shared; its Functions.GetPlayer reference per lookup.
  qbCore('qb-core-before-2025-01', 'GetCoreObject', []),
  qbCore('qb-core-2025-01', 'GetPlayer', ['GetPlayerByCitizenId', 'GetCoreObject']),
  // GetShared is there (3da7c33) but this is no 2026-05 qb-core: GetPlayerByCitizenId would walk every player.
  qbCore('qb-core-2025-11', 'GetPlayer', ['GetPlayerByCitizenId', 'GetCoreObject', 'GetShared']),
  qbCore('qb-core-2026-05', 'GetPlayerByCitizenId', ['GetCoreObject']),
  {
    kind: 'qbx_core',
    format: 'beta',
    row: qbxRow(),
    id: 'QX7M2K9B',
    account: 'cash',
    job: ['police', 2],
    cheap: 'GetPlayer',
    never: ['GetPlayerByCitizenId'],
  },
];

let host: FxHost;
let frameworks: Frameworks;
let warnings: string[];

/**
 * The resource's framework room, in a host resource of its own, with that resource's natives,
 * started once the framework's own start has been told.
 */
async function startRoom(): Promise<void> {
  await host.advance(TICK_MS);
  warnings = [];
  host.startModule('citizen_records', (globals) => {
    frameworks = startFrameworks({
      natives: bindNatives(globals),
      formats: [alphaFormat, betaFormat],
      liveRecords: true,
      warn: (message) => warnings.push(message),
      info: () => undefined,
    });
  });
  await host.advance(TICK_MS);
}

beforeEach(() => {
  warnings = [];
  host = new FxHost({ clock: 'manual', convars: { onesync: 'on' } });
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  expect(warnings).toEqual([]);
  await host.close();
});

describe.each(CASES)('$kind', (c) => {
  let framework: Framework;
  beforeEach(async () => {
    framework = await Framework.start(host, c.kind, c.options);
    await startRoom();
  });

  test('its events about an online citizen reach the watcher within one tick: load, job, duty, money, unload', async () => {
    const told: string[] = [];
    const stop = frameworks.live.watch((format, id) => told.push(`${format} ${id}`));
    const expected = `${c.format} ${c.id}`;
    /** What the watcher was told since the last step, after at most one tick. */
    const step = async (change: () => void) => {
      change();
      await host.advance(TICK_MS);
      return [...new Set(told.splice(0))];
    };

    const source = framework.loadPlayer(c.row, { source: 7 });
    expect([...new Set(told.splice(0))]).toEqual([expected]);
    expect(await step(() => framework.setJob(source, ...c.job))).toEqual([expected]);
    expect(await step(() => framework.setDuty(source, false))).toEqual([expected]);
    expect(await step(() => framework.setMoney(source, c.account, 4321))).toEqual([expected]);
    expect(await step(() => framework.unloadPlayer(source))).toEqual([expected]);
    expect(frameworks.live.presence(c.format, c.id).online).toBe(false);

    // Once stopped, nothing more is told.
    stop();
    framework.loadPlayer(c.row, { source: 7 });
    await host.advance(TICK_MS);
    expect(told).toEqual([]);
  });

  test('a lookup of an online citizen takes the cheap path of the generation', async () => {
    framework.loadPlayer(c.row, { source: 7 });
    const before = framework.calls();
    for (let i = 0; i < 3; i++) {
      const parts = frameworks.live.liveRow(c.format, c.id);
      await host.advance(0);
      expect(await parts).toMatchObject({ framework: framework.name, serverId: 7 });
    }
    const after = framework.calls();
    const made = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    if (c.cheap === 'getSharedObject' || c.cheap === 'GetCoreObject') {
      // Fetched at start only: the lookups go through its kept reference.
      expect(before[c.cheap]).toBeGreaterThan(0);
      expect(made(c.cheap)).toBe(0);
    } else {
      expect(made(c.cheap)).toBeGreaterThanOrEqual(3);
    }
    for (const name of c.never) expect(after[name] ?? 0).toBe(0);
  });
});

test('qb-core at 74ac036: GetShared answers nil for a whole list, so the lists come from GetCoreObject({Shared})', async () => {
  const qb = await Framework.start(host, 'qb-core-2026-05', { config: { commit: '74ac036' } });
  await startRoom();
  expect(Object.keys(frameworks.groups()?.jobs as object)).toEqual(expect.arrayContaining(['police', 'ambulance']));
  expect(frameworks.vehicles()?.byName.get('rmodgtr')).toMatchObject({ label: 'GT-R R35' });
  expect(qb.calls().GetCoreObject).toBe(1);
});

test('qb-core 2025-11 reads its lists from GetSharedJobs/GetSharedGangs/GetSharedVehicles, never its GetShared', async () => {
  const qb = await Framework.start(host, 'qb-core-2025-11');
  await startRoom();
  expect(Object.keys(frameworks.groups()?.gangs as object)).toEqual(expect.arrayContaining(['ballas']));
  expect(frameworks.vehicles()?.byName.size).toBe(1);
  expect(qb.calls()).toMatchObject({ GetSharedJobs: 1, GetSharedGangs: 1, GetSharedVehicles: 1 });
  expect(qb.calls().GetShared).toBeUndefined();
});
