/**
 * Grade names a row does not store come from the job definitions of the qb-core or qbx_core running
 * beside the resource, read through their exports (shapes from
 * docs/live.md#job-and-gang-definitions: qb-core's GetShared('Jobs') with string grade keys,
 * qbx_core's GetJobs with integer keys), refreshed when the framework says its definitions
 * changed; without a framework, from qb-core's default lists.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import { startHarness, type Harness } from '../../devkit/resource-harness';

type Beta = { data: { job: Record<string, any>; gang: Record<string, any> } };

/** The resource reads a framework's definitions on its onServerResourceStart, a tick after it starts, and logs it. */
function definitionsRead(h: Harness, framework: string): Promise<void> {
  return waitFor(
    () => h.host.linesOf('citizen_records').some((line) => line.includes(`job definitions from ${framework}:`)),
    `definitions from ${framework}`,
  );
}

async function beta(h: Harness, id: string): Promise<Beta['data']> {
  return (JSON.parse((await h.request(`/beta/citizens/${id}`)).body) as Beta).data;
}

describe('no framework running: qb-core defaults', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('groups_default', ['qbcore.sql', 'qbcore-level-only-grades.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a level-only police grade is named from the default list; a row without grade is level 0 of its own job', async () => {
    expect((await beta(h, 'LVL00001')).job.grade).toEqual({ name: 'Officer', level: 1, payment: 75, isboss: false });
    expect((await beta(h, 'LVL00002')).job.grade).toEqual({ name: 'Recruit', level: 0, payment: 50, isboss: false });
    // ballas level 2 in qb-core's default gang list.
    expect((await beta(h, 'LVL00001')).gang.grade).toEqual({ name: 'Shot Caller', level: 2, isboss: false });
  });
});

describe('qb-core running beside the resource', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('groups_qbcore', ['qbcore.sql', 'qbcore-level-only-grades.sql']);
    // A stand-in qb-core (2026-05+, told by its GetOfflinePlayerByLicense export, which no older
    // generation has): GetShared('Jobs'|'Gangs') returns QBShared tables, grades keyed by strings.
    h.host.startScript(
      'qb-core',
      `globalThis.Shared = {
         Jobs: { police: { label: 'LSPD', type: 'leo', defaultDuty: true, grades: { '0': { name: 'Cadet', payment: 50 }, '1': { name: 'Patrol Officer', payment: 80 } } } },
         Gangs: { ballas: { label: 'Ballas', grades: { '0': { name: 'Recruit' }, '2': { name: 'Enforcer' } } } },
       };
       exports('GetShared', (key) => Shared[key]);
       exports('GetOfflinePlayerByLicense', () => undefined);
       exports('GetPlayers', () => []);`,
    );
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("the server's own definitions name the grade, fill the type, and a change announced by qb-core is read again", async () => {
    await definitionsRead(h, 'qb-core');
    expect((await beta(h, 'LVL00001')).job).toMatchObject({ type: 'leo', grade: { name: 'Patrol Officer', level: 1, payment: 75 } });
    expect((await beta(h, 'LVL00001')).gang.grade.name).toBe('Enforcer');
    h.host.evaluate('qb-core', `Shared.Jobs.police.grades['1'].name = 'Senior Officer'; emit('QBCore:Server:UpdateObject')`);
    expect((await beta(h, 'LVL00001')).job.grade.name).toBe('Senior Officer');
    // A job the running qb-core does not define was removed or renamed there: the empty value, not
    // qb-core's default list, and never another job's grade.
    expect((await beta(h, 'LVL00002')).job.grade).toEqual({ name: '', level: 0, payment: 50, isboss: false });
  });
});

describe('qbx_core running beside the resource', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('groups_qbx', ['qbcore.sql', 'qbcore-level-only-grades.sql']);
    // A stand-in qbx_core: GetJobs/GetGangs return its tables with integer grade keys; from Lua a
    // 0..n table arrives as an object keyed "0"…, a 1..n one as an array
    // (docs/live.md#job-and-gang-definitions).
    h.host.startScript(
      'qbx_core',
      `globalThis.jobs = { police: { label: 'Police', type: 'leo', grades: { 0: { name: 'Recruit', payment: 40 }, 1: { name: 'Trooper', payment: 60, isboss: false } } } };
       globalThis.gangs = { ballas: { label: 'Ballas', grades: [{ name: 'Runner' }, { name: 'OG', isboss: true }] } };
       exports('GetJobs', () => jobs);
       exports('GetGangs', () => gangs);`,
    );
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('integer-keyed grades and a 1..n gang list name the grades; onJobUpdate reads them again', async () => {
    await definitionsRead(h, 'qbx_core');
    const record = await beta(h, 'LVL00001');
    expect(record.job).toMatchObject({ type: 'leo', grade: { name: 'Trooper', level: 1 } });
    expect(record.gang.grade).toMatchObject({ name: 'OG', level: 2, isboss: true });
    h.host.evaluate('qbx_core', `jobs.police.grades[1].name = 'Sergeant'; emit('qbx_core:server:onJobUpdate', 'police', jobs.police)`);
    expect((await beta(h, 'LVL00001')).job.grade.name).toBe('Sergeant');
  });
});
