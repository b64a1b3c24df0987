/**
 * How each framework generation is read (docs/live.md): which exports it offers, which of them is
 * the cheapest way to one player's in-memory data, and how to list the players it has loaded.
 *
 * Each export call packs its whole answer through msgpack, and every Lua function inside it
 * becomes a new function reference, so the readers ask for as little as the generation allows and
 * never call `GetCoreObject()`/`getSharedObject()` per lookup (each packs the whole core). Where a
 * generation offers nothing else, that object is fetched once, when the framework is found (at
 * start and when it restarts), and the function references it holds are kept.
 */
import type { EsxPlayerParts, LiveFamily, QbPlayerParts } from '../../live/parts';
import { asList, asRecord, asString } from '../../formats/common/coerce';
import { callFramework, LiveTrouble } from './calls';
import type { AnyFunction, LiveFx } from './fx';
import { serverIdOf, type OnlineCitizen } from './online';

export interface FrameworkReader {
  /** The framework resource, e.g. `qbx_core`. */
  readonly resource: string;
  readonly family: LiveFamily;
  /** The generation and the calls used, for the start-up log line. */
  readonly description: string;
  /** The characters it has loaded now. Throws LiveTrouble. */
  loaded(): Promise<OnlineCitizen[]>;
  /** One loaded player's in-memory data. Throws LiveTrouble. */
  read(citizen: OnlineCitizen): Promise<EsxPlayerParts | QbPlayerParts>;
}

export interface ReaderContext {
  fx: LiveFx;
  /** The bound on one framework call that answers a Promise. */
  timeoutMs: number;
}

/** The frameworks of each family, in the order they are looked for. */
export const FRAMEWORKS: Record<LiveFamily, readonly string[]> = {
  esx: ['es_extended'],
  // qbx_core also `provide`s qb-core and serves its exports through a bridge: its own are read.
  qb: ['qbx_core', 'qb-core'],
};

/** The family a framework resource belongs to, or undefined for any other resource. */
export function familyOf(resource: string): LiveFamily | undefined {
  return (Object.keys(FRAMEWORKS) as LiveFamily[]).find((family) => FRAMEWORKS[family].includes(resource));
}

function hasExport(fx: LiveFx, resource: string, name: string): boolean {
  try {
    fx.resourceExport(resource, name);
    return true;
  } catch {
    return false;
  }
}

/** Calls into one framework resource, each bounded (calls.ts) and named in what a trouble says. */
function caller({ fx, timeoutMs }: ReaderContext, resource: string) {
  const named = (label: string, name: string, ...args: unknown[]) =>
    callFramework(label, () => fx.resourceExport(resource, name)(...args), fx, timeoutMs);
  return {
    named,
    /** `exports[resource][name](...args)`. */
    export: (name: string, ...args: unknown[]) => named(name, name, ...args),
    /** A kept function reference. */
    ref: (label: string, fn: AnyFunction, ...args: unknown[]) => callFramework(label, () => fn(...args), fx, timeoutMs),
  };
}

const unreadable = (call: string, detail: string) => new LiveTrouble('unreadable', call, detail);

/**
 * `trouble`, once the Promise an object-fetching export answered (a Lua export that yielded) is
 * left to settle unread: its own rejection at the call bound is no news beyond `trouble`.
 */
function settledAside(answer: Promise<unknown>, trouble: LiveTrouble): LiveTrouble {
  answer.catch(() => undefined);
  return trouble;
}

/** A table, or LiveTrouble: an answer that is no table is no player. */
function table(value: unknown, call: string, what: string): Record<string, unknown> {
  const record = asRecord(value);
  if (!record) throw unreadable(call, `${what} is ${value === undefined || value === null ? 'nothing' : `a ${typeof value}`}`);
  return record;
}

/** PlayerData of a qb-core/qbx_core Player, checked to be the wanted citizen's. */
function playerDataOf(player: unknown, citizen: OnlineCitizen, call: string): Record<string, unknown> {
  const data = table(table(player, call, `the player of server id ${citizen.serverId}`).PlayerData, call, 'its PlayerData');
  if (asString(data.citizenid).toUpperCase() !== citizen.identifier.toUpperCase()) {
    throw unreadable(
      call,
      `server id ${citizen.serverId} holds citizenid ${asString(data.citizenid) || '(none)'}, not ${citizen.identifier}`,
    );
  }
  return data;
}

/** Citizens from a list (or slot table) of PlayerData. */
function fromPlayerData(list: unknown): OnlineCitizen[] {
  return asList(list).flatMap((entry) => {
    const data = asRecord(entry);
    const serverId = serverIdOf(data?.source);
    const identifier = asString(data?.citizenid);
    return serverId !== null && identifier !== '' ? [{ identifier, serverId }] : [];
  });
}

// ---- es_extended -------------------------------------------------------------------------------

const ESX = 'es_extended';

