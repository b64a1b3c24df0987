/** Pieces of the record schemas that both formats share, so their docs and bounds read alike. */
import { z } from 'zod';

export const positionSchema = z
  .strictObject({ x: z.number(), y: z.number(), z: z.number() })
  .describe('Last saved world coordinates, heading dropped; the origin when none are stored.');

export const calendarDateSchema = z
  .union([z.iso.date(), z.literal('')])
  .describe('A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date.');
