import { z } from 'zod';

/**
 * The vehicle record, one shape for ESX `owned_vehicles` (format alpha) and QBCore/Qbox
 * `player_vehicles` (format beta), so that a CAD reads both alike. The single source of truth for
 * the record's TypeScript type, for the normalisers' tests and for `/openapi.json`; the runtime
 * bundle imports only its type (zod stays out of it).
 */

export const VEHICLE_STATES = ['out', 'garaged', 'impounded', 'unknown'] as const;

export const vehicleStateSchema = z
  .enum(VEHICLE_STATES)
  .describe(
    'Where the vehicle is, as the garage scripts record it: `out` (in the world, or in a QBCore depot awaiting its fee), ' +
      '`garaged`, `impounded`; `unknown` for any other stored value',
  );

export const vehicleRecordSchema = z
  .strictObject({
    plate: z.string().describe('The number plate as stored, trimmed and upper-case (1 to 8 characters in the game)'),
    owner: z.string().describe("The owner's id: the ESX identifier (alpha) or the citizenid (beta), usable with /{format}/citizens/{id}"),
    owner_name: z.string().describe('The owner\'s first and last name from their citizen row; `""` when that row or its names are missing'),
    model: z
      .string()
      .describe(
        'Spawn name, e.g. `adder`: beta as stored; alpha from the model hash, by the framework\'s or the base game\'s list; `""` when unknown',
      ),
    label: z.string().describe('Display name without brand, e.g. `Adder`; `""` when unknown (addon cars without a framework list)'),
    model_hash: z
      .number()
      .int()
      .min(-2147483648)
      .max(2147483647)
      .describe("The model's joaat hash as the game gives it, a signed 32-bit integer; 0 when none is stored"),
    type: z
      .string()
      .describe(
        'Vehicle type. alpha: the `type` column as ESX stores it (`car`, `boat`, `aircraft`, …; `car` by default). ' +
          'beta: the framework\'s shared vehicles list\'s type (`automobile`, `bike`, `boat`, `heli`, `plane`, …), `""` without one',
      ),
    job: z
      .string()
      .describe('The job a fleet vehicle belongs to (ESX `job`, e.g. `police`); `""` for a private vehicle and always on beta'),
    state: vehicleStateSchema,
    garage: z
      .string()
      .describe(
        'Garage name: alpha `parking`, or `pound` while impounded; beta `garage` (the last garage, also while out); `""` when none',
      ),
    fuel: z.number().min(0).max(100).describe('Fuel level in percent; 100 when none is stored'),
    engine: z.number().min(-4000).max(1000).describe('Engine health as the game gives it, -4000 to 1000; 1000 when none is stored'),
    body: z.number().min(0).max(1000).describe('Body health, 0 to 1000; 1000 when none is stored'),
    fakeplate: z.string().describe('A fake plate fitted by a fake-plate script (beta `fakeplate`); `""` when none, and always on alpha'),
    properties: z
      .record(z.string(), z.unknown())
      .describe(
        'The stored vehicle properties (alpha `vehicle`, beta `mods`) as the framework saved them (colours, mods, extras, …); `{}` when absent or unreadable',
      ),
  })
  .describe('A vehicle owned by a citizen, from ESX `owned_vehicles` or QBCore/Qbox `player_vehicles`');

export type VehicleState = z.infer<typeof vehicleStateSchema>;
export type VehicleRecord = z.infer<typeof vehicleRecordSchema>;
