/**
 * What a framework file declares (es_extended.ts, qb-core.ts, qbx_core.ts): its resource, its
 * family, and its generations, each told apart by an export that generation really has, each with
 * the cheapest calls it offers to list and read its online players, the events that tell a change
 * to one of them, and how it shares its job, gang and vehicle lists (docs/live.md).
 *
 * Each export call packs its whole answer through msgpack, and every Lua function inside it
 * becomes a new function reference, so the readers ask for as little as the generation allows and
 * never call `GetCoreObject()`/`getSharedObject()` per lookup (each packs the whole core). Where a
 * generation offers nothing else, that object is fetched once, when the framework is found (at
 * start and when it restarts), and the function references it holds are kept.
 */
import type { EsxPlayerParts, LiveFamily, QbPlayerParts } from '../live/parts';
import type { FrameworkContext } from './calls';
import type { OnlineCitizen } from './online';

/** What the live source asks of a generation's players. */
export interface PlayerReader {
  /** The characters it has loaded now. Throws LiveTrouble. */
  loaded(): Promise<OnlineCitizen[]>;
  /** One loaded player's in-memory data. Throws LiveTrouble. */
  read(citizen: OnlineCitizen): Promise<EsxPlayerParts | QbPlayerParts>;
}

/**
 * The framework's events about one online player (docs/live.md#framework-events), all fired with
 * TriggerEvent on the server. Every one but the load event names the player by his server id, its
 * first argument.
 */
export interface PlayerEvents {
  /** A character loaded, and how the event's arguments name him. */
  load: { event: string; citizen(args: readonly unknown[]): OnlineCitizen | null };
  /** The player holds no character any more (a logout; a drop, where the framework tells it). */
  unload: readonly string[];
  /** His job or grade changed. */
  job: readonly string[];
  /** He went on or off duty. */
  duty: readonly string[];
  /** His money changed. */
  money: readonly string[];
}

/** Job and gang definitions and the vehicles list, as the framework's exports hand them over. */
export interface SharedLists {
  jobs: unknown;
  gangs: unknown;
  vehicles: unknown;
}

export interface Generation {
  /** The generation and the calls used, for the start-up log line. */
  description: string;
  /** Whether the running resource is this generation: an export it has and every older one lacks. */
  present(context: FrameworkContext): boolean;
  events: PlayerEvents;
  /** Events after which its shared lists are read again. */
  sharedChanged: readonly string[];
  /** Its players' reader. Throws LiveTrouble when a one-time fetch answers nonsense. */
  players(context: FrameworkContext): PlayerReader;
  /** Its shared lists (undefined where it has none, or the call fails); never per lookup. */
  shared?(context: FrameworkContext): SharedLists;
}

export interface Framework {
  /** The resource name it runs under. */
  resource: string;
  family: LiveFamily;
  /** Newest first: the first whose `present` holds is the one running. */
  generations: readonly Generation[];
}

/** The generation of `framework` running now (the oldest when no newer one is present). */
export function generationOf(framework: Framework, context: FrameworkContext): Generation {
  return framework.generations.find((generation) => generation.present(context)) ?? framework.generations[framework.generations.length - 1];
}
