/**
 * Job and gang rosters through the built bundle, over HTTP and the exports, on the real MariaDB
 * (with the oxmysql stand-in, and the real release in the `integration (real oxmysql)` project),
 * with the framework stand-ins in the real Lua VM: ESX with its jobs and job_grades tables, Qbox
 * with player_groups, QBCore without a framework (its default lists). Exact matches only
 * (`police` is not `policetraining`, `_` no wildcard), memory deciding for online citizens (hired
 * or fired in game counts at once), counts without a query, a framework that throws answered from
 * the database, and EXPLAIN showing the index docs/rosters.md gives is used.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mysql from 'mysql2/promise';
import { runLuaSnippet } from '../../devkit/lua/snippet';
import { directDatabase } from '../../devkit/db/direct-database';
import { waitFor } from '../../devkit/host/host-fixture';
import type { RawResponse } from '../../devkit/host/http-client';
import { Framework } from '../../devkit/lua/frameworks';
import { storedRow } from '../../devkit/lua/frameworks/rows';
import { startHarness, type Harness } from '../../devkit/resource-harness';
import { prepareAlpha } from '../../src/formats/alpha/prepare';
import { prepareBeta } from '../../src/formats/beta/prepare';
import type { FormatLookups, FormatOptions } from '../../src/formats/format';
import type { MemoryFacts } from '../../src/rosters/sql';

const ESX = (n: number) => `char1:5e0a${n.toString(16).padStart(36, '0')}`;
const body = (r: RawResponse) => JSON.parse(r.body);
const code = (r: RawResponse) => body(r).error?.code ?? 'ok';
type Member = Record<string, unknown>;
const members = (r: RawResponse): Member[] => body(r).data.members;
const who = (r: RawResponse, key = 'identifier') =>
  members(r).map((m) => [m[key], m.grade, m.online, ...('on_duty' in m ? [m.on_duty] : [])]);

const FOUND = /live records: .*citizens online/;
async function startFramework(h: Harness, kind: Parameters<typeof Framework.start>[1]): Promise<Framework> {
  const before = h.host.linesOf('citizen_records').filter((l) => FOUND.test(l)).length;
  const framework = await Framework.start(h.host, kind);
  await waitFor(() => h.host.linesOf('citizen_records').filter((l) => FOUND.test(l)).length > before, 'the framework found');
  return framework;
}

describe('ESX: jobs and job_grades, users.job', () => {
  let h: Harness;
  let esx: Framework;
  beforeAll(async () => {
    h = await startHarness('rosters_esx', ['esx-legacy-schema.sql', 'search-esx-rows.sql', 'rosters-esx.sql'], {
      convars: { onesync: 'on' },
    });
  });
  afterEach(() => expect(h.ownViolations().filter((v) => v.resource === 'citizen_records')).toEqual([]));
  afterAll(() => h.close());

  test("the catalogue is the server's jobs table with its grades, by name; nobody online yet", async () => {
    const answer = await h.request('/alpha/jobs');
    expect(answer.status).toBe(200);
    const jobs = body(answer).data.jobs;
    expect(jobs.map((j: Member) => j.name)).toEqual([
      'ambulance',
      'cardealer',
      'mechanic',
      'p_lice',
      'police',
      'policetraining',
      'taxi',
      'unemployed',
    ]);
    expect(jobs.find((j: Member) => j.name === 'police')).toEqual({
      name: 'police',
      label: 'LSPD',
      grades: [
        { grade: 0, name: 'recruit', label: 'Recrue', isboss: false, payment: 20 },
        { grade: 1, name: 'officer', label: 'Officier', isboss: false, payment: 40 },
        { grade: 2, name: 'sergeant', label: 'Sergent', isboss: false, payment: 60 },
        { grade: 3, name: 'boss', label: 'Commandant', isboss: true, payment: 100 },
      ],
      online: 0,
      on_duty: 0,
    });
  });

  test('members: exact matches only, by grade, last name, first name; the summary plus the member fields', async () => {
    const police = await h.request('/alpha/jobs/police/members');
    expect(police.status).toBe(200);
    // Not Cadet Smith (policetraining), not Pat Upper (stored `POLICE`).
    expect(who(police)).toEqual([
      [ESX(0xb2), 3, false, false],
      [ESX(0xb3), 2, false, false],
      [ESX(1), 2, false, false],
      [ESX(7), 0, false, false],
    ]);
    expect(members(police)[0]).toEqual({
      identifier: ESX(0xb2),
      firstname: 'Zoe',
      lastname: 'Adams',
      dateofbirth: '1985-02-02',
      sex: 'f',
      height: 170,
      job: 'police',
      job_grade: 3,
      phone_number: '',
      grade: 3,
      grade_name: 'boss',
      online: false,
      server_id: null,
      on_duty: false,
    });
    expect(body(police).data.next).toBeNull();
    expect(who(await h.request('/alpha/jobs/policetraining/members'))).toEqual([[ESX(0xb1), 0, false, false]]);
  });

  test('paging with a signed cursor, and filters', async () => {
    const first = await h.request('/alpha/jobs/police/members?limit=3');
    expect(who(first).map((m) => m[0])).toEqual([ESX(0xb2), ESX(0xb3), ESX(1)]);
    const next = body(first).data.next as string;
    const second = await h.request(`/alpha/jobs/police/members?limit=3&cursor=${encodeURIComponent(next)}`);
    expect(who(second).map((m) => m[0])).toEqual([ESX(7)]);
    expect(body(second).data.next).toBeNull();
    // Another job's or other filters' cursor is refused.
    expect(code(await h.request(`/alpha/jobs/ambulance/members?limit=3&cursor=${encodeURIComponent(next)}`))).toBe('invalid_query');
    expect(code(await h.request(`/alpha/jobs/police/members?grade_min=1&cursor=${encodeURIComponent(next)}`))).toBe('invalid_query');
    expect(who(await h.request('/alpha/jobs/police/members?grade_min=2')).map((m) => m[0])).toEqual([ESX(0xb2), ESX(0xb3), ESX(1)]);
    expect(members(await h.request('/alpha/jobs/police/members?online=true'))).toEqual([]);
  });

  test('bad names and questions: 400 before any query; a defined job nobody holds: 200 empty; an undefined one: 404', async () => {
    const refused = async (path: string, expected: string) => {
      const asked = h.oxmysql.queriesAsked;
      expect(code(await h.request(path))).toBe(expected);
      expect(h.oxmysql.queriesAsked).toBe(asked);
    };
    for (const name of ['po%25', 'po%27lice', '%22', 'pol%20ice', 'a'.repeat(51)])
      for (const route of ['members', 'count']) await refused(`/alpha/jobs/${name}/${route}`, 'invalid_job');
    for (const query of ['limit=0', 'limit=51', 'online=yes', 'on_duty=1', 'grade_min=x', 'colour=red', 'limit=1&limit=2'])
      await refused(`/alpha/jobs/police/members?${query}`, 'invalid_query');
    // `_` is no wildcard: p_lice is defined, held by nobody.
    const nobody = await h.request('/alpha/jobs/p_lice/members');
    expect([nobody.status, body(nobody).data]).toEqual([200, { members: [], next: null }]);
    expect(code(await h.request('/alpha/jobs/pilots/members'))).toBe('job_not_found');
    expect(code(await h.request('/alpha/jobs/pilots/count'))).toBe('job_not_found');
    expect(code(await h.request('/alpha/gangs'))).toBe('route_not_found');
  });

  test("the README's Lua roster example runs as written", async () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
    const code = /<!-- rosters:lua -->\s*```lua\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const ran = await runLuaSnippet(h.host, code);
    expect(ran.error).toBeNull();
    expect(ran.printed).toEqual([
      expect.stringMatching(/^boss\s+Zoe\s+Adams\s+false$/),
      expect.stringMatching(/^sergeant\s+Amy\s+Adams\s+false$/),
      expect.stringMatching(/^sergeant\s+John\s+Smith\s+false$/),
      'LSPD: 0 online, 0 on duty',
    ]);
  });

  describe('with es_extended running', () => {
    beforeAll(async () => {
      esx = await startFramework(h, 'es_extended');
    });
    const load = async (n: number, source: number) =>
      esx.loadPlayer(await storedRow(h.db.admin, 'users', 'identifier', ESX(n)), { source });

    test('hired and fired in game counts at once: memory decides for online members, and count runs no query', async () => {
      const hired = await load(3, 7); // Ajoke Osmith, unemployed in the database
      const fired = await load(1, 8); // John Smith, police 2 in the database
      esx.setJob(hired, 'police', 1);
      esx.setJob(fired, 'unemployed', 0);
      await waitFor(async () => body(await h.request('/alpha/jobs/police/count')).data.online === 1, 'the hire counted');
      const asked = h.oxmysql.queriesAsked;
      expect(body(await h.request('/alpha/jobs/police/count')).data).toEqual({ online: 1, on_duty: 1 });
      expect(await h.callExport('getAlphaJobCount', 'police')).toEqual({ success: true, data: { online: 1, on_duty: 1 } });
      expect(body(await h.request('/alpha/jobs/unemployed/count')).data).toEqual({ online: 1, on_duty: 0 });
      expect(h.oxmysql.queriesAsked).toBe(asked);

      const police = await h.request('/alpha/jobs/police/members');
      expect(who(police)).toEqual([
        [ESX(0xb2), 3, false, false],
        [ESX(0xb3), 2, false, false],
        [ESX(3), 1, true, true],
        [ESX(7), 0, false, false],
      ]);
      expect(members(police)[2]).toMatchObject({ grade_name: 'officer', server_id: 7, job: 'unemployed' });
      expect(who(await h.request('/alpha/jobs/police/members?on_duty=true'))).toEqual([[ESX(3), 1, true, true]]);
      esx.setDuty(hired, false);
      await waitFor(async () => body(await h.request('/alpha/jobs/police/count')).data.on_duty === 0, 'the duty toggle counted');
      expect(members(await h.request('/alpha/jobs/police/members?on_duty=true'))).toEqual([]);
      const catalogue = body(await h.request('/alpha/jobs')).data.jobs.find((j: Member) => j.name === 'police');
      expect([catalogue.online, catalogue.on_duty]).toEqual([1, 0]);
      const viaExport = (await h.callExport('getAlphaJobMembers', 'police', { online: true })) as { data: { members: Member[] } };
      expect(viaExport.data.members.map((m) => m.identifier)).toEqual([ESX(3)]);
      esx.unloadPlayer(hired);
      esx.unloadPlayer(fired);
      await waitFor(async () => body(await h.request('/alpha/jobs/police/count')).data.online === 0, 'the logout counted');
    });

    test('a framework that throws: the database answers for the citizen it cannot tell, marked online; no 500', async () => {
      esx.fault('throw');
      const source = await load(7, 9); // Liam O'Brien, police 0 in the database
      await waitFor(() => h.host.linesOf('citizen_records').some((l) => /RunStaticPlayerMethod.*failed/.test(l)), 'the warning');
      h.host.takeViolations();
      const police = await h.request('/alpha/jobs/police/members?online=true');
      expect(police.status).toBe(200);
      expect(members(police)).toEqual([expect.objectContaining({ identifier: ESX(7), online: true, server_id: 9, on_duty: false })]);
      expect(body(await h.request('/alpha/jobs/police/count')).data).toEqual({ online: 0, on_duty: 0 });
      esx.fault(null);
      esx.unloadPlayer(source);
    });
  });

  test('EXPLAIN: a members page scans users without an index, and uses the index docs/rosters.md gives once added', async () => {
    const connection = await mysql.createConnection(h.db.url);
    try {
      const memory = { held: [{ id: ESX(3), grade: 1, onDuty: true }], told: [ESX(3)], untold: [] };
      const plan = () => explainMembers(connection, prepareAlpha, memory);
      // Enough citizens that reading the index beats reading the table.
      await connection.query(
        "INSERT INTO `users` (`identifier`, `firstname`, `lastname`, `job`, `job_grade`) SELECT CONCAT('char2:', LPAD(HEX(seq), 40, '0')), 'Filler', 'Citizen', 'unemployed', 0 FROM seq_1_to_5000",
      );
      expect((await plan()).map((r) => r.type)).toContain('ALL');
      await connection.query('ALTER TABLE `users` ADD INDEX `users_job` (`job`)');
      const indexed = await plan();
      expect(indexed.map((r) => r.key)).toContain('users_job');
      expect(indexed.map((r) => r.type)).not.toContain('ALL');
    } finally {
      await connection.query('ALTER TABLE `users` DROP INDEX IF EXISTS `users_job`');
      await connection.query("DELETE FROM `users` WHERE `identifier` LIKE 'char2:%'");
      await connection.end();
    }
  });
});

/** EXPLAIN of the members page of `police` the format's rosters build over this connection's tables (the citizens' table is `t`). */
async function explainMembers(
  connection: mysql.Connection,
  prepare: (db: ReturnType<typeof directDatabase>, options: FormatOptions) => Promise<FormatLookups<unknown> | null>,
  memory: MemoryFacts,
): Promise<Array<{ table: string; key: string | null; type: string }>> {
  const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
  const lookups = await prepare(directDatabase(connection), FORMAT_OPTIONS);
  const criteria = { gradeMin: null, online: null, onDuty: null, memory, after: null, limit: 20 };
  await lookups?.rosters?.members('job', 'police', criteria, async (sql, params) => {
    statements.push({ sql, params });
    return [];
  });
  const [rows] = await connection.execute(`EXPLAIN ${statements[0].sql}`, [...statements[0].params] as never);
  return (rows as Array<{ table: string; key: string | null; type: string }>).filter((r) => r.table === 't');
}

