/**
 * Job rosters (issue 27): what a count and a members page cost the main thread, and a members
 * scan's time at 10,000 and 100,000 citizens (BENCH_CITIZENS=100000) with and without the index
 * docs/rosters.md gives. Targets: a count (memory only, no query) at most 0.2× the CPU of a record
 * lookup on the same server, a members page of 20 at most 2× a lookup's. The count runs on the
 * qb-core server of live.ts (64 players online, their jobs read from the stand-in); the members
 * pages on copies of the bench's `players` where 1 citizen in 100 is police (the generated ones
 * all are, which would make any page a sort of the whole table), one with the generated
 * `job_name` column and its index.
 */
import { defineDataSet, defineScenario, defineServer, http, type AnswerCheck } from '../registry';

const CITIZEN = 'citizen_records http c16';
const PAGE = 20;

/** A members page must be full: fewer members would make it cheaper than what is measured. */
const fullPage: AnswerCheck = (body) => {
  const members = (JSON.parse(body) as { data?: { members?: unknown } }).data?.members;
  return Array.isArray(members) && members.length === PAGE
    ? null
    : `a members page answered ${Array.isArray(members) ? members.length : 'no'} members`;
};

for (const indexed of [false, true]) {
  const name = indexed ? 'rosters job_name index' : 'rosters';
  defineDataSet({
    name,
    ownDatabase: true,
    async load(admin, citizens, bench) {
      // One in 100 police, or fewer left out where the data set is too small to fill two pages (the bench's own test).
      const step = Math.max(1, Math.min(100, Math.floor(citizens / (PAGE * 2))));
      await admin.query(`CREATE TABLE players LIKE \`${bench}\`.players`);
      await admin.query(`INSERT INTO players SELECT * FROM \`${bench}\`.players`);
      await admin.query(`UPDATE players SET job = JSON_SET(job, '$.name', 'unemployed') WHERE id % ${step} <> 0`);
      if (indexed)
        await admin.query(
          "ALTER TABLE players ADD COLUMN job_name VARCHAR(50) AS (JSON_UNQUOTE(JSON_EXTRACT(job, '$.name'))) VIRTUAL, ADD INDEX (job_name)",
        );
      await admin.query('ANALYZE TABLE players');
    },
  });
  defineServer({ name, database: name, convars: { 'citizen_records:search_timeout_ms': '120000', 'citizen_records:formats': 'beta' } });
  // At most search_max_in_flight (2) members pages wait on the database, as searches.
  defineScenario({
    name: `job members page of ${PAGE}, QBCore ${indexed ? 'job_name index' : 'JSON scan (no index)'} http c2`,
    server: name,
    concurrency: 2,
    lookups: 100,
    request: () => http(`/citizen_records/beta/jobs/police/members?limit=${PAGE}`, 200, fullPage),
    compare: [{ with: CITIZEN, targets: { cpu: 2 } }],
  });
}

defineScenario({
  name: 'job count (memory, 64 online) http c16',
  server: 'live-qb',
  concurrency: 16,
  request: () => http('/citizen_records/beta/jobs/police/count'),
  compare: [{ with: 'offline lookup, live on, http c16', targets: { cpu: 0.2 } }],
});