/** The xPlayer methods Core.SavePlayer calls, with its arguments (minimal forms). */
const ESX_METHODS: ReadonlyArray<[key: Exclude<keyof EsxPlayerParts, 'family'>, method: string, ...args: unknown[]]> = [
  ['accounts', 'getAccounts', true],
  ['job', 'getJob'],
  ['group', 'getGroup'],
  ['inventory', 'getInventory', true],
  ['loadout', 'getLoadout', true],
  ['metadata', 'getMeta'],
];

/**
 * es_extended 1.13+ (esx_core df287b04, 2025-01): `RunStaticPlayerMethod(source, method, …)` calls
 * one xPlayer method without packing the xPlayer (`[core]/es_extended/server/classes/player.lua`).
 */
function esxStatic(context: ReaderContext): FrameworkReader {
  const call = caller(context, ESX);
  const method = async (serverId: number, name: string, ...args: unknown[]) =>
    call.named(`RunStaticPlayerMethod ${name}`, 'RunStaticPlayerMethod', serverId, name, ...args);
  return {
    resource: ESX,
    family: 'esx',
    description: 'es_extended 1.13+ (RunStaticPlayerMethod)',
    async loaded() {
      const citizens: OnlineCitizen[] = [];
      for (const player of context.fx.connectedPlayers()) {
        const serverId = serverIdOf(player);
        if (serverId === null) continue;
        // Connected but not loaded (choosing a character): no xPlayer, nothing answered.
        const identifier = asString(await method(serverId, 'getIdentifier'));
        if (identifier !== '') citizens.push({ identifier, serverId });
      }
      return citizens;
    },
    async read({ serverId }) {
      const answers = await Promise.all(ESX_METHODS.map(([, name, ...args]) => method(serverId, name, ...args)));
      // An unloaded player answers nothing to every method; accounts are never empty.
      if (answers[0] === undefined || answers[0] === null)
        throw unreadable('RunStaticPlayerMethod getAccounts', `no xPlayer for server id ${serverId}`);
      const parts = { family: 'esx' } as EsxPlayerParts;
      for (const [index, [key]] of ESX_METHODS.entries()) parts[key] = answers[index];
      return parts;
    },
  };
}

/**
 * es_extended before 1.13: the shared object (`exports.es_extended:getSharedObject()`, or the
 * `esx:getSharedObject` event of builds before that export), fetched once; per lookup its kept
 * `GetPlayerFromId` reference, whose xPlayer carries the fields the save writes.
 */
function esxShared(context: ReaderContext): FrameworkReader {
  const call = caller(context, ESX);
  let shared: unknown;
  if (hasExport(context.fx, ESX, 'getSharedObject')) {
    shared = call.export('getSharedObject');
  } else {
    context.fx.emit('esx:getSharedObject', (object: unknown) => (shared = object));
  }
  if (shared instanceof Promise) throw settledAside(shared, unreadable('getSharedObject', 'it answered a Promise'));
  const object = table(shared, 'getSharedObject', 'the shared object');
  const getPlayerFromId = object.GetPlayerFromId;
  if (typeof getPlayerFromId !== 'function') throw unreadable('getSharedObject', 'it has no GetPlayerFromId function');
  return {
    resource: ESX,
    family: 'esx',
    description: 'es_extended before 1.13 (shared object fetched once, its GetPlayerFromId)',
    async loaded() {
      // ESX.Players as the shared object was packed: a moment ago.
      return asList(object.Players).flatMap((entry) => {
        const xPlayer = asRecord(entry);
        const serverId = serverIdOf(xPlayer?.source ?? xPlayer?.playerId);
        const identifier = asString(xPlayer?.identifier);
        return serverId !== null && identifier !== '' ? [{ identifier, serverId }] : [];
      });
    },
    async read(citizen) {
      const xPlayer = table(
        await call.ref('GetPlayerFromId', getPlayerFromId as AnyFunction, citizen.serverId),
        'GetPlayerFromId',
        `the xPlayer of server id ${citizen.serverId}`,
      );
      if (asString(xPlayer.identifier) !== citizen.identifier) {
        throw unreadable(
          'GetPlayerFromId',
          `server id ${citizen.serverId} holds ${asString(xPlayer.identifier) || '(none)'}, not ${citizen.identifier}`,
        );
      }
      const { accounts, job, group, inventory, loadout, metadata } = xPlayer;
      return { family: 'esx', accounts, job, group, inventory, loadout, metadata };
    },
  };
}

// ---- qb-core -----------------------------------------------------------------------------------

const QB = 'qb-core';

/** The sources qb-core has loaded (`GetPlayers`), each read with `GetPlayer` for its citizenid. */
async function qbLoaded(call: ReturnType<typeof caller>): Promise<OnlineCitizen[]> {
  const players: unknown[] = [];
  for (const source of asList(await call.export('GetPlayers'))) players.push(asRecord(await call.export('GetPlayer', source))?.PlayerData);
  return fromPlayerData(players);
}

/**
 * qb-core from 2025-01 (9adb33b: every QBCore.Functions is an export) and from 2026-05 (74ac036:
 * `GetPlayerByCitizenId` looks the citizenid up in `PlayersByCitizenId` and answers an interface
 * without `Offline`). Before 2026-05 GetPlayerByCitizenId walks every player, GetPlayer(source) is
 * a table index: that one is used there.
 */
