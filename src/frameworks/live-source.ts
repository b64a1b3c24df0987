/**
 * Live records, the FiveM side: the set of online citizens of each format, kept from the attached
 * framework's load and unload events (and rebuilt from the framework whenever the watcher finds it
 * again), one online citizen's in-memory data and ped when a lookup asks, and the framework's
 * events about an online citizen handed to whoever watches. The core sees it only as a LiveSource.
 */
import { OFFLINE, type LiveListener, type LiveSource, type Presence } from '../live/source';
import type { FormatLive, LiveFamily, LiveFormat, LiveParts } from '../live/parts';
import type { Natives } from '../natives';
import { LiveTrouble, type TroubleLog } from './calls';
import { FRAMEWORKS, type Attached, type FrameworkWatch } from './watch';
import { OnlineSet, serverIdOf, type OnlineCitizen } from './online';
import { oneSyncEnabled, readPed } from './ped';

export interface LiveSourceOptions {
  natives: Natives;
  watch: FrameworkWatch;
  /** What each format says about its live records, by format name (the format registry's). */
  formats: readonly LiveFormat[];
  /** Convar live_records: when false no framework is read per lookup; presence is still kept. */
  enabled: boolean;
  troubles: TroubleLog;
  info(message: string): void;
}

/** Every distinct player event of every generation: each is followed once, and acted on when the attached generation has it. */
const PLAYER_EVENTS = [
  ...new Set(
    FRAMEWORKS.flatMap((f) => f.generations.flatMap(({ events: e }) => [e.load.event, ...e.unload, ...e.job, ...e.duty, ...e.money])),
  ),
];

export class FrameworkLiveSource implements LiveSource<Presence> {
  /** Each format with live records, and the set of its online citizens. */
  private readonly tracked: ReadonlyArray<{ format: string; live: FormatLive; idCandidates(id: string): string[]; set: OnlineSet }>;
  private readonly listeners = new Set<LiveListener>();
  /** Bumped at each (re)attach of a family, so a slow rebuild of an earlier one is dropped. */
  private readonly attachments = new Map<LiveFamily, number>();
  private readonly oneSync: boolean;

  constructor(private readonly options: LiveSourceOptions) {
    this.tracked = options.formats.flatMap(({ name, live, idCandidates }) =>
      live ? [{ format: name, live, idCandidates, set: new OnlineSet(live.key) }] : [],
    );
    this.oneSync = oneSyncEnabled(options.natives);
    options.watch.subscribe({ attached: (family, current) => this.attached(family, current) });
    for (const event of PLAYER_EVENTS) options.natives.onEvent(event, (...args: never[]) => this.playerEvent(event, args));
    // FXServer's own: the player left, whatever his framework said or failed to say.
    options.natives.onEvent('playerDropped', () => {
      const serverId = serverIdOf(options.natives.eventSource());
      if (serverId !== null) for (const family of this.families()) this.unload(family, serverId);
    });
  }

  presence(format: string, id: string): Presence {
    const found = this.find(format, id);
    return found ? { online: true, server_id: found.citizen.serverId } : OFFLINE;
  }

  async liveRow(format: string, id: string): Promise<LiveParts | null> {
    if (!this.options.enabled) return null;
    const found = this.find(format, id);
    const attached = found && this.options.watch.attached(found.family);
    if (!found || !attached?.reader) return null;
    const { citizen } = found;
    const resource = attached.framework.resource;
    let player: LiveParts['player'];
    try {
      player = await attached.reader.read(citizen);
    } catch (error) {
      this.options.troubles.report(resource, error);
      return null;
    }
    let ped: LiveParts['ped'] = null;
    if (this.oneSync) {
      try {
        ped = readPed(this.options.natives, citizen.serverId);
      } catch (error) {
        // The ped is one part: the framework's values are still fresher than the row's.
        this.options.troubles.report('FXServer', error);
      }
    }
    return { framework: resource, serverId: citizen.serverId, player, ped };
  }

  version(format: string): number {
    return this.options.enabled ? (this.tracked.find((t) => t.format === format)?.set.version ?? 0) : 0;
  }

  unmergeable(parts: LiveParts): void {
    this.options.troubles.report(
      parts.framework,
      new LiveTrouble('unreadable', 'the player', 'it is not the player data a record is made of'),
    );
  }

  watch(listener: LiveListener): () => void {
    const own = (format: string, id: string) => listener(format, id);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  private families(): LiveFamily[] {
    return [...new Set(this.tracked.map((t) => t.live.family))];
  }

  private setsOf(family: LiveFamily) {
    return this.tracked.filter((t) => t.live.family === family);
  }

  /** The online citizen a lookup names, and his format's family; undefined when he is offline. */
  private find(format: string, id: string) {
    const entry = this.tracked.find((t) => t.format === format);
    const citizen = entry?.set.find(entry.idCandidates(id).map(entry.live.key));
    return entry && citizen && { citizen, family: entry.live.family };
  }

  private notify(format: string, citizen: OnlineCitizen): void {
    for (const listener of this.listeners) listener(format, citizen.identifier);
  }

  /** The family's framework found again (or gone): nobody is online until it has listed its players. */
  private attached(family: LiveFamily, current: Attached | undefined): void {
    if (!this.families().includes(family)) return;
    const attachment = (this.attachments.get(family) ?? 0) + 1;
    this.attachments.set(family, attachment);
    for (const { format, set } of this.setsOf(family)) for (const citizen of set.clear()) this.notify(format, citizen);
    const reader = current?.reader;
    if (!current || !reader) return;
    reader.loaded().then(
      (citizens) => {
        if (this.attachments.get(family) !== attachment) return;
        for (const citizen of citizens) this.load(family, citizen);
        this.options.info(`live records: ${current.generation.description}; ${citizens.length} citizens online`);
      },
      (error: unknown) => this.options.troubles.report(current.framework.resource, error),
    );
  }

  private load(family: LiveFamily, citizen: OnlineCitizen): void {
    for (const { format, set } of this.setsOf(family)) {
      set.add(citizen);
      this.notify(format, citizen);
    }
  }

  private unload(family: LiveFamily, serverId: number): void {
    for (const { format, set } of this.setsOf(family)) {
      const gone = set.removeServerId(serverId);
      if (gone) this.notify(format, gone);
    }
  }

  /** One of the attached generations' player events: the set kept, the change told. */
  private playerEvent(event: string, args: readonly unknown[]): void {
    for (const family of this.families()) {
      const events = this.options.watch.attached(family)?.generation.events;
      if (!events) continue;
      if (events.load.event === event) {
        const citizen = events.load.citizen(args);
        if (citizen) this.load(family, citizen);
        continue;
      }
      const serverId = serverIdOf(args[0]);
      if (serverId === null) continue;
      if (events.unload.includes(event)) {
        this.unload(family, serverId);
      } else if ([...events.job, ...events.duty, ...events.money].includes(event)) {
        for (const { format, set } of this.setsOf(family)) {
          const citizen = set.byServerId(serverId);
          if (citizen) this.notify(format, citizen);
        }
      }
    }
  }
}
