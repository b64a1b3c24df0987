/**
 * The live source against a small fake server (devkit/fake-natives.ts) running framework
 * stand-ins of each generation: which calls each generation is read with, the online set kept from
 * load and unload events and rebuilt at start and restart, the changes told to a watcher, and the
 * fallback (null, one warning per cause) when a framework fails, hangs or answers nonsense.
 */
import { alphaFormat } from '../formats/alpha';
import { betaFormat } from '../formats/beta';
import type { LiveSource, Presence } from '../live/source';
import type { AnyFunction } from '../natives';
import { FakeNatives } from '../../devkit/fake-natives';
import { startFrameworks } from './index';

const FORMATS = [alphaFormat, betaFormat];
const TIMEOUT_MS = 40;

interface Started {
  fx: FakeNatives;
  live: LiveSource<Presence>;
  warnings: string[];
  infos: string[];
}

/** The resource starting with `setup`'s frameworks already running. */
function start(setup: (fx: FakeNatives) => void, { enabled = true } = {}): Started {
  const fx = new FakeNatives();
  setup(fx);
  const warnings: string[] = [];
  const infos: string[] = [];
  const { live } = startFrameworks({
    natives: fx,
    formats: FORMATS,
    liveRecords: enabled,
    warn: (m) => warnings.push(m),
    info: (m) => infos.push(m),
    timeoutMs: TIMEOUT_MS,
  });
  return { fx, live, warnings, infos };
}

/** Lets a rebuild that awaited the framework finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

// ---- stand-ins ---------------------------------------------------------------------------------

const ESX_ID = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';

/** xPlayer's methods as RunStaticPlayerMethod runs them (answers in the shapes JS receives). */
function xPlayerMethods(identifier: string, money: number): Record<string, AnyFunction> {
  return {
    getIdentifier: () => identifier,
    getAccounts: (minimal) =>
      minimal ? { bank: 100, black_money: 0, money } : [{ name: 'money', money, label: 'Cash', round: true, index: 1 }],
    getJob: () => ({ id: 2, name: 'police', label: 'LSPD', grade: 1, grade_name: 'officer', skin_male: [], skin_female: [] }),
    getGroup: () => 'user',
    getInventory: () => [{ name: 'handcuffs', count: 1, slot: 1 }],
    getLoadout: () => [],
    getMeta: () => ({ health: 200, armor: 0, jobDuty: true }),
  };
}

function esxStatic(players: Map<number, Record<string, AnyFunction>>) {
  return {
    RunStaticPlayerMethod: (source: unknown, method: unknown, ...args: unknown[]) =>
      players.get(source as number)?.[method as string]?.(...args),
    getSharedObject: () => ({ Players: [] }),
  };
}

/** A qb-core/qbx_core Player: PlayerData and its Functions (references). */
function qbPlayer(citizenid: string, source: number, cash: number) {
  return {
    PlayerData: {
      citizenid,
      source,
      money: { cash, bank: 5000, crypto: 0 },
      charinfo: { firstname: 'Zoë', lastname: 'Brandt' },
      job: { name: 'police', grade: { level: 1 } },
      gang: { name: 'none', grade: { level: 0 } },
      metadata: { hunger: 90, ishandcuffed: true, jailitems: [] },
      items: [{ name: 'lockpick', amount: 1, info: '', slot: 1 }],
    },
    Functions: { Save: () => undefined, AddMoney: () => true },
  };
}

// ---- es_extended -------------------------------------------------------------------------------

