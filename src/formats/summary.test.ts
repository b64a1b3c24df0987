/**
 * A search's summary of a citizen is the record's own fields: for every test row of every format,
 * the summary normaliser gives exactly the full record's values of the summary schema's fields,
 * and the summary schema (what /openapi.json publishes) accepts it and nothing more.
 */
import { LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER, V1_FINAL_ROW, ESX_1_1_ROW } from './alpha/__fixtures__/rows';
import { normaliseAlphaRow, normaliseAlphaSummary, ALPHA_SUMMARY_FIELDS } from './alpha/normalise';
import { alphaSummarySchema } from './alpha/schema';
import { ALL_ROWS } from './beta/__fixtures__/rows';
import { normaliseBetaRow, normaliseBetaSummary } from './beta/normalise';
import { betaSummarySchema } from './beta/schema';

const silent = () => undefined;
const pick = (record: object, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, (record as Record<string, unknown>)[f]]));

describe.each(['DMY', 'MDY'] as const)('alpha summaries (%s)', (dobOrder) => {
  test.each(Object.entries({ LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER, V1_FINAL_ROW, ESX_1_1_ROW, empty: {} }))(
    '%s',
    (_name, row) => {
      const summary = normaliseAlphaSummary(row, { dobOrder });
      expect(Object.keys(summary)).toEqual([...ALPHA_SUMMARY_FIELDS]);
      expect(Object.keys(alphaSummarySchema.shape)).toEqual([...ALPHA_SUMMARY_FIELDS]);
      expect(summary).toEqual(pick(normaliseAlphaRow({ row }, { warn: silent, dobOrder }), ALPHA_SUMMARY_FIELDS));
      expect(alphaSummarySchema.parse(summary)).toEqual(summary);
    },
  );
});

describe('beta summaries', () => {
  test.each(Object.entries({ ...ALL_ROWS, empty: {} }))('%s', (_name, row) => {
    const ctx = { warn: silent, nowMs: Date.UTC(2026, 0, 1) };
    const summary = normaliseBetaSummary({ ...row }, ctx);
    const fields = Object.keys(betaSummarySchema.shape);
    expect(Object.keys(summary)).toEqual(fields);
    expect(summary).toEqual(pick(normaliseBetaRow({ ...row }, ctx), fields));
    expect(betaSummarySchema.parse(summary)).toEqual(summary);
  });
});