const FORMAT_OPTIONS: FormatOptions = {
  warn: () => undefined,
  dobOrder: 'DMY',
  groups: () => undefined,
  info: () => undefined,
  now: () => Date.now(),
  maxColumnBytes: 4 * 1024 * 1024,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  vehicles: () => undefined,
};

describe('Qbox: player_groups, a second job, gangs', () => {
  let h: Harness;
  let qbx: Framework;
  beforeAll(async () => {
    h = await startHarness('rosters_qbox', ['qbox.sql', 'rosters-qbox.sql'], { convars: { onesync: 'on' } });
    qbx = await startFramework(h, 'qbx_core');
  });
  afterEach(() => expect(h.ownViolations().filter((v) => v.resource === 'citizen_records')).toEqual([]));
  afterAll(() => h.close());

  test("the catalogues are qbx_core's GetJobs and GetGangs; gangs have no duty", async () => {
    const jobs = body(await h.request('/beta/jobs')).data.jobs;
    expect(jobs.map((j: Member) => j.name)).toEqual(['ambulance', 'police', 'unemployed']);
    expect(jobs[1].grades[3]).toEqual({ grade: 3, name: 'Chief', label: 'Chief', isboss: true, payment: 150 });
    const gangs = body(await h.request('/beta/gangs')).data.gangs;
    expect(gangs.find((g: Member) => g.name === 'ballas')).toEqual({
      name: 'ballas',
      label: 'Ballas',
      grades: [
        { grade: 0, name: 'Recruit', label: 'Recruit', isboss: false, payment: 0 },
        { grade: 3, name: 'Boss', label: 'Boss', isboss: true, payment: 0 },
      ],
      online: 0,
    });
  });

  test('a second job counts with its grade, never on duty; gangs from player_groups; unemployed from the JSON', async () => {
    expect(who(await h.request('/beta/jobs/police/members'), 'citizenid')).toEqual([
      ['QBXP0001', 2, false, false],
      ['QBXP0002', 1, false, false],
    ]);
    expect(who(await h.request('/beta/jobs/ambulance/members'), 'citizenid')).toEqual([
      ['QX7M2K9B', 1, false, false],
      ['QBXP0002', 0, false, false],
    ]);
    expect(who(await h.request('/beta/jobs/unemployed/members'), 'citizenid')).toEqual([['QBXP0003', 0, false, false]]);
    const ballas = await h.request('/beta/gangs/ballas/members');
    expect(who(ballas, 'citizenid')).toEqual([['QBXP0003', 3, false]]);
    expect(members(ballas)[0]).toMatchObject({ grade_name: 'Boss', server_id: null });
    expect(code(await h.request('/beta/gangs/ballas/members?on_duty=true'))).toBe('invalid_query');
  });

  test('online: the framework decides, the second job included', async () => {
    const source = qbx.loadPlayer(await storedRow(h.db.admin, 'players', 'citizenid', 'QBXP0003'), { source: 5 });
    qbx.setJob(source, 'police', 3);
    await waitFor(async () => body(await h.request('/beta/jobs/police/count')).data.online === 1, 'the hire counted');
    expect(body(await h.request('/beta/jobs/police/count')).data).toEqual({ online: 1, on_duty: 1 });
    expect(body(await h.request('/beta/gangs/ballas/count')).data).toEqual({ online: 1 });
    expect(who(await h.request('/beta/jobs/police/members'), 'citizenid')).toEqual([
      ['QBXP0003', 3, true, true],
      ['QBXP0001', 2, false, false],
      ['QBXP0002', 1, false, false],
    ]);
    // Still unemployed too, as Qbox keeps it among his jobs: a second group, never on duty.
    expect(who(await h.request('/beta/jobs/unemployed/members?online=true'), 'citizenid')).toEqual([['QBXP0003', 0, true, false]]);
    qbx.unloadPlayer(source);
  });
});

