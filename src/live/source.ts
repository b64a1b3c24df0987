/**
 * What the lookups ask of the framework running beside the resource: whether a citizen is online,
 * and what it holds in memory for him. The FiveM side implements it (src/fivem/live); the core
 * sees only this shape, so it runs and is tested without FXServer.
 */
import type { LiveParts } from './parts';

/** The presence route's and exports' `data`: `server_id` is the player's source while online. */
export interface Presence {
  online: boolean;
  server_id: number | null;
}

export const OFFLINE: Presence = Object.freeze({ online: false, server_id: null });

export interface LiveSource {
  /**
   * From the set of online citizens the frameworks' load and unload events keep: no database
   * query, no framework call. `id` must be valid for the format.
   */
  presence(format: string, id: string): Presence;
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
}

/** Nothing online: where no FiveM side runs (tests, tools). */
export const NO_LIVE_SOURCE: LiveSource = {
  presence: () => OFFLINE,
  liveRow: () => Promise.resolve(null),
  version: () => 0,
  unmergeable: () => undefined,
};