describe('es_extended 1.13+ (RunStaticPlayerMethod)', () => {
  let s: Started;
  const players = new Map([[4, xPlayerMethods(ESX_ID, 1840)]]);
  beforeEach(() => {
    s = start((fx) => {
      fx.players = ['4', '9'];
      fx.start('es_extended', esxStatic(players));
    });
  });

  it('rebuilds the online set at start from the connected players it has loaded', async () => {
    await settled();
    expect(s.live.presence('alpha', ESX_ID)).toEqual({ online: true, server_id: 4 });
    expect(s.live.presence('alpha', 'char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toEqual({ online: false, server_id: null });
    expect(s.infos.join('\n')).toMatch(/RunStaticPlayerMethod.*1 citizens online/);
  });

  it("reads the save's methods, never the shared object", async () => {
    await settled();
    const parts = await s.live.liveRow('alpha', ESX_ID);
    expect(parts).toMatchObject({
      framework: 'es_extended',
      serverId: 4,
      player: { family: 'esx', accounts: { money: 1840 }, group: 'user', loadout: [] },
    });
    expect(s.fx.count('es_extended.RunStaticPlayerMethod')).toBeGreaterThan(0);
    expect(s.fx.count('es_extended.getSharedObject')).toBe(0);
  });

  it('follows esx:playerLoaded, esx:playerDropped and playerDropped; esx:playerLogout is only the request', async () => {
    await settled();
    players.set(12, xPlayerMethods('char2:aa', 5));
    s.fx.emitEvent('esx:playerLoaded', 12, { identifier: 'char2:aa', source: 12 }, false);
    expect(s.live.presence('alpha', 'char2:aa')).toEqual({ online: true, server_id: 12 });
    // es_extended's own handler of the request fires esx:playerDropped; a logout it refused fires nothing more.
    s.fx.emitEvent('esx:playerLogout', 12);
    expect(s.live.presence('alpha', 'char2:aa').online).toBe(true);
    s.fx.emitEvent('esx:playerDropped', 12, 'esx_player_logout');
    expect(s.live.presence('alpha', 'char2:aa').online).toBe(false);
    s.fx.emitFrom('4', 'playerDropped', 'Exiting');
    expect(s.live.presence('alpha', ESX_ID).online).toBe(false);
    expect(await s.live.liveRow('alpha', ESX_ID)).toBeNull();
  });

  it('moves a server id to the character it loads next (multicharacter)', async () => {
    await settled();
    s.fx.emitEvent('esx:playerLoaded', 4, { identifier: 'char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10' }, true);
    expect(s.live.presence('alpha', ESX_ID).online).toBe(false);
    expect(s.live.presence('alpha', 'char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toEqual({ online: true, server_id: 4 });
  });

  it('an offline citizen calls no framework', async () => {
    await settled();
    const before = s.fx.calls.length;
    expect(await s.live.liveRow('alpha', 'char3:ffff')).toBeNull();
    expect(s.live.presence('alpha', 'char3:ffff').online).toBe(false);
    expect(s.fx.calls.length).toBe(before);
  });
});

describe('es_extended before 1.13 (shared object)', () => {
  function olderEsx(fx: FakeNatives, viaEvent: boolean) {
    const xPlayer = {
      identifier: 'steam:110000112a4b3c5',
      source: 2,
      accounts: [{ name: 'money', money: 7 }],
      job: { name: 'taxi', grade: 0 },
      group: 'user',
      inventory: [],
      loadout: [],
      getMoney: () => 7,
    };
    const shared = {
      // ESX.Players keyed by source 2 only: an object with string keys.
      Players: { '2': xPlayer },
      GetPlayerFromId: (source: unknown) => {
        fx.calls.push('GetPlayerFromId');
        return source === 2 ? xPlayer : undefined;
      },
    };
    if (viaEvent) {
      fx.start('es_extended', {});
      fx.onEvent('esx:getSharedObject', ((cb: AnyFunction) => cb(shared)) as never);
    } else {
      fx.start('es_extended', { getSharedObject: () => shared });
    }
  }

  it.each([
    ['getSharedObject export', false],
    ['esx:getSharedObject event', true],
  ])('fetches the shared object once (%s) and calls its GetPlayerFromId per lookup', async (_, viaEvent) => {
    const s = start((fx) => olderEsx(fx, viaEvent));
    await settled();
    expect(s.live.presence('alpha', 'steam:110000112a4b3c5')).toEqual({ online: true, server_id: 2 });
    for (let i = 0; i < 3; i++)
      expect((await s.live.liveRow('alpha', 'steam:110000112a4b3c5'))?.player).toMatchObject({
        accounts: [{ name: 'money', money: 7 }],
        job: { name: 'taxi' },
      });
    expect(s.fx.count('es_extended.getSharedObject')).toBe(viaEvent ? 0 : 1);
    expect(s.fx.count('GetPlayerFromId')).toBe(3);
  });
});

// ---- qb-core -----------------------------------------------------------------------------------

describe('qb-core generations', () => {
  const player = qbPlayer('KQW48213', 3, 742);

  it('2026-05+: GetPlayerByCitizenId, never GetCoreObject', async () => {
    const s = start((fx) =>
      fx.start('qb-core', {
        GetOfflinePlayerByLicense: () => undefined,
        GetShared: () => ({}),
        GetPlayers: () => [3],
        GetPlayer: (source) => (source === 3 ? player : undefined),
        GetPlayerByCitizenId: (cid) => (cid === 'KQW48213' ? player : undefined),
        GetCoreObject: () => ({}),
      }),
    );
    await settled();
    expect(s.live.presence('beta', 'kqw48213')).toEqual({ online: true, server_id: 3 });
    expect((await s.live.liveRow('beta', 'KQW48213'))?.player).toMatchObject({ family: 'qb', playerData: { money: { cash: 742 } } });
    expect(s.fx.count('qb-core.GetPlayerByCitizenId')).toBe(1);
    expect(s.fx.count('qb-core.GetCoreObject')).toBe(0);
  });

  it('2025-11 to 2026-05 (GetShared, no GetOfflinePlayerByLicense): GetPlayer, never the walk of GetPlayerByCitizenId', async () => {
    const s = start((fx) =>
      fx.start('qb-core', {
        // 3da7c33..891b039: QBCore.Shared[namespace]?[item], nil without an item.
        GetShared: () => undefined,
        GetSharedJobs: () => ({}),
        GetPlayers: () => [3],
        GetPlayer: (source) => (source === 3 ? player : undefined),
        GetPlayerByCitizenId: (cid) => (cid === 'KQW48213' ? player : undefined),
        GetCoreObject: () => ({}),
      }),
    );
    await settled();
    expect((await s.live.liveRow('beta', 'KQW48213'))?.player).toMatchObject({ family: 'qb', playerData: { money: { cash: 742 } } });
    expect(s.fx.count('qb-core.GetPlayer')).toBe(2); // the rebuild's, and the lookup's
    expect(s.fx.count('qb-core.GetPlayerByCitizenId')).toBe(0);
    expect(s.infos.join('\n')).toMatch(/qb-core 2025-01 to 2026-05 \(GetPlayer export\)/);
  });

  it('2025-01 to 2026-05: the GetPlayer export', async () => {
    const s = start((fx) =>
      fx.start('qb-core', { GetPlayers: () => [3], GetPlayer: (source) => (source === 3 ? player : undefined), GetCoreObject: () => ({}) }),
    );
    await settled();
    expect((await s.live.liveRow('beta', 'KQW48213'))?.serverId).toBe(3);
    expect(s.fx.count('qb-core.GetPlayer')).toBe(2); // the rebuild's, and the lookup's
    expect(s.fx.count('qb-core.GetCoreObject')).toBe(0);
  });

  it('before 2025-01: the core object once, its Functions.GetPlayer per lookup, again after a restart', async () => {
    let getPlayerCalls = 0;
    const core = () => ({
      // QBCore.Players keyed by source 3: an object with string keys.
      Players: { '3': player },
      Functions: {
        GetPlayer: (source: unknown) => {
          getPlayerCalls++;
          return source === 3 ? player : undefined;
        },
      },
    });
    const s = start((fx) => fx.start('qb-core', { GetCoreObject: core }));
    await settled();
    expect(s.live.presence('beta', 'KQW48213').online).toBe(true);
    for (let i = 0; i < 3; i++) expect(await s.live.liveRow('beta', 'KQW48213')).not.toBeNull();
    // Once for the players, once for the shared lists (its Shared), never per lookup.
    expect(s.fx.count('qb-core.GetCoreObject')).toBe(2);
    expect(getPlayerCalls).toBe(3);

    s.fx.stop('qb-core');
    expect(s.live.presence('beta', 'KQW48213').online).toBe(false);
    expect(s.warnings).toEqual([expect.stringMatching(/qb-core stopped; records come from the database/)]);
    s.fx.start('qb-core', { GetCoreObject: core });
    await settled();
    expect(s.fx.count('qb-core.GetCoreObject')).toBe(4);
    expect(s.live.presence('beta', 'KQW48213')).toEqual({ online: true, server_id: 3 });
  });

  it('follows QBCore:Server:PlayerLoaded, OnPlayerUnload and playerDropped', async () => {
    const s = start((fx) => fx.start('qb-core', { GetPlayers: () => [], GetPlayer: () => undefined }));
    await settled();
    expect(s.live.presence('beta', 'ABC12345').online).toBe(false);
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('ABC12345', 8, 1));
    expect(s.live.presence('beta', 'ABC12345')).toEqual({ online: true, server_id: 8 });
    s.fx.emitEvent('QBCore:Server:OnPlayerUnload', 8);
    expect(s.live.presence('beta', 'ABC12345').online).toBe(false);
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('ABC12345', 9, 1));
    s.fx.emitFrom('9', 'playerDropped', 'Exiting');
    expect(s.live.presence('beta', 'ABC12345').online).toBe(false);
  });
});

// ---- qbx_core ----------------------------------------------------------------------------------

describe('qbx_core', () => {
  const player = qbPlayer('QX7M2K9B', 5, 80);
  const oxItems = { '1': { name: 'money', count: 80, slot: 1 }, '4': { name: 'bandage', count: 2, slot: 4 } };
  function qbx(fx: FakeNatives) {
    fx.start('qbx_core', { GetPlayersData: () => [player.PlayerData], GetPlayer: (source) => (source === 5 ? player : undefined) });
    fx.bags.set('player:5.hunger', 12.5);
    fx.bags.set('player:5.stress', 40);
  }

  it('lists players with GetPlayersData, reads GetPlayer, the state bag and ox_inventory', async () => {
    const s = start((fx) => {
      qbx(fx);
      fx.start('ox_inventory', { GetInventoryItems: (source) => (source === 5 ? oxItems : undefined) });
    });
    await settled();
    expect(s.live.presence('beta', 'QX7M2K9B')).toEqual({ online: true, server_id: 5 });
    expect((await s.live.liveRow('beta', 'QX7M2K9B'))?.player).toEqual({
      family: 'qb',
      playerData: player.PlayerData,
      items: oxItems,
      state: { hunger: 12.5, stress: 40 },
    });
  });

  it("without ox_inventory running the database's items stay (items null)", async () => {
    const s = start(qbx);
    await settled();
    expect((await s.live.liveRow('beta', 'QX7M2K9B'))?.player).toMatchObject({ items: null });
  });
});

// ---- the ped -----------------------------------------------------------------------------------

describe('the ped', () => {
  function withPlayer(fx: FakeNatives) {
    fx.start('qb-core', {
      GetOfflinePlayerByLicense: () => undefined,
      GetPlayers: () => [3],
      GetPlayer: () => qbPlayer('KQW48213', 3, 1),
      GetPlayerByCitizenId: () => qbPlayer('KQW48213', 3, 1),
    });
  }

  it('gives position, health and armour under OneSync', async () => {
    const s = start((fx) => {
      withPlayer(fx);
      fx.peds.set(3, { coords: [215.5, -810.25, 30.75], health: 150, armour: 20 });
    });
    await settled();
    expect((await s.live.liveRow('beta', 'KQW48213'))?.ped).toEqual({
      position: { x: 215.5, y: -810.25, z: 30.75 },
      health: 150,
      armour: 20,
    });
  });

  it('is not asked for without OneSync', async () => {
    const s = start((fx) => {
      withPlayer(fx);
      fx.oneSync = 'off';
      fx.peds.set(3, { coords: [1, 2, 3], health: 150, armour: 20 });
    });
    await settled();
    expect((await s.live.liveRow('beta', 'KQW48213'))?.ped).toBeNull();
    expect(s.fx.count('GetPlayerPed')).toBe(0);
  });

  it('is null while the player has none; failing natives leave the rest live, told once', async () => {
    const s = start(withPlayer);
    await settled();
    expect((await s.live.liveRow('beta', 'KQW48213'))?.ped).toBeNull();
    s.fx.pedFailure = new Error('entity natives need OneSync');
    for (let i = 0; i < 2; i++) expect(await s.live.liveRow('beta', 'KQW48213')).toMatchObject({ framework: 'qb-core', ped: null });
    expect(s.warnings).toEqual([expect.stringContaining('ped natives failed (entity natives need OneSync)')]);
  });
});

// ---- trouble -----------------------------------------------------------------------------------

describe('a framework in trouble: null (the database record), one warning per cause', () => {
  function qbWith(getPlayerByCitizenId: AnyFunction) {
    return start((fx) =>
      fx.start('qb-core', {
        GetOfflinePlayerByLicense: () => undefined,
        GetPlayers: () => [3],
        GetPlayer: () => qbPlayer('KQW48213', 3, 1),
        GetPlayerByCitizenId: getPlayerByCitizenId,
      }),
    );
  }

  async function threeLookups(s: Started): Promise<unknown[]> {
    await settled();
    return [await s.live.liveRow('beta', 'KQW48213'), await s.live.liveRow('beta', 'KQW48213'), await s.live.liveRow('beta', 'KQW48213')];
  }

  it('throwing', async () => {
    const s = qbWith(() => {
      throw new Error('attempt to index a nil value');
    });
    expect(await threeLookups(s)).toEqual([null, null, null]);
    expect(s.warnings).toEqual([expect.stringMatching(/qb-core GetPlayerByCitizenId failed \(attempt to index a nil value\)/)]);
  });

  it('rejecting', async () => {
    const s = qbWith(() => Promise.reject('database gone'));
    expect(await threeLookups(s)).toEqual([null, null, null]);
    expect(s.warnings).toEqual([expect.stringMatching(/GetPlayerByCitizenId failed \(database gone\)/)]);
  });

  it('hanging past the bound', async () => {
    const s = qbWith(() => new Promise(() => undefined));
    expect(await threeLookups(s)).toEqual([null, null, null]);
    expect(s.warnings).toEqual([expect.stringMatching(/GetPlayerByCitizenId did not answer in time \(no answer within 40 ms\)/)]);
  });

  it('a Promise that answers within the bound is read', async () => {
    const s = qbWith(() => Promise.resolve(qbPlayer('KQW48213', 3, 55)));
    expect((await threeLookups(s)).map((parts) => (parts as { serverId: number }).serverId)).toEqual([3, 3, 3]);
    expect(s.warnings).toEqual([]);
  });

  it.each([
    ['a string', 'nonsense'],
    ['nothing', undefined],
    ['another citizen', qbPlayer('OTHER001', 3, 1)],
    ['PlayerData that is a number', { PlayerData: 7 }],
  ])('answering %s', async (_, answer) => {
    const s = qbWith(() => answer);
    expect(await threeLookups(s)).toEqual([null, null, null]);
    expect(s.warnings).toEqual([expect.stringMatching(/qb-core GetPlayerByCitizenId answered something unreadable/)]);
  });

  it('each cause is told once, and again once the framework restarted', async () => {
    let mode: 'throw' | 'garbage' = 'throw';
    const getPlayerByCitizenId = () => {
      if (mode === 'throw') throw new Error('boom');
      return 42;
    };
    const s = qbWith(getPlayerByCitizenId);
    await threeLookups(s);
    mode = 'garbage';
    await threeLookups(s);
    expect(s.warnings).toHaveLength(2);
    s.fx.start('qb-core', {
      GetOfflinePlayerByLicense: () => undefined,
      GetPlayers: () => [3],
      GetPlayer: () => qbPlayer('KQW48213', 3, 1),
      GetPlayerByCitizenId: getPlayerByCitizenId,
    });
    await threeLookups(s);
    expect(s.warnings).toHaveLength(3);
  });

  it('an es_extended whose RunStaticPlayerMethod answers nothing for a loaded player', async () => {
    const s = start((fx) => {
      fx.players = ['4'];
      fx.start('es_extended', { RunStaticPlayerMethod: (_source, method) => (method === 'getIdentifier' ? ESX_ID : undefined) });
    });
    await settled();
    expect(await s.live.liveRow('alpha', ESX_ID)).toBeNull();
    expect(await s.live.liveRow('alpha', ESX_ID)).toBeNull();
    expect(s.warnings).toEqual([
      expect.stringMatching(/RunStaticPlayerMethod getAccounts answered something unreadable \(no xPlayer for server id 4\)/),
    ]);
  });

  it('a core object without Functions.GetPlayer: no live records for it, told once', async () => {
    const s = start((fx) => fx.start('qb-core', { GetCoreObject: () => ({ Functions: [] }) }));
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('KQW48213', 3, 1));
    expect(s.live.presence('beta', 'KQW48213').online).toBe(true);
    expect(await s.live.liveRow('beta', 'KQW48213')).toBeNull();
    expect(s.warnings).toEqual([expect.stringMatching(/qb-core GetCoreObject answered something unreadable/)]);
  });
});

describe('live_records off', () => {
  it('reads no framework per lookup; presence is still kept', async () => {
    const s = start(
      (fx) =>
        fx.start('qbx_core', {
          GetPlayersData: () => [qbPlayer('QX7M2K9B', 5, 80).PlayerData],
          GetPlayer: () => qbPlayer('QX7M2K9B', 5, 80),
        }),
      { enabled: false },
    );
    await settled();
    expect(s.live.presence('beta', 'QX7M2K9B')).toEqual({ online: true, server_id: 5 });
    expect(await s.live.liveRow('beta', 'QX7M2K9B')).toBeNull();
    expect(s.fx.count('qbx_core.GetPlayer')).toBe(0);
  });
});

describe('a framework that starts after the resource', () => {
  it('is found when it starts, with the players it has loaded', async () => {
    const s = start(() => undefined);
    expect(s.live.presence('beta', 'QX7M2K9B').online).toBe(false);
    s.fx.start('qbx_core', {
      GetPlayersData: () => [qbPlayer('QX7M2K9B', 5, 80).PlayerData],
      GetPlayer: () => qbPlayer('QX7M2K9B', 5, 80),
    });
    await settled();
    expect(s.live.presence('beta', 'QX7M2K9B')).toEqual({ online: true, server_id: 5 });
    expect(await s.live.liveRow('beta', 'QX7M2K9B')).not.toBeNull();
  });
});

describe('watch: the changes the attached framework tells', () => {
  function watched(s: Started) {
    const told: string[] = [];
    const stop = s.live.watch((format, id) => told.push(`${format} ${id}`));
    return { told, stop };
  }

  it('es_extended: load, job, duty (setJob), money and unload; esx:playerLogout alone tells nothing', async () => {
    const players = new Map([[4, xPlayerMethods(ESX_ID, 1840)]]);
    const s = start((fx) => {
      fx.players = ['4'];
      fx.start('es_extended', esxStatic(players));
    });
    await settled();
    const { told } = watched(s);
    s.fx.emitEvent('esx:playerLoaded', 12, { identifier: 'char2:aa' }, false);
    s.fx.emitEvent('esx:setJob', 4, { name: 'police', grade: 2, onDuty: false }, { name: 'police', grade: 1 });
    for (const event of ['esx:setAccountMoney', 'esx:addAccountMoney', 'esx:removeAccountMoney']) s.fx.emitEvent(event, 4, 'bank', 10, 'x');
    s.fx.emitEvent('esx:playerLogout', 12);
    s.fx.emitEvent('esx:playerDropped', 12, 'esx_player_logout');
    // A player who holds no character changes nobody's record.
    s.fx.emitEvent('esx:setJob', 77, { name: 'police' }, {});
    expect(told).toEqual(['alpha char2:aa', ...Array(4).fill(`alpha ${ESX_ID}`), 'alpha char2:aa']);
  });

  it('qb-core: load, OnJobUpdate, SetDuty, OnMoneyChange, unload and playerDropped; stops when asked', async () => {
    const s = start((fx) =>
      fx.start('qb-core', {
        GetOfflinePlayerByLicense: () => undefined,
        GetShared: () => ({}),
        GetPlayers: () => [],
        GetPlayer: () => undefined,
      }),
    );
    await settled();
    const { told, stop } = watched(s);
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('ABC12345', 8, 1));
    s.fx.emitEvent('QBCore:Server:OnJobUpdate', 8, { name: 'police' });
    s.fx.emitEvent('QBCore:Server:SetDuty', 8, false);
    s.fx.emitEvent('QBCore:Server:OnMoneyChange', 8, 'cash', 5, 'add', 'test');
    // qbx_core's own events are not qb-core's.
    s.fx.emitEvent('qbx_core:server:onGroupUpdate', 8, 'police', 1);
    s.fx.emitEvent('QBCore:Server:OnPlayerUnload', 8);
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('ABC12345', 9, 1));
    s.fx.emitFrom('9', 'playerDropped', 'Exiting');
    expect(told).toEqual(Array(7).fill('beta ABC12345'));
    stop();
    s.fx.emitEvent('QBCore:Server:PlayerLoaded', qbPlayer('ABC12345', 9, 1));
    expect(told).toHaveLength(7);
  });

  it('qbx_core: onGroupUpdate and playerLoggedOut too; a restart of it tells who is online again', async () => {
    const player = qbPlayer('QX7M2K9B', 5, 80);
    const exports = { GetPlayersData: () => [player.PlayerData], GetPlayer: () => player };
    const s = start((fx) => fx.start('qbx_core', exports));
    await settled();
    const { told } = watched(s);
    s.fx.emitEvent('qbx_core:server:onGroupUpdate', 5, 'police', 2);
    s.fx.emitEvent('qbx_core:server:playerLoggedOut', 5);
    expect(told).toEqual(['beta QX7M2K9B', 'beta QX7M2K9B']);
    s.fx.start('qbx_core', exports);
    await settled();
    expect(told).toEqual(['beta QX7M2K9B', 'beta QX7M2K9B', 'beta QX7M2K9B']);
  });
});
