import { defineFormat } from '../format';
import { betaVehicleSource } from './vehicles';
import { betaChanges } from './changes';
import { BETA_ID_RULE, isValidBetaId } from './id';
import { betaLive } from './live';
import { prepareBeta } from './prepare';
import { PLAYERS_TABLE } from './query';

/** Record format beta: a QBCore or Qbox `players` row, from the April 2021 QBCore table to now. */
export const betaFormat = defineFormat({
  name: 'beta',
  title: 'Beta',
  framework: 'QBCore/Qbox',
  table: PLAYERS_TABLE,
  tables: [PLAYERS_TABLE],
  idRule: BETA_ID_RULE,
  isValidId: isValidBetaId,
  // One try: the match is case-insensitive in SQL (query.ts), and live keys upper-case (live.ts).
  idCandidates: (id) => [id],
  vehicles: betaVehicleSource,
  changes: betaChanges,
  prepare: prepareBeta,
  // qb-core's and qbx_core's PlayerData, merged over the row by mergeBetaLive.
  live: betaLive,
});
