import { normaliseMoney } from './money';

describe('normaliseMoney', () => {
  it('keeps cash, bank and crypto as stored, floats and a negative bank included', () => {
    expect(normaliseMoney({ cash: 742, bank: -2500.75, crypto: 3 })).toEqual({ cash: 742, bank: -2500.75, crypto: 3 });
  });

  it('drops money types a server added', () => {
    expect(normaliseMoney({ cash: 1, bank: 2, crypto: 0, blackmoney: 900 })).toEqual({ cash: 1, bank: 2, crypto: 0 });
  });

  it.each([undefined, [], {}, 'junk'])("gives qb-core's start amounts for %p", (value) => {
    expect(normaliseMoney(value)).toEqual({ cash: 500, bank: 5000, crypto: 0 });
  });

  it('fills a single missing type with its start amount and reads numeric strings', () => {
    expect(normaliseMoney({ cash: '120.5', crypto: 4 })).toEqual({ cash: 120.5, bank: 5000, crypto: 4 });
  });
});
