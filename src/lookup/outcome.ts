/**
 * What a lookup answers, as one value: the envelope the caller gets, where a record in it came
 * from, and whether the answer may be kept for a moment. HTTP reads `source` for X-Record-Source;
 * the exports hand only `envelope` to their caller (the contract's `{success, data}`).
 */
import { type Envelope, resourceStopping } from './envelope';
import type { LiveMet } from './looked';

/** Whether a record answer holds live values from the framework (HTTP's X-Record-Source). */
export type RecordSource = 'live' | 'database';

export interface Outcome {
  readonly envelope: Envelope<unknown>;
  readonly source: RecordSource;
  /** A record, or the news that there is none, that touched nobody online: the gate may cache it. */
  readonly cacheable: boolean;
}

/** Answers worth keeping for a moment: a record, or the news that there is none. */
function worthKeeping(envelope: Envelope<unknown>): boolean {
  return envelope.success || envelope.error.code === 'citizen_not_found';
}

/** The outcome of an answer and what it met of the framework. */
export function outcomeOf(envelope: Envelope<unknown>, met: LiveMet): Outcome {
  return { envelope, source: met.merged ? 'live' : 'database', cacheable: !met.online && worthKeeping(envelope) };
}

/** An answer given before, instead of or without a lookup (a 400, a 501, a 503, presence): never kept. */
export function unkept(envelope: Envelope<unknown>): Outcome {
  return { envelope, source: 'database', cacheable: false };
}

export function stoppingOutcome(): Outcome {
  return unkept(resourceStopping());
}
