/**
 * The beta format described for the build (src/formats/documentation.ts): its schema and an
 * example record, a sample row put through the real normaliser so it can never drift from what a
 * route answers.
 */
import type { FormatDocumentation } from '../format';
import { qbcoreRow } from './__fixtures__/rows';
import { normaliseBetaRow, normaliseBetaSummary } from './normalise';
import { betaRecordSchema, betaSummarySchema } from './schema';

/** A fixed instant, so that generated documents compare equal from one build to the next. */
const EXAMPLE_NOW_MS = Date.UTC(2026, 10, 20, 18, 4, 5);
const silent = () => undefined;

export const betaDocumentation: FormatDocumentation = {
  schemas: { record: betaRecordSchema, summary: betaSummarySchema },
  examples: {
    record: {
      summary: 'QBCore with qb-inventory',
      value: normaliseBetaRow(qbcoreRow, { warn: silent, nowMs: EXAMPLE_NOW_MS }),
    },
    summary: {
      summary: 'The same citizen as a search lists it',
      value: normaliseBetaSummary(qbcoreRow, { warn: silent, nowMs: EXAMPLE_NOW_MS }),
    },
  },
};
