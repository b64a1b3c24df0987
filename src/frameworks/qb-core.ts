/**
 * qb-core (qbcore-framework/qb-core; docs/live.md#qb-core-in-memory): all this resource knows of it. Its
 * generations, checked against its history, each told apart by an export that generation has and
 * every older one lacks:
 *
 * - 2026-05 on (74ac036, 2026-05-19): server/player.lua's exports, registered after the
 *   QBCore.Functions loop so they win: `GetPlayerByCitizenId` looks the citizenid up in
 *   `QBCore.PlayersByCitizenId` and answers the Player's interface. Told by
 *   `GetOfflinePlayerByLicense`, an export first registered there (before, only
 *   `QBCore.Player.GetOfflinePlayerByLicense` existed, which the loop does not export).
 *   `GetSharedJobs`/`GetSharedGangs`/`GetSharedVehicles` are gone; `GetShared(namespace)` answers
 *   the whole list only from 42b2707 (2026-05-19): at 74ac036 it answers nil without an item.
 * - 2025-01 to 2026-05 (9adb33b, 2025-01-25, to 891b039): every `QBCore.Functions.*` is an export
 *   (server/functions.lua's loop), told by `GetPlayer`. `GetPlayerByCitizenId` there walks every
 *   player and answers the raw Player (PlayerData and its ~21 Functions closures, each a new
 *   function reference per call), so a lookup asks `GetPlayer(source)`, a table index. From
 *   3da7c33 (2025-11-20) it also exports `GetShared`, as `QBCore.Shared[namespace]?[item]`: nil
 *   without an item, so the lists come from `GetSharedJobs`/`GetSharedGangs`/`GetSharedVehicles`,
 *   and `GetShared` tells nothing about the generation.
 * - Before 2025-01: only `GetCoreObject()`, fetched once; per lookup its kept
 *   `Functions.GetPlayer` reference (a table index by source).
 */
import { asList, asRecord } from '../values/coerce';
import type { AnyFunction } from '../natives';
import {
  frameworkCaller,
  hasExport,
  settledAside,
  table,
  tryExport,
  unreadable,
  type FrameworkCaller,
  type FrameworkContext,
} from './calls';
import type { Framework, Generation, PlayerReader, SharedLists } from './framework';
import type { OnlineCitizen } from './online';
import { fromPlayerData, playerDataOf, QB_EVENTS } from './qb-player';

const RESOURCE = 'qb-core';

/** Fired by AddJob, UpdateJob, AddGang, … (server/exports.lua) after they changed QBCore.Shared. */
const SHARED_CHANGED = ['QBCore:Server:UpdateObject'];

/** The sources qb-core has loaded (`GetPlayers`), each read with `GetPlayer` for its citizenid. */
async function loadedBySource(call: FrameworkCaller): Promise<OnlineCitizen[]> {
  const players: unknown[] = [];
  for (const source of asList(await call.export('GetPlayers'))) players.push(asRecord(await call.export('GetPlayer', source))?.PlayerData);
  return fromPlayerData(players);
}

/** A reader asking one export per lookup: by citizenid (2026-05 on) or by source (2025-01 to 2026-05). */
function exportReader(context: FrameworkContext, by: 'GetPlayerByCitizenId' | 'GetPlayer'): PlayerReader {
  const call = frameworkCaller(context, RESOURCE);
  return {
    loaded: () => loadedBySource(call),
    async read(citizen) {
      const player = await call.export(by, by === 'GetPlayer' ? citizen.serverId : citizen.identifier);
      return { family: 'qb', playerData: playerDataOf(player, citizen, by) };
    },
  };
}

function coreObjectReader(context: FrameworkContext): PlayerReader {
  const call = frameworkCaller(context, RESOURCE);
  const core = call.export('GetCoreObject');
  if (core instanceof Promise) throw settledAside(core, unreadable('GetCoreObject', 'it answered a Promise'));
  const object = table(core, 'GetCoreObject', 'the core object');
  const getPlayer = asRecord(object.Functions)?.GetPlayer;
  if (typeof getPlayer !== 'function') throw unreadable('GetCoreObject', 'it has no Functions.GetPlayer');
  return {
    // QBCore.Players as the core object was packed: a moment ago.
    loaded: async () => fromPlayerData(asList(object.Players).map((player) => asRecord(player)?.PlayerData)),
    async read(citizen) {
      const player = await call.ref('Functions.GetPlayer', getPlayer as AnyFunction, citizen.serverId);
      return { family: 'qb', playerData: playerDataOf(player, citizen, 'Functions.GetPlayer') };
    },
  };
}

/**
 * The lists in the core object's `Shared`. `GetCoreObject(filters)` packs only the keys asked
 * for from 9adb33b on; before, it ignores them and packs the whole core.
 */
function coreShared(context: FrameworkContext): SharedLists {
  const shared = asRecord(asRecord(tryExport(context, RESOURCE, 'GetCoreObject', ['Shared']))?.Shared);
  return { jobs: shared?.Jobs, gangs: shared?.Gangs, vehicles: shared?.Vehicles };
}

const missing = (value: unknown) => value === undefined || value === null;

const FROM_2026_05: Generation = {
  description: 'qb-core 2026-05+ (GetPlayerByCitizenId)',
  present: (context) => hasExport(context, RESOURCE, 'GetOfflinePlayerByLicense'),
  events: QB_EVENTS,
  sharedChanged: SHARED_CHANGED,
  players: (context) => exportReader(context, 'GetPlayerByCitizenId'),
  shared(context) {
    const get = (namespace: string) => tryExport(context, RESOURCE, 'GetShared', namespace);
    const lists = { jobs: get('Jobs'), gangs: get('Gangs'), vehicles: get('Vehicles') };
    if (!missing(lists.jobs) && !missing(lists.gangs) && !missing(lists.vehicles)) return lists;
    // 74ac036: GetShared answers nil for a whole namespace (fixed in 42b2707).
    const core = coreShared(context);
    return { jobs: lists.jobs ?? core.jobs, gangs: lists.gangs ?? core.gangs, vehicles: lists.vehicles ?? core.vehicles };
  },
};

const FROM_2025_01: Generation = {
  description: 'qb-core 2025-01 to 2026-05 (GetPlayer export)',
  present: (context) => hasExport(context, RESOURCE, 'GetPlayer'),
  events: QB_EVENTS,
  sharedChanged: SHARED_CHANGED,
  players: (context) => exportReader(context, 'GetPlayer'),
  shared: (context) => ({
    jobs: tryExport(context, RESOURCE, 'GetSharedJobs'),
    gangs: tryExport(context, RESOURCE, 'GetSharedGangs'),
    vehicles: tryExport(context, RESOURCE, 'GetSharedVehicles'),
  }),
};

const BEFORE_2025_01: Generation = {
  description: 'qb-core before 2025-01 (core object fetched once, its Functions.GetPlayer)',
  present: () => true,
  events: QB_EVENTS,
  sharedChanged: SHARED_CHANGED,
  players: coreObjectReader,
  shared: coreShared,
};

export const qbCore: Framework = { resource: RESOURCE, family: 'qb', generations: [FROM_2026_05, FROM_2025_01, BEFORE_2025_01] };
