import { z } from 'zod';
import { calendarDateSchema, positionSchema } from '../../values/schema-parts';

/**
 * The beta record (docs/design.md §8.2): one QBCore or Qbox `players` row. The single source of truth for
 * the record's TypeScript type, for the normaliser's tests and for `/openapi.json`, so it stays
 * JSON-Schema-representable (no transforms, no refinements).
 */

const percent = (meaning: string) => z.number().min(0).max(100).describe(`${meaning}, from 0 to 100`);

export const betaItemMetadataSchema = z
  .strictObject({
    durability: percent('Item condition in percent; an expiring ox_inventory item gives its remaining lifetime').optional(),
    ammo: z.number().min(0).describe('Rounds loaded, for weapons').optional(),
    serial: z.string().describe('Weapon serial number').optional(),
    registered: z.string().describe('Name of the registered owner of a weapon').optional(),
    components: z
      .array(z.string())
      .describe('Attached components and accessories (ox_inventory item names or GTA component names)')
      .optional(),
  })
  .describe('Only the keys this item really has: a bread carries none, a weapon usually all five');

export const betaItemSchema = z
  .strictObject({
    name: z.string().describe('Item name'),
    count: z.number().describe('Quantity'),
    slot: z.number().describe('Inventory slot the item is stored in'),
    metadata: betaItemMetadataSchema,
  })
  .describe('One inventory slot (qb-inventory and ox_inventory items alike)');

const gradeName = z.string().describe('Grade name');
const gradeLevel = z.number().describe('Grade level, 0 for the lowest');

export const betaJobSchema = z
  .strictObject({
    name: z.string().describe('Job name, e.g. police; unemployed when none'),
    label: z.string().describe('Job label shown to players'),
    type: z.string().describe('Job type, e.g. leo or ems; open-ended; none when the job has no type'),
    isboss: z.boolean().describe('Whether the player is a boss of this job'),
    onduty: z.boolean().describe('Whether the player is on duty'),
    grade: z.strictObject({
      name: gradeName,
      level: gradeLevel,
      payment: z.number().describe('Salary of this grade'),
      isboss: z.boolean().describe('Whether this grade is a boss grade'),
    }),
    payment: z.number().describe('Salary'),
  })
  .describe("The citizen's job");

export const betaGangSchema = z
  .strictObject({
    name: z.string().describe('Gang name; none when not in a gang'),
    label: z.string().describe('Gang label shown to players'),
    isboss: z.boolean().describe("Whether the player is the gang's boss"),
    grade: z.strictObject({
      name: gradeName,
      level: gradeLevel,
      isboss: z.boolean().describe('Whether this grade is a boss grade'),
    }),
  })
  .describe("The citizen's gang");

export const betaMetadataSchema = z
  .strictObject({
    hunger: percent('Hunger level (100 is fed)'),
    thirst: percent('Thirst level (100 is quenched)'),
    stress: percent('Stress level'),
    armor: percent('Armor level'),
    isdead: z.boolean().describe('Character is dead'),
    ishandcuffed: z.boolean().describe('Character is handcuffed'),
    inlaststand: z.boolean().describe('Character is unconscious (last stand)'),
    tracker: z.boolean().describe('GPS ankle tracker active'),
    injail: z.number().describe('Remaining jail time in minutes; 0 when not in jail'),
    bloodtype: z.string().describe('Blood group, e.g. O+; empty when never generated'),
    fingerprint: z.string().describe('Fingerprint id'),
    walletid: z.string().describe('Wallet id, e.g. QB-48213377'),
    callsign: z.string().describe('Radio call sign; NO CALLSIGN when none'),
    licences: z
      .strictObject({
        driver: z.boolean().describe('Holds a driving licence'),
        weapon: z.boolean().describe('Holds a weapon licence'),
        business: z.boolean().describe('Holds a business licence'),
      })
      .describe('Licences; a licence the row does not mention is false'),
    criminalrecord: z.strictObject({ hasRecord: z.boolean().describe('Has a criminal record') }),
    phonedata: z.strictObject({
      SerialNumber: z.number().describe('Phone serial number'),
      InstalledApps: z.array(z.string()).describe('Names of the apps installed on the phone'),
    }),
  })
  .describe("Character state; values the row lacks take qb-core's PlayerDefaults");

export const betaRecordSchema = z
  .strictObject({
    id: z.number().describe('Row id in the players table'),
    citizenid: z.string().describe('Unique citizen id as stored, a short code such as KQW48213'),
    license: z.string().describe('Platform license of the player, e.g. license:<hex> or license2:<hex>'),
    name: z.string().describe('Player user name as stored (may contain emoji)'),
    money: z
      .strictObject({
        cash: z.number().describe('Cash in hand'),
        bank: z.number().describe('Bank balance; may be negative'),
        crypto: z.number().describe('Crypto balance'),
      })
      .describe('Money by type; other money types a server adds are not part of the record'),
    charinfo: z
      .strictObject({
        firstname: z.string().describe('First name'),
        lastname: z.string().describe('Family name'),
        birthdate: calendarDateSchema,
        nationality: z.string().describe('Nationality'),
        gender: z.string().describe('male or female; any other stored value as text'),
        phone: z.string().describe('Phone number'),
        account: z.string().describe('Bank account number'),
        cid: z.string().describe('Character slot of the player'),
      })
      .describe('Character identity'),
    job: betaJobSchema,
    gang: betaGangSchema,
    position: positionSchema,
    metadata: betaMetadataSchema,
    inventory: z.array(betaItemSchema).describe('Items by slot, in slot order'),
    last_updated: z
      .union([z.iso.datetime(), z.literal('')])
      .describe('Time of the last save of the row, ISO 8601 in UTC (e.g. 2026-11-20T18:04:05.000Z); empty when the table has no such time'),
  })
  .describe('A QBCore or Qbox citizen (record format beta)');

export type BetaRecord = z.infer<typeof betaRecordSchema>;
export type BetaItem = z.infer<typeof betaItemSchema>;
export type BetaItemMetadata = z.infer<typeof betaItemMetadataSchema>;
export type BetaJob = z.infer<typeof betaJobSchema>;
export type BetaGang = z.infer<typeof betaGangSchema>;
export type BetaMetadata = z.infer<typeof betaMetadataSchema>;

/** A search's answer per citizen (docs/design.md §2.7): the record's fields a CAD lists, each exactly the record's. */
export const betaSummarySchema = betaRecordSchema
  .pick({ id: true, citizenid: true, license: true, name: true, charinfo: true, job: true, gang: true, last_updated: true })
  .describe('One citizen found by a search: the fields of the full record a list shows, each exactly as the record has it.');
