import { defineFormat } from '../format';
import { alphaVehicleSource } from './vehicles';
import { alphaChanges } from './changes';
import { ALPHA_ID_RULE, alphaIdCandidates, isValidAlphaId } from './id';
import { alphaLive } from './live';
import { prepareAlpha } from './prepare';

/** Record format alpha: one ESX `users` row, from ESX 1.1 (essentialmode) to Legacy 1.13+. */
export const alphaFormat = defineFormat({
  name: 'alpha',
  title: 'Alpha',
  framework: 'ESX',
  table: 'users',
  // `users`, and where it lacks them ESX 1.1/1.2's account and item tables (prepare.ts).
  tables: ['users', 'user_accounts', 'user_inventory'],
  idRule: ALPHA_ID_RULE,
  isValidId: isValidAlphaId,
  idCandidates: alphaIdCandidates,
  vehicles: alphaVehicleSource,
  changes: alphaChanges,
  prepare: prepareAlpha,
  // es_extended's xPlayer, merged over the row by mergeAlphaLive.
  live: alphaLive,
});
