import type { ParameterRule } from '../../contract/parameters';
import { ruleCheck } from '../../values/rule';

/** The beta id: a `citizenid`, 1–50 characters of `[A-Za-z0-9]`, matched case-insensitively (query.ts). */
export const BETA_ID_RULE: ParameterRule = {
  pattern: '^[A-Za-z0-9]{1,50}$',
  wording: 'a citizenid: 1 to 50 letters and digits',
  description: 'The `citizenid`, matched case-insensitively.',
  example: 'KQW48213',
  error: 'invalid_id',
};

export const isValidBetaId = ruleCheck(BETA_ID_RULE);
