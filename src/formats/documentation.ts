/**
 * What the build needs to describe each format, beside the registry: its schemas (zod) and example
 * records. Build-time only: nothing the resource runs imports this file, so neither zod nor the
 * test rows behind the examples reach dist/server.js (a test checks the bundle).
 */
import type { z } from 'zod';
import type { SharedSchemaName } from '../contract/shapes';
import { alphaDocumentation, alphaVehicleExample } from './alpha/documentation';
import { betaDocumentation } from './beta/documentation';
import { vehicleRecordSchema } from '../vehicles/schema';
import type { Example, FormatDocumentation } from './format';
import type { FormatName } from './registry';

export const FORMAT_DOCUMENTATION: { readonly [F in FormatName]: FormatDocumentation } = {
  alpha: alphaDocumentation,
  beta: betaDocumentation,
};

/**
 * Schemas every format shares (`sharedSchema` in the contract's shapes): one shape whatever the
 * format, with one example.
 */
export const SHARED_SCHEMAS: Record<SharedSchemaName, { schema: z.ZodType; example: Example }> = {
  Vehicle: { schema: vehicleRecordSchema, example: alphaVehicleExample },
};
