/**
 * What the build needs to describe each format, beside the registry: its schemas (zod) and example
 * records. Build-time only: nothing the resource runs imports this file, so neither zod nor the
 * test rows behind the examples reach dist/server.js (a test checks the bundle).
 */
import type { z } from 'zod';
import type { FormatSchemaName, SharedSchemaName } from '../contract/shapes';
import { alphaDocumentation, alphaVehicleExample } from './alpha/documentation';
import { betaDocumentation } from './beta/documentation';
import { vehicleRecordSchema } from '../vehicles/schema';
import type { FormatName } from './registry';

export interface Example {
  /** What the example shows, in a few words. */
  summary: string;
  value: unknown;
}

export interface FormatDocumentation {
  /** Each schema the contract's shapes name by `formatSchema`. */
  schemas: Record<FormatSchemaName, z.ZodType>;
  /** One example per schema: a sample row put through the real normaliser. */
  examples: Record<FormatSchemaName, Example>;
}

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
