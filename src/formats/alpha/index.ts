import type { FormatModule } from '../format';
import { isValidAlphaId } from './id';
import { prepareAlphaLookup } from './lookup';
import { alphaRecordSchema, type AlphaRecord } from './schema';

/** Record format alpha: one ESX `users` row (docs/design.md §8.1, §3.1). */
export const alphaFormat: FormatModule<AlphaRecord> = {
  name: 'alpha',
  schema: alphaRecordSchema,
  isValidId: isValidAlphaId,
  // `users`, and where it lacks them ESX 1.1/1.2's account and item tables (lookup.ts).
  tables: ['users', 'user_accounts', 'user_inventory'],
  prepare: prepareAlphaLookup,
};

export { alphaRecordSchema, type AlphaRecord };
