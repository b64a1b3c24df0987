import { asNumber, asRecord } from '../../values/coerce';
import { MONEY_DEFAULTS } from './defaults';
import type { BetaRecord } from './schema';

/** `{cash, bank, crypto}`; a missing type gets qb-core's start amount, other types are dropped. */
export function normaliseMoney(value: unknown): BetaRecord['money'] {
  const money = asRecord(value) ?? {};
  return {
    cash: asNumber(money.cash, MONEY_DEFAULTS.cash),
    bank: asNumber(money.bank, MONEY_DEFAULTS.bank),
    crypto: asNumber(money.crypto, MONEY_DEFAULTS.crypto),
  };
}
