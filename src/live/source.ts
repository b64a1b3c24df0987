/**
 * What the lookups ask of the framework running beside the resource: whether a citizen is online,
 * what it holds in memory for him, and when that changes. The framework room implements it
 * (src/frameworks/live-source.ts); the core sees only this shape, so it runs and is tested without
 * FXServer. The standalone service has no framework beside it: its source asks the embedded
 * resource in the game server over HTTP (src/standalone/game-live.ts), so its presence takes a
 * while, and it answers whole records.
 */
import type { LiveParts } from './parts';

/** The presence route's and exports' `data`: `server_id` is the player's source while online. */
export interface Presence {
  online: boolean;
  server_id: number | null;
}

/** Told the format and the route's id of a citizen whose framework state changed. */
export type LiveListener = (format: string, id: string) => void;

export const OFFLINE: Presence = Object.freeze({ online: false, server_id: null });

/**
 * `Answer`: how presence comes, at once from a framework beside it (the FiveM side's source is a
 * `LiveSource<Presence>`), later from one further away; the core takes either.
 */
export interface LiveSource<Answer extends Presence | Promise<Presence> = Presence | Promise<Presence>> {
  /**
   * From the set of online citizens the frameworks' load and unload events keep: no database
   * query, no framework call. `id` must be valid for the format. A source further away (the
   * standalone service's) answers later; it never rejects, and answers offline when it cannot tell.
   */
  presence(format: string, id: string): Answer;
  /**
   * What the framework holds for the citizen with this identifier: null when he is offline
   * (answered at once, calling no framework), when live records are off, and when the framework
   * fails, throws, does not answer in time or answers something unreadable (a warning once per
   * cause, never per lookup). Never rejects.
   */
  liveRow(format: string, id: string): Promise<LiveParts | null>;
  /**
   * Changes whenever a lookup of the format could meet another set of online citizens (a load, an
   * unload, the framework found again); constant while live records are off. Part of the cache
   * key, so a database answer cached for an offline citizen is not served once he is online.
   */
  version(format: string): number;
  /**
   * The format could not merge what liveRow answered (not the framework's usual player): the
   * record came from the database; told once per framework, like the other troubles.
   */
  unmergeable(parts: LiveParts): void;
  /**
   * A source that is itself citizen_records (the standalone service's: the embedded resource in the
   * game server, which merges live values over the game database's row) answers an online
   * citizen's whole record, or every record of a player's license, as its route does: the lookup
   * answers that in place of its own database record. Null when it cannot (the database answers);
   * never rejects. Absent on a source with a framework beside it (liveRow serves).
   */
  wholeRecord?(format: string, route: WholeRoute, key: string): Promise<unknown | null>;
  /**
   * Calls `listener` with the format and the id (the identifier as the framework holds it, which
   * the format's route takes) of each online citizen the framework says changed: he loaded or
   * unloaded (a logout, a drop, his framework gone or found again), his job or grade, his duty or
   * his money changed (each framework's events: docs/live.md#framework-events). Synchronously, inside the
   * framework's event. Answers the function that stops it.
   */
  watch(listener: LiveListener): () => void;
}

/** The routes of whole records: a citizen by id, every citizen of a license. */
export type WholeRoute = 'citizen' | 'license';

/** Nothing online: where no FiveM side runs (tests, tools). */
export const NO_LIVE_SOURCE: LiveSource<Presence> = {
  presence: () => OFFLINE,
  liveRow: () => Promise.resolve(null),
  version: () => 0,
  unmergeable: () => undefined,
  watch: () => () => undefined,
};
