/**
 * A failed lookup's error turned into the answer its caller gets (docs/design.md §4), and into a
 * log line when the server owner has something to look at: a timeout or a stop is no news for the
 * log, an unavailable database is said at most once a minute, anything else with its stack.
 */
import { DatabaseError } from '../db/database';
import { describeError } from '../logger';
import { fail, resourceStopping, type Failure } from './envelope';

/** While the database fails queries, why is logged at most this often, not once per request. */
export const UNAVAILABLE_LOG_MS = 60_000;

export interface DatabaseFailureOptions {
  /** Milliseconds, for the pace of the log. */
  now(): number;
  logError(message: string): void;
}

/**
 * The answer to a lookup that failed with `error`; `context` starts its log line (which request,
 * which lookup). An 'unavailable' error with an empty message (the pool not connected yet) is
 * answered but not logged: there is nothing to say beyond what /health says.
 */
export type DatabaseFailureAnswer = (error: unknown, context: string) => Failure;

export function createDatabaseFailures(options: DatabaseFailureOptions): DatabaseFailureAnswer {
  let lastUnavailableLog = -Infinity;
  return (error, context) => {
    // Nothing to log: stopping is no fault, and the gate has answered the caller already.
    if (error instanceof DatabaseError && error.kind === 'stopping') return resourceStopping();
    if (error instanceof DatabaseError && error.kind === 'timeout') {
      return fail('database_timeout', `The database did not answer in time (${error.message}); try again shortly.`);
    }
    if (error instanceof DatabaseError && error.kind === 'unavailable') {
      if (error.message !== '' && options.now() - lastUnavailableLog >= UNAVAILABLE_LOG_MS) {
        lastUnavailableLog = options.now();
        options.logError(`${context}: the database is unavailable: ${error.message} (repeats are not logged for a minute)`);
      }
      return fail(
        'database_unavailable',
        'The database is not usable right now (oxmysql not started or not connected, or the database failed the query); try again shortly.',
      );
    }
    options.logError(`${context} failed: ${describeError(error)}`);
    return fail('internal_error', 'The lookup failed; the server log has the details.');
  };
}
