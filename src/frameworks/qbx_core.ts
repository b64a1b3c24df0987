/**
 * qbx_core (Qbox-project/qbx_core; docs/live.md#qbx_core-in-memory): all this resource knows of it, verified
 * at 959b77b (v1.23.0). It also `provide`s qb-core and serves qb-core's exports through a bridge;
 * its own exports are read (watch.ts looks for it before qb-core).
 *
 * `GetPlayersData()` (every PlayerData, no functions) lists the players; per lookup
 * `GetPlayer(source)` (a table index), whose one PlayerData and ~22 Functions references pack far
 * less than every online player's PlayerData would. Items belong to ox_inventory
 * (`GetInventoryItems(source)`, its slot table), the live hunger, thirst and stress to the
 * player's state bag (server/player.lua's Save copies them into metadata only when saving).
 */
import type { QbPlayerParts } from '../live/parts';
import { callFramework, frameworkCaller, tryExport, unreadable, type FrameworkContext } from './calls';
import type { Framework, Generation, PlayerReader } from './framework';
import { fromPlayerData, playerDataOf, QB_EVENTS } from './qb-player';

const RESOURCE = 'qbx_core';
const OX_INVENTORY = 'ox_inventory';
const STATE_KEYS = ['hunger', 'thirst', 'stress'] as const;

function reader(context: FrameworkContext): PlayerReader {
  const call = frameworkCaller(context, RESOURCE);
  const { natives, timeoutMs } = context;
  return {
    loaded: async () => fromPlayerData(await call.export('GetPlayersData')),
    async read(citizen) {
      const playerData = playerDataOf(await call.export('GetPlayer', citizen.serverId), citizen, 'GetPlayer');
      const state: Record<string, unknown> = {};
      for (const key of STATE_KEYS) {
        const value = callFramework('GetStateBagValue', () => natives.stateBagValue(`player:${citizen.serverId}`, key), timeoutMs);
        if (value !== null && value !== undefined) state[key] = value;
      }
      const parts: QbPlayerParts = { family: 'qb', playerData, state };
      // Without ox_inventory (not started yet, or stopped) the database's items stay.
      parts.items = null;
      if (natives.resourceState(OX_INVENTORY) === 'started') {
        parts.items = await callFramework(
          'GetInventoryItems',
          () => natives.resourceExport(OX_INVENTORY, 'GetInventoryItems')(citizen.serverId),
          timeoutMs,
        );
        if (parts.items === null || parts.items === undefined || typeof parts.items !== 'object')
          throw unreadable('ox_inventory GetInventoryItems', `no inventory for server id ${citizen.serverId}`);
      }
      return parts;
    },
  };
}

const V1: Generation = {
  description: 'qbx_core (GetPlayer, state bags, ox_inventory GetInventoryItems)',
  present: () => true,
  events: {
    ...QB_EVENTS,
    // Logout fires QBCore:Server:OnPlayerUnload, then qbx_core:server:playerLoggedOut (server/player.lua:747, 757).
    unload: [...QB_EVENTS.unload, 'qbx_core:server:playerLoggedOut'],
    // A job added to or removed from the player's jobs (server/player.lua:326, 373), besides his primary job's.
    job: [...QB_EVENTS.job, 'qbx_core:server:onGroupUpdate'],
  },
  // A definition created, changed or removed (server/groups.lua:112-120); the qb bridge's AddJob… fire UpdateObject.
  sharedChanged: ['qbx_core:server:onJobUpdate', 'qbx_core:server:onGangUpdate', 'QBCore:Server:UpdateObject'],
  players: reader,
  shared: (context) => ({
    jobs: tryExport(context, RESOURCE, 'GetJobs'),
    gangs: tryExport(context, RESOURCE, 'GetGangs'),
    // server/main.lua: the shared vehicles keyed by model name.
    vehicles: tryExport(context, RESOURCE, 'GetVehiclesByName'),
  }),
};

export const qbxCore: Framework = { resource: RESOURCE, family: 'qb', generations: [V1] };
