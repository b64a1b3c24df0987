import { normaliseCharinfo } from './charinfo';
import { qbcoreRecord } from './__fixtures__/rows';

describe('normaliseCharinfo', () => {
  it('reads a current row (B.5)', () => {
    expect(
      normaliseCharinfo(
        {
          firstname: 'Zoë',
          lastname: 'Brandt',
          birthdate: '1993-02-17',
          gender: 1,
          backstory: 'placeholder backstory',
          nationality: 'German',
          phone: '4157732901',
          account: 'US04QBCore5821337741',
          cid: 1,
        },
        1,
      ),
    ).toEqual(qbcoreRecord.charinfo);
  });

  it('turns qb-core\'s placeholder birthdate 00-00-0000 into ""', () => {
    expect(normaliseCharinfo({ birthdate: '00-00-0000' }, null).birthdate).toBe('');
  });

  it.each([
    ['1995-05-09', '1995-05-09'],
    ['1995/05/09', '1995-05-09'],
    ['09/05/1995', '1995-05-09'],
    ['1995-02-30', ''],
    ['someday', ''],
  ])('reads birthdate %p as %p', (stored, expected) => {
    expect(normaliseCharinfo({ birthdate: stored }, null).birthdate).toBe(expected);
  });

  it.each([
    [0, 'male'],
    [1, 'female'],
    ['0', 'male'],
    ['1', 'female'],
    ['Female', 'Female'],
    ['Männlich', 'Männlich'],
    [2, '2'],
  ])('maps gender %p to %p', (stored, expected) => {
    expect(normaliseCharinfo({ gender: stored }, null).gender).toBe(expected);
  });

  it('stringifies numeric phone, account and cid (the 2021 UI stored cid as "1")', () => {
    const info = normaliseCharinfo({ phone: 4157732901, account: 12345678, cid: '2' }, 7);
    expect([info.phone, info.account, info.cid]).toEqual(['4157732901', '12345678', '2']);
  });

  it("gives qb-core's defaults when charinfo is NULL, cid from the row's cid column", () => {
    expect(normaliseCharinfo(undefined, 3)).toEqual({
      firstname: 'Firstname',
      lastname: 'Lastname',
      birthdate: '',
      nationality: 'USA',
      gender: 'male',
      phone: '',
      account: '',
      cid: '3',
    });
  });

  it("falls back to PlayerDefaults' cid 1 when neither charinfo nor the row has one", () => {
    expect(normaliseCharinfo([], null).cid).toBe('1');
  });
});
