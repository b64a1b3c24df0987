import { z } from 'zod';
import { alphaRecordSchema } from './schema';

const SPEC_FIELDS = [
  'identifier',
  'firstname',
  'lastname',
  'dateofbirth',
  'sex',
  'height',
  'job',
  'job_grade',
  'group',
  'accounts',
  'inventory',
  'loadout',
  'metadata',
  'position',
  'skin',
  'status',
  'is_dead',
  'disabled',
  'last_property',
  'phone_number',
];

type JsonSchema = {
  properties: Record<string, JsonSchema>;
  required: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
};

describe('alphaRecordSchema', () => {
  const json = z.toJSONSchema(alphaRecordSchema) as unknown as JsonSchema;

  it('converts to JSON Schema with exactly the fields of docs/design.md §8.1, all required', () => {
    expect(Object.keys(json.properties).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(json.required.sort()).toEqual([...SPEC_FIELDS].sort());
    expect(json.additionalProperties).toBe(false);
  });

  it('closes the objects the spec lists field by field, and leaves its open ones open', () => {
    const skin = json.properties.skin!;
    expect(json.properties.accounts!.additionalProperties).toBe(false);
    expect(json.properties.inventory!.items!.additionalProperties).toBe(false);
    expect(skin.additionalProperties).toBe(false);
    expect(skin.properties.hair!.additionalProperties).toBe(false);
    expect(skin.properties.headOverlays!.additionalProperties).toEqual({});
    expect(Object.keys(skin.properties.headBlend!.properties).sort()).toEqual([
      'shapeFirst',
      'shapeMix',
      'shapeSecond',
      'skinFirst',
      'skinMix',
      'skinSecond',
    ]);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(alphaRecordSchema.shape.dateofbirth.safeParse('14/07/1994').success).toBe(false);
    expect(alphaRecordSchema.shape.dateofbirth.safeParse('').success).toBe(true);
  });
});
