import { z } from 'zod';
import fc from 'fast-check';
import { normaliseBetaRow } from './normalise';
import { betaRecordSchema } from './schema';
import { qbcoreRow } from './__fixtures__/rows';

const record = normaliseBetaRow(qbcoreRow, { warn: () => undefined, nowMs: 0 });

describe('betaRecordSchema', () => {
  it.each([
    ['hunger above 100', { ...record, metadata: { ...record.metadata, hunger: 100.5 } }],
    ['armor below 0', { ...record, metadata: { ...record.metadata, armor: -1 } }],
    ['item durability above 100', { ...record, inventory: [{ name: 'x', count: 1, slot: 1, metadata: { durability: 101 } }] }],
    ['negative ammo', { ...record, inventory: [{ name: 'x', count: 1, slot: 1, metadata: { ammo: -1 } }] }],
    ['a key the spec does not list', { ...record, steam: 'steam:1' }],
    [
      'an item metadata key the spec does not list',
      { ...record, inventory: [{ name: 'x', count: 1, slot: 1, metadata: { degrade: 4320 } }] },
    ],
    ['a missing field', { ...record, gang: undefined }],
    ['a last_updated that is no UTC date-time', { ...record, last_updated: '2026-03-14 21:07:33' }],
  ])('rejects %s', (_label, value) => {
    expect(betaRecordSchema.safeParse(value).success).toBe(false);
  });

  it("has a JSON Schema form with the spec's bounds for /openapi.json", () => {
    const json = z.toJSONSchema(betaRecordSchema) as {
      additionalProperties: boolean;
      properties: Record<string, { properties: Record<string, { minimum?: number; maximum?: number }> }>;
    };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.metadata!.properties.hunger).toMatchObject({ minimum: 0, maximum: 100 });
  });
});

describe('normaliseBetaRow on arbitrary column contents', () => {
  const column = fc.oneof(
    fc.constant(null),
    fc.string(),
    fc.jsonValue().map((v) => JSON.stringify(v)),
  );
  const item = fc.record(
    {
      name: fc.oneof(fc.string(), fc.integer()),
      slot: fc.oneof(fc.integer(), fc.string()),
      count: fc.double(),
      amount: fc.integer(),
      info: fc.oneof(fc.constant(''), fc.dictionary(fc.constantFrom('quality', 'ammo', 'serie', 'attachments'), fc.jsonValue())),
      metadata: fc.dictionary(
        fc.constantFrom('durability', 'degrade', 'ammo', 'serial', 'registered', 'components'),
        fc.oneof(fc.double(), fc.jsonValue()),
      ),
    },
    { requiredKeys: [] },
  );

  it('never throws and always gives a record the schema accepts', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.oneof(fc.integer(), fc.constant(null)),
          citizenid: fc.string(),
          cid: fc.oneof(fc.integer(), fc.constant(null)),
          money: column,
          charinfo: column,
          job: column,
          gang: column,
          position: column,
          metadata: column,
          inventory: fc.oneof(
            column,
            fc.array(item).map((items) => JSON.stringify(items)),
          ),
          last_updated_unix: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
        }),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (row, nowMs) => {
          const normalised = normaliseBetaRow(row, { warn: () => undefined, nowMs });
          expect(betaRecordSchema.safeParse(normalised).error).toBeUndefined();
        },
      ),
    );
  });
});
