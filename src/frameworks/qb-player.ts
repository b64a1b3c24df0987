/**
 * What qb-core and qbx_core (which grew out of qb-core) share: the layout of a Player
 * (`{PlayerData, Functions…}`) and the events about one, with the same names and arguments in
 * every generation checked (qbcore-framework/qb-core 403d1c8, 9adb33b, 891b039, 37d3b84;
 * Qbox-project/qbx_core 959b77b; docs/live.md#framework-events).
 */
import { asList, asRecord, asString } from '../values/coerce';
import { table, unreadable } from './calls';
import type { PlayerEvents } from './framework';
import { citizenOf, type OnlineCitizen } from './online';

/** PlayerData of a Player, checked to be the wanted citizen's. */
export function playerDataOf(player: unknown, citizen: OnlineCitizen, call: string): Record<string, unknown> {
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
export function fromPlayerData(list: unknown): OnlineCitizen[] {
  return asList(list).flatMap((entry) => {
    const data = asRecord(entry);
    return citizenOf(asString(data?.citizenid), data?.source) ?? [];
  });
}

/**
 * The events qb-core fires in every generation: `QBCore:Server:PlayerLoaded(Player)`,
 * `QBCore:Server:OnPlayerUnload(source)` (at logout; from 74ac036 also at a drop),
 * `QBCore:Server:OnJobUpdate(source, job)` (SetJob and SetJobDuty; from 74ac036 re-fired from
 * `QBCore:Server:OnPlayerUpdated`), `QBCore:Server:SetDuty(source, onduty)` (the duty toggle),
 * `QBCore:Server:OnMoneyChange(source, type, amount, action, reason)`.
 */
export const QB_EVENTS: PlayerEvents = {
  load: {
    event: 'QBCore:Server:PlayerLoaded',
    citizen: ([player]) => {
      const data = asRecord(asRecord(player)?.PlayerData);
      return citizenOf(asString(data?.citizenid), data?.source);
    },
  },
  unload: ['QBCore:Server:OnPlayerUnload'],
  job: ['QBCore:Server:OnJobUpdate'],
  duty: ['QBCore:Server:SetDuty'],
  money: ['QBCore:Server:OnMoneyChange'],
};
