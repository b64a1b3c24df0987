/**
 * The example records of /openapi.json: the sample rows B.1 and B.5
 * (docs/frameworks.md#test-rows) put through the real normalisers, so an example can never drift from
 * what a route answers.
 */
import { LEGACY_1_13_OX_ILLENIUM } from '../formats/alpha/__fixtures__/esx-rows';
import { normaliseAlphaRow } from '../formats/alpha/normalise';
import type { AlphaRecord } from '../formats/alpha/schema';
import { normaliseBetaRow } from '../formats/beta/normalise';
import type { BetaRecord } from '../formats/beta/schema';
import { qbcoreRow } from '../formats/beta/test-rows';

/** A fixed instant, so that generated documents compare equal from one build to the next. */
const EXAMPLE_NOW_MS = Date.UTC(2026, 10, 20, 18, 4, 5);
const silent = () => undefined;

export function exampleAlphaRecord(): AlphaRecord {
  return normaliseAlphaRow({ row: LEGACY_1_13_OX_ILLENIUM }, { warn: silent, dobOrder: 'DMY' });
}

export function exampleBetaRecord(): BetaRecord {
  return normaliseBetaRow(qbcoreRow, { warn: silent, nowMs: EXAMPLE_NOW_MS });
}
