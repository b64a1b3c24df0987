/**
 * es_extended (esx-framework/esx_core, `[core]/es_extended/`; docs/live.md#esx-in-memory): all this
 * resource knows of it. Verified at c026092 (1.13.5).
 *
 * Generations, told apart by `RunStaticPlayerMethod` (added in df287b04, 2025-01-22, released in
 * 1.13): with it, one xPlayer method is called without packing the xPlayer; without it, the shared
 * object is fetched once and its `GetPlayerFromId` reference kept. ESX shares no job or vehicle
 * list this resource reads.
 */
import type { EsxPlayerParts } from '../live/parts';
import { asList, asRecord, asString } from '../values/coerce';
import type { AnyFunction } from '../natives';
import { frameworkCaller, hasExport, settledAside, table, unreadable, type FrameworkContext } from './calls';
import type { Framework, Generation, PlayerEvents, PlayerReader } from './framework';
import { citizenOf, serverIdOf, type OnlineCitizen } from './online';

const RESOURCE = 'es_extended';

/**
 * - `esx:playerLoaded(playerId, xPlayer, isNew)` (server/main.lua:348).
 * - `esx:playerDropped(playerId, reason)` (server/main.lua:89): fired at a drop and at a logout.
 *   `esx:playerLogout(playerId)` is not an unload: it is the request to log out (esx_multicharacter
 *   fires it), whose handler (server/main.lua:401) then fires `esx:playerDropped`.
 * - `esx:setJob(playerId, job, lastJob)` (server/classes/player.lua:601): a job, a grade, and the
 *   duty, which is `job.onDuty`, set by `setJob(name, grade, onDuty)`.
 * - `esx:setAccountMoney`/`esx:addAccountMoney`/`esx:removeAccountMoney(playerId, account, money,
 *   reason)` (server/classes/player.lua:401, 423, 450).
 */
const EVENTS: PlayerEvents = {
  load: { event: 'esx:playerLoaded', citizen: ([playerId, xPlayer]) => citizenOf(asString(asRecord(xPlayer)?.identifier), playerId) },
  unload: ['esx:playerDropped'],
  job: ['esx:setJob'],
  duty: ['esx:setJob'],
  money: ['esx:setAccountMoney', 'esx:addAccountMoney', 'esx:removeAccountMoney'],
};

/** The xPlayer methods Core.SavePlayer calls, with its arguments (minimal forms). */
const SAVE_METHODS: ReadonlyArray<[key: Exclude<keyof EsxPlayerParts, 'family'>, method: string, ...args: unknown[]]> = [
  ['accounts', 'getAccounts', true],
  ['job', 'getJob'],
  ['group', 'getGroup'],
  ['inventory', 'getInventory', true],
  ['loadout', 'getLoadout', true],
  ['metadata', 'getMeta'],
];

/** 1.13+: `RunStaticPlayerMethod(source, method, …)` (server/classes/player.lua:957-969). */
function staticMethodReader(context: FrameworkContext): PlayerReader {
  const call = frameworkCaller(context, RESOURCE);
  const method = async (serverId: number, name: string, ...args: unknown[]) =>
    call.named(`RunStaticPlayerMethod ${name}`, 'RunStaticPlayerMethod', serverId, name, ...args);
  return {
    async loaded() {
      const citizens: OnlineCitizen[] = [];
      for (const player of context.natives.connectedPlayers()) {
        const serverId = serverIdOf(player);
        if (serverId === null) continue;
        // Connected but not loaded (choosing a character): no xPlayer, nothing answered.
        const citizen = citizenOf(asString(await method(serverId, 'getIdentifier')), serverId);
        if (citizen) citizens.push(citizen);
      }
      return citizens;
    },
    async read({ serverId }) {
      const answers = await Promise.all(SAVE_METHODS.map(([, name, ...args]) => method(serverId, name, ...args)));
      // An unloaded player answers nothing to every method; accounts are never empty.
      if (answers[0] === undefined || answers[0] === null)
        throw unreadable('RunStaticPlayerMethod getAccounts', `no xPlayer for server id ${serverId}`);
      const parts = { family: 'esx' } as EsxPlayerParts;
      for (const [index, [key]] of SAVE_METHODS.entries()) parts[key] = answers[index];
      return parts;
    },
  };
}

/**
 * Before 1.13: the shared object (`exports.es_extended:getSharedObject()`, or the
 * `esx:getSharedObject` event of builds before that export), fetched once; per lookup its kept
 * `GetPlayerFromId` reference, whose xPlayer carries the fields the save writes.
 */
function sharedObjectReader(context: FrameworkContext): PlayerReader {
  const call = frameworkCaller(context, RESOURCE);
  let shared: unknown;
  if (hasExport(context, RESOURCE, 'getSharedObject')) {
    shared = call.export('getSharedObject');
  } else {
    context.natives.emitEvent('esx:getSharedObject', (object: unknown) => (shared = object));
  }
  if (shared instanceof Promise) throw settledAside(shared, unreadable('getSharedObject', 'it answered a Promise'));
  const object = table(shared, 'getSharedObject', 'the shared object');
  const getPlayerFromId = object.GetPlayerFromId;
  if (typeof getPlayerFromId !== 'function') throw unreadable('getSharedObject', 'it has no GetPlayerFromId function');
  return {
    // ESX.Players as the shared object was packed: a moment ago.
    loaded: async () =>
      asList(object.Players).flatMap((entry) => {
        const xPlayer = asRecord(entry);
        return citizenOf(asString(xPlayer?.identifier), xPlayer?.source ?? xPlayer?.playerId) ?? [];
      }),
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

const LEGACY: Generation = {
  description: 'es_extended 1.13+ (RunStaticPlayerMethod)',
  present: (context) => hasExport(context, RESOURCE, 'RunStaticPlayerMethod'),
  events: EVENTS,
  sharedChanged: [],
  players: staticMethodReader,
};

const BEFORE_1_13: Generation = {
  description: 'es_extended before 1.13 (shared object fetched once, its GetPlayerFromId)',
  present: () => true,
  events: EVENTS,
  sharedChanged: [],
  players: sharedObjectReader,
};

export const esExtended: Framework = { resource: RESOURCE, family: 'esx', generations: [LEGACY, BEFORE_1_13] };