describe('QBCore without a framework running: the JSON columns and qb-core default lists', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('rosters_qbcore', ['qbcore.sql', 'search-qbcore-rows.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("the job's name out of the JSON text, exactly; a job qb-core's lists lack is 404", async () => {
    const police = await h.request('/beta/jobs/police/members');
    expect(police.status).toBe(200);
    for (const member of members(police)) expect((member.job as Member).name).toBe('police');
    expect(members(police).length).toBeGreaterThan(0);
    expect(code(await h.request('/beta/jobs/policetraining/members'))).toBe('job_not_found');
    expect(body(await h.request('/beta/jobs/police/count')).data).toEqual({ online: 0, on_duty: 0 });
  });

  test('EXPLAIN: the generated job_name column docs/rosters.md gives, indexed, is used', async () => {
    const connection = await mysql.createConnection(h.db.url);
    try {
      await connection.query(
        "ALTER TABLE `players` ADD COLUMN `job_name` VARCHAR(50) AS (JSON_UNQUOTE(JSON_EXTRACT(`job`, '$.name'))) VIRTUAL, ADD INDEX `players_job_name` (`job_name`)",
      );
      const plan = await explainMembers(connection, prepareBeta, { held: [], told: [], untold: [] });
      expect(plan.map((r) => r.key)).toContain('players_job_name');
    } finally {
      await connection.query('ALTER TABLE `players` DROP COLUMN IF EXISTS `job_name`');
      await connection.end();
    }
  });
});
