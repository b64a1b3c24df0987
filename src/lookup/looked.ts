/**
 * What a lookup met of the framework running beside the resource, carried with its answer as a
 * value: whether it asked about a citizen who is online (then the answer is not cached), and
 * whether a record in it holds the framework's values (HTTP's X-Record-Source: live).
 */

export interface LiveMet {
  /**
   * It looked up a citizen who is online: the answer is as fresh as the framework, so it is not
   * cached (and live again as soon as the framework answers, if it did not this time).
   */
  readonly online: boolean;
  /** A record in the answer holds the framework's values. */
  readonly merged: boolean;
}

export const MET_NOBODY_ONLINE: LiveMet = Object.freeze({ online: false, merged: false });
export const MET_ONLINE: LiveMet = Object.freeze({ online: true, merged: false });
export const MET_MERGED: LiveMet = Object.freeze({ online: true, merged: true });

/** A lookup's answer and what it met of the framework on the way. */
export interface Looked<T> {
  readonly value: T;
  readonly met: LiveMet;
}

/** `value`, having met nobody online (a lookup without live records, a vehicle lookup, a search). */
export function metNobody<T>(value: T): Looked<T> {
  return { value, met: MET_NOBODY_ONLINE };
}

/** What several lookups met, together: online if any was, merged if any was. */
export function metTogether(mets: readonly LiveMet[]): LiveMet {
  if (mets.some((m) => m.merged)) return MET_MERGED;
  return mets.some((m) => m.online) ? MET_ONLINE : MET_NOBODY_ONLINE;
}
