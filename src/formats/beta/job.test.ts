import { normaliseGang, normaliseJob } from './job';
import { qbcoreRecord } from './test-rows';

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
    const job = normaliseJob({ name: 'police', label: 'LSPD', type: 'leo', grade: { name: 'Chief', level: 4, payment: 150, isboss: true } });
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

  it.each([undefined, [], 'junk', 42])('gives qb-core\'s default job for %p', (value) => {
    expect(normaliseJob(value)).toEqual(DEFAULT_JOB);
  });
});

describe('normaliseGang', () => {
  it('completes grade.isboss of a Qbox gang from the gang level (B.7)', () => {
    expect(normaliseGang({ name: 'none', label: 'No Gang', isboss: false, bankAuth: false, grade: { name: 'Unaffiliated', level: 0 } })).toEqual({
      name: 'none',
      label: 'No Gang',
      isboss: false,
      grade: { name: 'Unaffiliated', level: 0, isboss: false },
    });
  });

  it('gives a boss grade to the gang level when only the grade says so', () => {
    expect(normaliseGang({ name: 'ballas', label: 'Ballas', grade: { name: 'Boss', level: 3, isboss: true } }).isboss).toBe(true);
  });

  it('completes the 2021 gang {name, label} (B.8)', () => {
    expect(normaliseGang({ name: 'geen', label: 'Geen Gang' })).toEqual({
      name: 'geen',
      label: 'Geen Gang',
      isboss: false,
      grade: { name: 'none', level: 0, isboss: false },
    });
  });

  it.each([undefined, []])('gives qb-core\'s default gang for %p', (value) => {
    expect(normaliseGang(value)).toEqual({
      name: 'none',
      label: 'No Gang Affiliation',
      isboss: false,
      grade: { name: 'none', level: 0, isboss: false },
    });
  });
});
