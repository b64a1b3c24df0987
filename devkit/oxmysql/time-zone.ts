/**
 * Pins the worker's time zone for one suite. Jest hands test files a copy of process.env, and
 * assigning TZ to the copy does not reach Node, so this sets it on the worker's real process,
 * whose env setter makes V8 reload the zone.
 */
import vm from 'node:vm';

export function pinTimeZone(tz: string): () => void {
  const realEnv = (vm.runInThisContext('process') as NodeJS.Process).env;
  const previous = realEnv.TZ;
  realEnv.TZ = tz;
  return () => {
    if (previous === undefined) delete realEnv.TZ;
    else realEnv.TZ = previous;
  };
}
