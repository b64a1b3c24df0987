/**
 * Live records, the FiveM side: finds the framework of each family running beside the resource
 * (at start, and again whenever one starts or stops), keeps the set of online citizens from its
 * load and unload events, and reads one online citizen's in-memory data and ped when a lookup
 * asks. The core sees it only as a LiveSource.
 */
import { OFFLINE, type LiveSource, type Presence } from '../../live/source';
import type { FormatName } from '../../formats/registry';
import type { FormatLive, LiveFamily, LiveParts } from '../../live/parts';
import { asRecord, asString } from '../../formats/common/coerce';
import { createTroubleLog, LiveTrouble } from './calls';
import { detectFramework, familyOf, FRAMEWORKS, type FrameworkReader } from './frameworks';
import { FX, type LiveFx } from './fx';
import { OnlineSet, serverIdOf } from './online';
import { oneSyncEnabled, readPed } from './ped';

/**
 * How long one framework call that answers a Promise may take. Framework reads are in-memory
 * table lookups; one that waits is stuck on something (a Lua export that yields), and the
 * database record is the answer meanwhile.
 */
export const LIVE_CALL_TIMEOUT_MS = 250;

export interface LiveRecordsOptions {
  /** What each format says about its live records, by format name (the format registry's). */
  formats: Partial<Record<FormatName, FormatLive>>;
  /** Convar live_records: when false no framework is read per lookup; presence is still kept. */
  enabled: boolean;
  warn(message: string): void;
  info(message: string): void;
  fx?: LiveFx;
  timeoutMs?: number;
}

/** The frameworks' load and unload events (docs/live.md), per family. */
const LOADED: Record<LiveFamily, string> = {
  // (playerId, xPlayer, isNew): es_extended server/main.lua
  esx: 'esx:playerLoaded',
  // (Player): qb-core server/player.lua, qbx_core server/player.lua
  qb: 'QBCore:Server:PlayerLoaded',
};
const UNLOADED: Record<LiveFamily, readonly string[]> = {
  // (playerId, …): a drop, and esx_multicharacter's switch of character
  esx: ['esx:playerDropped', 'esx:playerLogout'],
  // (source): a logout or drop (qb-core, qbx_core), and qbx_core's end of logout
  qb: ['QBCore:Server:OnPlayerUnload', 'qbx_core:server:playerLoggedOut'],
};

/** The character an event's load payload names: ESX's xPlayer, qb's Player. */
function loadedCitizen(family: LiveFamily, args: unknown[]): { identifier: string; serverId: number | null } {
  if (family === 'esx') return { identifier: asString(asRecord(args[1])?.identifier), serverId: serverIdOf(args[0]) };
  const data = asRecord(asRecord(args[0])?.PlayerData);
  return { identifier: asString(data?.citizenid), serverId: serverIdOf(data?.source) };
}

export function startLiveRecords(options: LiveRecordsOptions): LiveSource<Presence> {
  const fx = options.fx ?? FX;
  const context = { fx, timeoutMs: options.timeoutMs ?? LIVE_CALL_TIMEOUT_MS };
  const troubles = createTroubleLog(options.warn);
  const oneSync = oneSyncEnabled(fx);
  /** Each format with live records, and the set of its online citizens. */
  const tracked = new Map(
    (Object.entries(options.formats) as Array<[string, FormatLive]>).map(([format, live]) => [
      format,
      { live, set: new OnlineSet(live.key) },
    ]),
  );
  const families = new Set([...tracked.values()].map(({ live }) => live.family));
  const readers = new Map<LiveFamily, FrameworkReader>();
  /** Bumped at each (re)attach, so a slow rebuild of an earlier one is dropped. */
  const attached = new Map<LiveFamily, number>();

  const setsOf = (family: LiveFamily) => [...tracked.values()].filter(({ live }) => live.family === family).map(({ set }) => set);

  /** Finds the family's framework again, and the citizens it has loaded. */
  function attach(family: LiveFamily): void {
    const generation = (attached.get(family) ?? 0) + 1;
    attached.set(family, generation);
    readers.delete(family);
    for (const set of setsOf(family)) set.clear();
    for (const resource of FRAMEWORKS[family]) {
      let reader: FrameworkReader | undefined;
      try {
        reader = detectFramework(resource, context);
      } catch (error) {
        troubles.report(resource, error);
        return;
      }
      if (!reader) continue;
      readers.set(family, reader);
      const found = reader;
      found.loaded().then(
        (citizens) => {
          if (attached.get(family) !== generation) return;
          for (const citizen of citizens) for (const set of setsOf(family)) set.add(citizen);
          options.info(`live records: ${found.description}; ${citizens.length} citizens online`);
        },
        (error: unknown) => troubles.report(found.resource, error),
      );
      return;
    }
  }

  for (const family of families) {
    attach(family);
    fx.on(LOADED[family], (...args: never[]) => {
      const { identifier, serverId } = loadedCitizen(family, args);
      if (identifier !== '' && serverId !== null) for (const set of setsOf(family)) set.add({ identifier, serverId });
    });
    for (const event of UNLOADED[family]) {
      fx.on(event, (playerId: never) => {
        const serverId = serverIdOf(playerId);
        if (serverId !== null) for (const set of setsOf(family)) set.removeServerId(serverId);
      });
    }
  }
  // FXServer's own: the player left, whatever his framework said or failed to say.
  fx.on('playerDropped', () => {
    const serverId = serverIdOf(fx.eventSource());
    if (serverId !== null) for (const { set } of tracked.values()) set.removeServerId(serverId);
  });
  fx.on('onServerResourceStart', (resource: never) => {
    const family = familyOf(resource);
    if (!family || !families.has(family)) return;
    troubles.forget(resource);
    attach(family);
  });
  fx.on('onServerResourceStop', (resource: never) => {
    const family = familyOf(resource);
    if (!family || readers.get(family)?.resource !== resource) return;
    // A restart: FXServer tells the stop a tick late, when the framework runs again; its start event follows and attaches.
    if (fx.resourceState(resource) === 'started') return;
    options.warn(`live records: ${String(resource)} stopped; records come from the database until it starts again`);
    attach(family);
  });

  /** The online citizen a lookup names, and his format's family; undefined when he is offline. */
  function find(format: string, id: string) {
    const entry = tracked.get(format);
    const citizen = entry?.set.find(entry.live.candidates(id));
    return entry && citizen && { citizen, family: entry.live.family };
  }

  return {
    presence(format, id): Presence {
      const found = find(format, id);
      return found ? { online: true, server_id: found.citizen.serverId } : OFFLINE;
    },
    async liveRow(format, id): Promise<LiveParts | null> {
      if (!options.enabled) return null;
      const found = find(format, id);
      const reader = found && readers.get(found.family);
      if (!found || !reader) return null;
      const { citizen } = found;
      let player: LiveParts['player'];
      try {
        player = await reader.read(citizen);
      } catch (error) {
        troubles.report(reader.resource, error);
        return null;
      }
      let ped: LiveParts['ped'] = null;
      if (oneSync) {
        try {
          ped = readPed(fx, citizen.serverId);
        } catch (error) {
          // The ped is one part: the framework's values are still fresher than the row's.
          troubles.report('FXServer', error);
        }
      }
      return { framework: reader.resource, serverId: citizen.serverId, player, ped };
    },
    version: (format) => (options.enabled ? (tracked.get(format)?.set.version ?? 0) : 0),
    unmergeable(parts) {
      troubles.report(parts.framework, new LiveTrouble('unreadable', 'the player', 'it is not the player data a record is made of'));
    },
  };
}
