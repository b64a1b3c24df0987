import { z } from 'zod';
import { calendarDateSchema, positionSchema } from '../../values/schema-parts';

/**
 * The alpha record (docs/design.md §8.1): one ESX `users` row. Strict objects wherever the spec lists
 * the fields; the inner structures the spec leaves open (head overlays, face features, tattoo
 * entries) pass through as stored. `/openapi.json` is generated from this schema, so it stays
 * JSON-Schema-representable: no transforms, no custom refinements.
 */

const looseObject = z.record(z.string(), z.unknown());

export const alphaAccountsSchema = z
  .strictObject({
    money: z.number().describe('Cash.'),
    bank: z.number().describe('Bank balance.'),
    black_money: z.number().describe('Dirty money.'),
  })
  .describe('Account balances; an account the database does not hold is 0.');

export const alphaInventoryItemSchema = z.strictObject({
  name: z.string().describe('Item name as the inventory registers it, e.g. `water`, `WEAPON_PISTOL`.'),
  count: z.number(),
  slot: z.number().describe('Slot as stored by ox_inventory; for the classic ESX inventory (which has no slots) 1..n in item-name order.'),
});

export const alphaLoadoutItemSchema = z.strictObject({
  name: z.string().describe('Weapon name, e.g. `WEAPON_PISTOL`.'),
  ammo: z.number(),
});

export const alphaStatusSchema = z.strictObject({
  name: z.string().describe('Status name, e.g. `hunger`, `thirst`, `drunk`.'),
  val: z.number().describe('Raw value, 0 to 1000000 in esx_status.'),
  percent: z.number().describe('`val` as a percentage, 0 to 100.'),
});

const componentSchema = z.strictObject({
  component_id: z.number(),
  drawable: z.number(),
  texture: z.number(),
});

const propSchema = z.strictObject({
  prop_id: z.number(),
  drawable: z.number(),
  texture: z.number(),
});

export const alphaSkinSchema = z
  .strictObject({
    model: z.string().describe('Ped model, e.g. `mp_m_freemode_01`; `""` when no skin is stored.'),
    eyeColor: z.number(),
    hair: z.strictObject({ style: z.number(), color: z.number(), highlight: z.number() }),
    headBlend: z.strictObject({
      shapeFirst: z.number(),
      shapeSecond: z.number(),
      shapeMix: z.number(),
      skinFirst: z.number(),
      skinSecond: z.number(),
      skinMix: z.number(),
    }),
    components: z.array(componentSchema),
    props: z.array(propSchema),
    headOverlays: looseObject.describe(
      'fivem-appearance / illenium-appearance head overlays keyed by name, each usually `{style, opacity, color, secondColor}`.',
    ),
    faceFeatures: looseObject.describe('Face features keyed by name (`noseWidth`, …), each a number from -1 to 1.'),
    tattoos: z.array(looseObject).describe('Tattoos of every zone in one list, each as stored (`name`, `collection`, `zone`, …).'),
  })
  .describe(
    "Appearance in the fivem-appearance / illenium-appearance shape; a skinchanger skin is converted with illenium-appearance's mapping; no stored skin gives empty values.",
  );

export const alphaRecordSchema = z
  .strictObject({
    identifier: z.string().describe('The ESX identifier as stored: bare license hex, `char1:<hex>`, `steam:<hex>`, …'),
    firstname: z.string(),
    lastname: z.string(),
    dateofbirth: calendarDateSchema,
    sex: z.enum(['m', 'f', '']).describe('`m` or `f`; `""` when none is stored or the stored value is neither.'),
    height: z.number().describe('As stored by esx_identity: centimetres on current servers, inches on pre-2022 ones.'),
    job: z.string().describe('Job name; `unemployed` when none is stored.'),
    job_grade: z.number(),
    group: z.string().describe('Permission group; `user` when none is stored.'),
    accounts: alphaAccountsSchema,
    inventory: z.array(alphaInventoryItemSchema),
    loadout: z
      .array(alphaLoadoutItemSchema)
      .describe('Weapons of the classic ESX loadout; empty under ox_inventory, where weapons are inventory items.'),
    metadata: z.strictObject({
      health: z.number().describe('Ped health, 0 to 200 (ESX Legacy 1.9.4+; 0 on older servers).'),
      armor: z.number().describe('Armour, 0 to 100.'),
    }),
    position: positionSchema,
    skin: alphaSkinSchema,
    status: z.array(alphaStatusSchema),
    is_dead: z.boolean(),
    disabled: z.boolean().describe('Character disabled by esx_multicharacter.'),
    last_property: z
      .string()
      .describe('esx_property: a property name (v1), or the stored JSON text `{"id", "coords"}` (v2); `""` when none.'),
    phone_number: z.string().describe('As stored, numbers written as decimal text; `""` when none.'),
  })
  .describe('One ESX citizen (a row of `users`).');

export type AlphaRecord = z.infer<typeof alphaRecordSchema>;
export type AlphaAccounts = z.infer<typeof alphaAccountsSchema>;
export type AlphaInventoryItem = z.infer<typeof alphaInventoryItemSchema>;
export type AlphaLoadoutItem = z.infer<typeof alphaLoadoutItemSchema>;
export type AlphaStatus = z.infer<typeof alphaStatusSchema>;
export type AlphaSkin = z.infer<typeof alphaSkinSchema>;

/** A search's answer per citizen (docs/design.md §2.7): the record's fields a CAD lists, each exactly the record's. */
export const alphaSummarySchema = alphaRecordSchema
  .pick({
    identifier: true,
    firstname: true,
    lastname: true,
    dateofbirth: true,
    sex: true,
    height: true,
    job: true,
    job_grade: true,
    phone_number: true,
  })
  .describe('One citizen found by a search: the fields of the full record a list shows, each exactly as the record has it.');
