/**
 * Request ids for log lines and error bodies: a random prefix drawn once per start and a counter.
 * Unique per start and not guessable across starts, at no crypto cost per request on the game's
 * main thread (randomBytes per request cost about 13 µs there).
 */
import { randomBytes } from 'node:crypto';

export function createRequestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}
