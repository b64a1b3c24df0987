import { chooseDobOrder } from './dob-order';

describe('chooseDobOrder (esx_dob_format auto)', () => {
  test('month-first servers: a second field above 12 is only ever a day', () => {
    expect(chooseDobOrder(['07/14/1994', '12/31/1988', '03/04/2001', '1/25/1990', null, ''])).toEqual({
      order: 'MDY',
      dayFirst: 0,
      monthFirst: 3,
      ambiguous: 1,
    });
  });

  test('day-first servers (ESX default) choose DMY', () => {
    expect(chooseDobOrder(['14/07/1994', '31.12.1988', '03/04/2001'])).toEqual({ order: 'DMY', dayFirst: 2, monthFirst: 0, ambiguous: 1 });
  });

  test('no evidence, or evidence both ways, falls back to DMY', () => {
    expect(chooseDobOrder(['01/02/1990', '1994-07-14', 'tomorrow']).order).toBe('DMY');
    expect(chooseDobOrder([]).order).toBe('DMY');
    expect(chooseDobOrder(['07/14/1994', '14/07/1994', '08/20/1990']).order).toBe('DMY');
  });

  test('year-first and impossible dates are no evidence', () => {
    expect(chooseDobOrder(['1994/07/14', '45/45/1990', '13/13/2000'])).toEqual({ order: 'DMY', dayFirst: 0, monthFirst: 0, ambiguous: 2 });
  });
});
