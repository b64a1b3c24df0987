/**
 * What the lookups ask of the framework running beside the resource: whether a citizen is online,
 * what it holds in memory for him, and when that changes. The framework room implements it
 * (src/frameworks/live-source.ts); the core sees only this shape, so it runs and is tested without
 * FXServer.
 */
import type { FormatName } from '../formats/registry';
import type { LiveParts } from '../formats/live';

/** The presence route's and exports' `data`: `server_id` is the player's source while online. */
export interface Presence {
  online: boolean;
  server_id: number | null;
}

/** Told the format and the route's id of a citizen whose framework state changed. */
export type LiveListener = (format: FormatName, id: string) => void;

export const OFFLINE: Presence = Object.freeze({ online: false, server_id: null });

export interface LiveSource {
  /**
   * From the set of online citizens the frameworks' load and unload events keep: no database
   * query, no framework call. `id` must be valid for the format.
   */
  presence(format: FormatName, id: string): Presence;
  /**
   * What the framework holds for the citizen with this identifier: null when he is offline
   * (answered at once, calling no framework), when live records are off, and when the framework
   * fails, throws, does not answer in time or answers something unreadable (a warning once per
   * cause, never per lookup). Never rejects.
   */
  liveRow(format: FormatName, id: string): Promise<LiveParts | null>;
  /**
   * Changes whenever a lookup of the format could meet another set of online citizens (a load, an
   * unload, the framework found again); constant while live records are off. Part of the cache
   * key, so a database answer cached for an offline citizen is not served once he is online.
   */
  version(format: FormatName): number;
  /**
   * The format could not merge what liveRow answered (not the framework's usual player): the
   * record came from the database; told once per framework, like the other troubles.
   */
  unmergeable(parts: LiveParts): void;
  /**
   * Calls `listener` with the format and the id (the identifier as the framework holds it, which
   * the format's route takes) of each online citizen the framework says changed: he loaded or
   * unloaded (a logout, a drop, his framework gone or found again), his job or grade, his duty or
   * his money changed (each framework's events: docs/live.md#events). Synchronously, inside the
   * framework's event. Answers the function that stops it.
   */
  watch(listener: LiveListener): () => void;
}

/** Nothing online: where no FiveM side runs (tests, tools). */
export const NO_LIVE_SOURCE: LiveSource = {
  presence: () => OFFLINE,
  liveRow: () => Promise.resolve(null),
  version: () => 0,
  unmergeable: () => undefined,
  watch: () => () => undefined,
};
