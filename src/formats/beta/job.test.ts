import { normaliseGang, normaliseJob } from './job';
import { qbcoreRecord } from './__fixtures__/rows';
import { frameworkCatalogs, readCatalog } from './group-catalog';

const DEFAULT_JOB = {
  name: 'unemployed',
  label: 'Civilian',
  type: 'none',
  isboss: false,
  onduty: false,
  grade: { name: 'Freelancer', level: 0, payment: 10, isboss: false },
  payment: 10,
};

describe('normaliseJob', () => {
  it('keeps a current job as stored (B.5)', () => {
    const stored = {
      name: 'police',
      label: 'Law Enforcement',
      payment: 75,
      type: 'leo',
      onduty: true,
      isboss: false,
      grade: { name: 'Officer', level: 1, payment: 75, isboss: false },
    };
    expect(normaliseJob(stored)).toEqual(qbcoreRecord.job);
  });

  it('completes an Oct 2021 / Qbox grade with only name and level from the job level', () => {
    const job = normaliseJob({
      name: 'mechanic',
      label: 'Mechanic',
      payment: 50,
      type: 'none',
      onduty: false,
      isboss: true,
      grade: { name: 'Novice', level: 1 },
    });
    expect(job.grade).toEqual({ name: 'Novice', level: 1, payment: 50, isboss: true });
    expect(job.isboss).toBe(true);
  });

  it('completes the job level from the grade when payment and isboss are only there', () => {
    const job = normaliseJob({
      name: 'police',
      label: 'LSPD',
      type: 'leo',
      grade: { name: 'Chief', level: 4, payment: 150, isboss: true },
    });
    expect(job.payment).toBe(150);
    expect(job.isboss).toBe(true);
  });

  it('completes an April 2021 job without grade or type (B.8)', () => {
    expect(normaliseJob({ name: 'unemployed', label: 'unemployed', payment: 10, onduty: true })).toEqual({
      name: 'unemployed',
      label: 'unemployed',
      type: 'none',
      isboss: false,
      onduty: true,
      grade: { name: 'Freelancer', level: 0, payment: 10, isboss: false },
      payment: 10,
    });
  });

  it('reads a bare number as grade as its level', () => {
    expect(normaliseJob({ name: 'police', grade: 3 }).grade.level).toBe(3);
  });

  it('reads onduty and isboss stored as 0/1', () => {
    const job = normaliseJob({ name: 'police', onduty: 1, isboss: '0' });
    expect([job.onduty, job.isboss]).toEqual([true, false]);
  });

  it.each([undefined, [], 'junk', 42])("gives qb-core's default job for %p", (value) => {
    expect(normaliseJob(value)).toEqual(DEFAULT_JOB);
  });
});

describe('normaliseGang', () => {
  it('completes grade.isboss of a Qbox gang from the gang level (B.7)', () => {
    expect(
      normaliseGang({ name: 'none', label: 'No Gang', isboss: false, bankAuth: false, grade: { name: 'Unaffiliated', level: 0 } }),
    ).toEqual({
      name: 'none',
      label: 'No Gang',
      isboss: false,
      grade: { name: 'Unaffiliated', level: 0, isboss: false },
    });
  });

  it('gives a boss grade to the gang level when only the grade says so', () => {
    expect(normaliseGang({ name: 'ballas', label: 'Ballas', grade: { name: 'Boss', level: 3, isboss: true } }).isboss).toBe(true);
  });

  it("completes the 2021 gang {name, label} (B.8) without another gang's grade name", () => {
    // No definition of `geen` is known: the grade name is the empty value, not the default gang's `none`.
    expect(normaliseGang({ name: 'geen', label: 'Geen Gang' })).toEqual({
      name: 'geen',
      label: 'Geen Gang',
      isboss: false,
      grade: { name: '', level: 0, isboss: false },
    });
  });

  it.each([undefined, null, [], {}, { label: 'nameless' }])(
    "gives qb-core's default gang (PlayerDefaults) for %p, whatever definitions run",
    (value) => {
      const defaultGang = { name: 'none', label: 'No Gang Affiliation', isboss: false, grade: { name: 'none', level: 0, isboss: false } };
      expect(normaliseGang(value)).toEqual(defaultGang);
      // qb-core's own gang list names `none` differently ("No Gang", "Unaffiliated"); a NULL gang is still PlayerDefaults'.
      const live = readCatalog({ none: { label: 'No Gang', grades: { '0': { name: 'Unaffiliated' } } } });
      expect(normaliseGang(value, live)).toEqual(defaultGang);
    },
  );
});

