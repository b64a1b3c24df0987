import { normaliseMetadata } from './metadata';

describe('normaliseMetadata', () => {
  it("gives qb-core's PlayerDefaults when metadata holds nothing", () => {
    expect(normaliseMetadata(undefined)).toEqual({
      hunger: 100,
      thirst: 100,
      stress: 0,
      armor: 0,
      isdead: false,
      ishandcuffed: false,
      inlaststand: false,
      tracker: false,
      injail: 0,
      bloodtype: '',
      fingerprint: '',
      walletid: '',
      callsign: 'NO CALLSIGN',
      licences: { driver: false, weapon: false, business: false },
      criminalrecord: { hasRecord: false },
      phonedata: { SerialNumber: 0, InstalledApps: [] },
    });
  });

  it('keeps in-range gauges as stored, floats included', () => {
    const m = normaliseMetadata({ hunger: 87.39999999999999, thirst: 88.6, stress: 3, armor: 50 });
    expect([m.hunger, m.thirst, m.stress, m.armor]).toEqual([87.39999999999999, 88.6, 3, 50]);
  });

  it('clamps out-of-range gauges to 0–100 and defaults unusable ones', () => {
    const m = normaliseMetadata({ hunger: 140, thirst: -5, stress: '250', armor: 'full' });
    expect([m.hunger, m.thirst, m.stress, m.armor]).toEqual([100, 0, 100, 0]);
    const nulls = normaliseMetadata({ hunger: null, thirst: null });
    expect([nulls.hunger, nulls.thirst]).toEqual([100, 100]);
  });

  it('reads wrong-typed flags and numbers', () => {
    const m = normaliseMetadata({ isdead: 1, ishandcuffed: 'true', inlaststand: '0', tracker: 'maybe', injail: '12', callsign: 214 });
    expect([m.isdead, m.ishandcuffed, m.inlaststand, m.tracker, m.injail, m.callsign]).toEqual([true, true, false, false, 12, '214']);
  });

  it('keeps only hasRecord of a criminal record with an os.date table (B.6)', () => {
    const m = normaliseMetadata({
      criminalrecord: {
        hasRecord: true,
        date: { year: 2024, month: 6, day: 2, hour: 18, min: 31, sec: 5, wday: 1, yday: 154, isdst: true },
      },
    });
    expect(m.criminalrecord).toEqual({ hasRecord: true });
  });

  it.each([
    ['current QBCore', { driver: true, business: false, weapon: true }, { driver: true, weapon: true, business: false }],
    ['2021 (no weapon)', { driver: true, business: false }, { driver: true, weapon: false, business: false }],
    ['Qbox (id, no business)', { id: true, driver: true, weapon: false }, { driver: true, weapon: false, business: false }],
    ['empty Lua table', [], { driver: false, weapon: false, business: false }],
  ])('completes licences of %s with false', (_label, stored, expected) => {
    expect(normaliseMetadata({ licences: stored }).licences).toEqual(expected);
  });

  it.each([
    ["qb-phone's object keyed by app name", { spotify: { app: 'spotify' }, twitter: { app: 'twitter' } }, ['spotify', 'twitter']],
    ['an empty Lua table', [], []],
    ['a list of names', ['bank', 'garage'], ['bank', 'garage']],
    ['a list of objects', [{ app: 'bank' }, { name: 'mail' }], ['bank', 'mail']],
    ['a sparse Lua list', { '2': 'bank', '12': { app: 'racing' } }, ['bank', 'racing']],
  ])('gives InstalledApps from %s as names', (_label, stored, expected) => {
    expect(normaliseMetadata({ phonedata: { SerialNumber: 58213377, InstalledApps: stored } }).phonedata).toEqual({
      SerialNumber: 58213377,
      InstalledApps: expected,
    });
  });

  it('reads a SerialNumber stored as a string', () => {
    expect(normaliseMetadata({ phonedata: { SerialNumber: '33019284' } }).phonedata.SerialNumber).toBe(33019284);
  });
});
