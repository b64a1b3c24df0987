/**
 * The oldest oxmysql this resource works with, and the start-up warning for an older one.
 *
 * v2.7.0 (overextended/oxmysql, June 2023) is the first release with both things the adapter needs:
 * the `isReady` export (commit c97a07a, "feat: isReady and awaitConnection exports"), which tells
 * a lookup at once that oxmysql is not connected instead of queueing it forever, and the
 * `isPromise` argument of the callback exports that hands query errors back as
 * `cb(null, message)` (commit 1829ded, "fix: don't throw errors outside of promises"). Before it,
 * `isReady` is "No such export" (every lookup answers 503 for good) and a failed query never calls
 * back (every failure a 504 timeout).
 */
export const OLDEST_OXMYSQL = '2.7.0';

type Version = [number, number, number];

/** The first `x.y.z` in a manifest version, as oxmysql's own update check reads it; null when none. */
export function parseVersion(text: string): Version | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function isOlderThan(version: Version, oldest: Version): boolean {
  for (let i = 0; i < 3; i += 1) if (version[i] !== oldest[i]) return version[i] < oldest[i];
  return false;
}

/**
 * The warning for the oxmysql manifest `version` found, or null when it is recent enough or says
 * no version (a fork or a build from source: nothing to judge by).
 */
export function oxmysqlVersionWarning(manifestVersion: string): string | null {
  const version = parseVersion(manifestVersion);
  if (!version || !isOlderThan(version, parseVersion(OLDEST_OXMYSQL) as Version)) return null;
  return (
    `oxmysql ${manifestVersion} is older than ${OLDEST_OXMYSQL}, the oldest this resource works with: it lacks the isReady export ` +
    `and the isPromise error callback, so lookups answer 503 database_unavailable or time out. Update oxmysql (github.com/overextended/oxmysql/releases).`
  );
}