describe('jobs with a grade short of its name (QBCore 2021 rows, level-only forks)', () => {
  it("takes the grade name, payment and boss flag of that job at that level from qb-core's defaults", () => {
    // qb-core main's shared/jobs.lua: police level 3 is Lieutenant (125), the job's type leo.
    expect(normaliseJob({ name: 'police', label: 'Law Enforcement', onduty: true, grade: { level: 3 } })).toEqual({
      name: 'police',
      label: 'Law Enforcement',
      type: 'leo',
      isboss: false,
      onduty: true,
      grade: { name: 'Lieutenant', level: 3, payment: 125, isboss: false },
      payment: 125,
    });
    expect(normaliseJob({ name: 'ambulance', grade: 4 })).toMatchObject({
      label: 'EMS',
      isboss: true,
      grade: { name: 'Chief', level: 4, payment: 150, isboss: true },
    });
  });

  it('a 2021 row with no grade at all is level 0 of its own job, never Freelancer', () => {
    expect(normaliseJob({ name: 'mechanic', label: 'Mechanic', payment: 70, onduty: false }).grade).toEqual({
      name: 'Recruit',
      level: 0,
      payment: 70,
      isboss: false,
    });
  });

  it("knows every job and gang of qb-core's default lists, gangs included", () => {
    expect(normaliseJob({ name: 'bennys', grade: { level: 4 } })).toMatchObject({
      label: "Benny's Original Motor Works",
      type: 'mechanic',
      isboss: true,
      grade: { name: 'Manager', payment: 150 },
    });
    expect(normaliseGang({ name: 'ballas', grade: { level: 3 } })).toEqual({
      name: 'ballas',
      label: 'Ballas',
      isboss: true,
      grade: { name: 'Boss', level: 3, isboss: true },
    });
    expect(normaliseGang({ name: 'triads', grade: 1 }).grade.name).toBe('Enforcer');
  });

  it('while a framework runs, its own definitions alone complete a row: a job its list lacks is not taken from the defaults', () => {
    const live = readCatalog({ unemployed: { label: 'Civilian', grades: { '0': { name: 'Freelancer', payment: 10 } } } });
    expect(normaliseJob({ name: 'mechanic', label: 'Mechanic', onduty: false, grade: { level: 4 } }, live)).toMatchObject({
      isboss: false,
      grade: { name: '', level: 4, payment: 0, isboss: false },
      payment: 0,
    });
    const liveGangs = readCatalog({ none: { label: 'No Gang', grades: { '0': { name: 'Unaffiliated' } } } });
    expect(normaliseGang({ name: 'ballas', grade: { level: 3 } }, liveGangs).grade).toEqual({ name: '', level: 3, isboss: false });
  });

  it("the server's own definitions win over the defaults, and fill label and type", () => {
    const live = readCatalog({
      police: {
        label: 'LSPD',
        type: 'leo',
        grades: { '0': { name: 'Recruit', payment: 40 }, '3': { name: 'Corporal', payment: 99, isboss: false } },
      },
    });
    expect(normaliseJob({ name: 'police', grade: { level: 3 } }, live)).toMatchObject({
      label: 'LSPD',
      type: 'leo',
      grade: { name: 'Corporal', payment: 99 },
      payment: 99,
    });
  });

  it('an unknown job or level gets the empty value, and what the row stores always wins', () => {
    expect(normaliseJob({ name: 'burgershot', grade: { level: 2 } })).toMatchObject({
      label: '',
      grade: { name: '', level: 2, payment: 0 },
      payment: 0,
    });
    expect(normaliseJob({ name: 'police', grade: { level: 42 } }).grade.name).toBe('');
    expect(normaliseJob({ name: 'police', label: 'Cops', grade: { name: 'Rookie', level: 0, payment: 5 } })).toMatchObject({
      label: 'Cops',
      grade: { name: 'Rookie', payment: 5 },
    });
  });
});

describe("readCatalog: definitions as the frameworks' exports hand them to JS", () => {
  it('qb-core string grade keys, qbx_core integer keys, and a 1..n Lua list read as an array shifted by one', () => {
    const jobs = readCatalog({
      a: { label: 'A', grades: { '0': { name: 'Zero', payment: 1 }, '1': { name: 'One', payment: 2, isboss: true } } },
      b: {
        label: 'B',
        type: 'ems',
        grades: [
          { name: 'First', payment: 3 },
          { name: 'Second', payment: 4 },
        ],
      },
      broken: 'nope',
    });
    expect(jobs.get('a')?.grades.get(1)).toEqual({ name: 'One', payment: 2, isboss: true });
    expect(jobs.get('b')).toEqual({
      label: 'B',
      type: 'ems',
      grades: new Map([
        [1, { name: 'First', payment: 3, isboss: false }],
        [2, { name: 'Second', payment: 4, isboss: false }],
      ]),
    });
    expect(jobs.has('broken')).toBe(false);
  });
});

describe('frameworkCatalogs: the definitions a framework handed over, read once', () => {
  it('reads both lists, answers the same catalogs for the same hand-over, and undefined without a framework', () => {
    const handed = { jobs: { a: { label: 'A', grades: { '0': { name: 'Zero' } } } }, gangs: undefined };
    const catalogs = frameworkCatalogs(handed);
    expect(catalogs?.jobs.get('a')?.label).toBe('A');
    expect(catalogs?.gangs.size).toBe(0);
    expect(frameworkCatalogs(handed)).toBe(catalogs);
    // A new hand-over (the framework restarted or changed its lists) is read again.
    expect(frameworkCatalogs({ ...handed })).not.toBe(catalogs);
    expect(frameworkCatalogs(undefined)).toBeUndefined();
  });
});
