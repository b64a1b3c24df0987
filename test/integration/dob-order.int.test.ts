/**
 * esx_dob_format auto (the default): the resource reads a bounded sample of the stored birthdates
 * when it prepares format alpha, and reads them in the order the unambiguous ones support; an
 * explicit convar still wins.
 */
import { startHarness, type Harness } from '../../devkit/resource-harness';

const MIA = 'char1:aa00000000000000000000000000000000000001';
const OLI = 'char1:aa00000000000000000000000000000000000003';

async function dob(h: Harness, id: string): Promise<string> {
  return JSON.parse((await h.request(`/alpha/citizens/${id}`)).body).data.dateofbirth;
}

describe('a month-first server under auto', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('dob_auto', ['esx-legacy-schema.sql', 'esx-month-first-dates.sql']);
  });
  afterEach(() => expect(h.host.takeViolations()).toEqual([]));
  afterAll(() => h.close());

  test('dates read month first, ambiguous ones too, and the choice is logged with its counts', async () => {
    expect(await dob(h, MIA)).toBe('1994-07-14');
    expect(await dob(h, OLI)).toBe('2001-03-04');
    const line = h.host.linesOf('citizen_records').find((l) => l.includes('esx_dob_format auto'));
    expect(line).toContain('reading dateofbirth as MDY (of 5 stored dates: 0 only day-first, 2 only month-first, 3 either');
  });
});

describe('the same server with esx_dob_format DMY set', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('dob_dmy', ['esx-legacy-schema.sql', 'esx-month-first-dates.sql'], {
      convars: { 'citizen_records:esx_dob_format': 'DMY' },
    });
  });
  afterEach(() => expect(h.host.takeViolations()).toEqual([]));
  afterAll(() => h.close());

  test('the explicit order wins: a month-first date is no date, an ambiguous one day-first', async () => {
    expect(await dob(h, MIA)).toBe('');
    expect(await dob(h, OLI)).toBe('2001-04-03');
  });
});
