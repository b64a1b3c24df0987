import { asModelHash, joaat } from './joaat';

describe('joaat', () => {
  test('gives the signed int32 that FiveM hands Lua and the frameworks store', () => {
    // A real ESX row stores "model":-16948145 for a bison; qb-vehicleshop writes '-825837129' for vigero;
    // qb-core's 2021 shared list had hash "-1216765807" for adder.
    expect(joaat('bison')).toBe(-16948145);
    expect(joaat('vigero')).toBe(-825837129);
    expect(joaat('adder')).toBe(-1216765807);
    // docs.fivem.net lists asbo as 1118611807 (positive as int32 too).
    expect(joaat('asbo')).toBe(1118611807);
  });

  test('ignores the case of A–Z, as GetHashKey does', () => {
    expect(joaat('ADDER')).toBe(joaat('adder'));
    expect(joaat('Sultan')).toBe(joaat('sultan'));
  });

  test('of the empty string is 0', () => {
    expect(joaat('')).toBe(0);
  });
});

describe('asModelHash', () => {
  test('reads numbers and strings of digits as the signed int32 they stand for', () => {
    expect(asModelHash(-16948145)).toBe(-16948145);
    expect(asModelHash(4278019151)).toBe(-16948145);
    expect(asModelHash('-825837129')).toBe(-825837129);
    expect(asModelHash(' 1118611807 ')).toBe(1118611807);
  });

  test('refuses what holds no 32-bit integer', () => {
    for (const value of ['adder', '', '1.5', 1.5, 2 ** 32, -(2 ** 31) - 1, Number.NaN, null, undefined, {}, true]) {
      expect(asModelHash(value)).toBeNull();
    }
  });
});
