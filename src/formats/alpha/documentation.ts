/**
 * The alpha format described for the build (src/formats/documentation.ts): its schema and an
 * example record, a sample row put through the real normaliser so it can never drift from what a
 * route answers.
 */
import { readSharedVehicles } from '../../vehicles/catalog';
import type { Example, FormatDocumentation } from '../format';
import { LEGACY_1_13_OX_ILLENIUM, LEGACY_OWNED_VEHICLE } from './__fixtures__/rows';
import { normaliseAlphaRow, normaliseAlphaSummary } from './normalise';
import { alphaRecordSchema, alphaSummarySchema } from './schema';
import { normaliseAlphaVehicle } from './vehicles';

const silent = () => undefined;

export const alphaDocumentation: FormatDocumentation = {
  schemas: { record: alphaRecordSchema, summary: alphaSummarySchema },
  examples: {
    record: {
      summary: 'ESX Legacy 1.13, ox_inventory, illenium-appearance',
      value: normaliseAlphaRow({ row: LEGACY_1_13_OX_ILLENIUM }, { warn: silent, dobOrder: 'DMY' }),
    },
    summary: {
      summary: 'The same citizen as a search lists it',
      value: normaliseAlphaSummary(LEGACY_1_13_OX_ILLENIUM, { dobOrder: 'DMY' }),
    },
  },
};

/** The shared Vehicle schema's example: an ESX row through the real vehicle normaliser. */
export const alphaVehicleExample: Example = {
  summary: 'ESX Legacy with esx_garage: a Bison parked at a garage',
  value: normaliseAlphaVehicle(LEGACY_OWNED_VEHICLE, { warn: silent, vehicles: readSharedVehicles(undefined) }),
};