function qbExports(context: ReaderContext, byCitizenId: boolean): FrameworkReader {
  const call = caller(context, QB);
  return {
    resource: QB,
    family: 'qb',
    description: byCitizenId ? 'qb-core 2026-05+ (GetPlayerByCitizenId)' : 'qb-core 2025-01 to 2026-05 (GetPlayer export)',
    loaded: () => qbLoaded(call),
    async read(citizen) {
      const name = byCitizenId ? 'GetPlayerByCitizenId' : 'GetPlayer';
      const player = await call.export(name, byCitizenId ? citizen.identifier : citizen.serverId);
      return { family: 'qb', playerData: playerDataOf(player, citizen, name) };
    },
  };
}

/**
 * qb-core before 2025-01: only `GetCoreObject()`, fetched once; per lookup its kept
 * `Functions.GetPlayer` reference (a table index by source).
 */
function qbCoreObject(context: ReaderContext): FrameworkReader {
  const call = caller(context, QB);
  const core = call.export('GetCoreObject');
  if (core instanceof Promise) throw settledAside(core, unreadable('GetCoreObject', 'it answered a Promise'));
  const object = table(core, 'GetCoreObject', 'the core object');
  const getPlayer = asRecord(object.Functions)?.GetPlayer;
  if (typeof getPlayer !== 'function') throw unreadable('GetCoreObject', 'it has no Functions.GetPlayer');
  return {
    resource: QB,
    family: 'qb',
    description: 'qb-core before 2025-01 (core object fetched once, its Functions.GetPlayer)',
    // QBCore.Players as the core object was packed: a moment ago.
    loaded: async () => fromPlayerData(asList(object.Players).map((player) => asRecord(player)?.PlayerData)),
    async read(citizen) {
      const player = await call.ref('Functions.GetPlayer', getPlayer as AnyFunction, citizen.serverId);
      return { family: 'qb', playerData: playerDataOf(player, citizen, 'Functions.GetPlayer') };
    },
  };
}

// ---- qbx_core ----------------------------------------------------------------------------------

const QBX = 'qbx_core';
const OX_INVENTORY = 'ox_inventory';
const QBX_STATE_KEYS = ['hunger', 'thirst', 'stress'] as const;

/**
 * qbx_core (Qbox-project/qbx_core@959b77b): `GetPlayersData()` (every PlayerData, no functions)
 * to list the players; per lookup `GetPlayer(source)` (a table index), whose one PlayerData and 22
 * Functions references pack far less than every online player's PlayerData would. Items belong to
 * ox_inventory (`GetInventoryItems(source)`, its slot table), the live hunger, thirst and stress
 * to the player's state bag (`server/player.lua` Save copies them into metadata only when saving).
 */
function qbx(context: ReaderContext): FrameworkReader {
  const call = caller(context, QBX);
  const { fx } = context;
  return {
    resource: QBX,
    family: 'qb',
    description: 'qbx_core (GetPlayer, state bags, ox_inventory GetInventoryItems)',
    loaded: async () => fromPlayerData(await call.export('GetPlayersData')),
    async read(citizen) {
      const playerData = playerDataOf(await call.export('GetPlayer', citizen.serverId), citizen, 'GetPlayer');
      const state: Record<string, unknown> = {};
      for (const key of QBX_STATE_KEYS) {
        const value = callFramework('GetStateBagValue', () => fx.stateBagValue(`player:${citizen.serverId}`, key), fx, context.timeoutMs);
        if (value !== null && value !== undefined) state[key] = value;
      }
      const parts: QbPlayerParts = { family: 'qb', playerData, state };
      // Without ox_inventory (not started yet, or stopped) the database's items stay.
      parts.items = null;
      if (fx.resourceState(OX_INVENTORY) === 'started') {
        parts.items = await callFramework(
          'GetInventoryItems',
          () => fx.resourceExport(OX_INVENTORY, 'GetInventoryItems')(citizen.serverId),
          fx,
          context.timeoutMs,
        );
        if (parts.items === null || parts.items === undefined || typeof parts.items !== 'object')
          throw unreadable('ox_inventory GetInventoryItems', `no inventory for server id ${citizen.serverId}`);
      }
      return parts;
    },
  };
}

/**
 * The reader of `resource` when it is started and is a framework this resource reads; undefined
 * otherwise. Throws LiveTrouble when the framework answers its one-time fetch with nonsense.
 */
export function detectFramework(resource: string, context: ReaderContext): FrameworkReader | undefined {
  const { fx } = context;
  if (fx.resourceState(resource) !== 'started') return undefined;
  switch (resource) {
    case ESX:
      return hasExport(fx, ESX, 'RunStaticPlayerMethod') ? esxStatic(context) : esxShared(context);
    case QB:
      if (hasExport(fx, QB, 'GetShared')) return qbExports(context, true);
      if (hasExport(fx, QB, 'GetPlayer')) return qbExports(context, false);
      return qbCoreObject(context);
    case QBX:
      return qbx(context);
    default:
      return undefined;
  }
}
