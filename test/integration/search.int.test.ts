/**
 * Citizen search through the built bundle, over HTTP on a real socket and through the exports,
 * with the oxmysql stand-in and (in the `integration (real oxmysql)` project) the real release:
 * what it finds, the envelope, headers, ETag/304, HEAD, CORS, paging, 400s that reach no query,
 * the search's own cap, its rate-limit cost, and a slow scan the database stops.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import { runLuaSnippet } from '../../devkit/lua/snippet';
import { startHarness, type Harness } from '../../devkit/resource-harness';
import type { RawResponse } from '../../devkit/host/http-client';

const FIXTURES = ['esx-legacy-schema.sql', 'search-esx-rows.sql', 'qbcore.sql', 'search-qbcore-rows.sql'];
const ESX = (n: number) => `char1:5e0a${n.toString(16).padStart(36, '0')}`;
const ORIGIN = 'https://cad.example.org';

const body = (r: RawResponse) => JSON.parse(r.body);

/** An envelope as the tests read it. */
type Page = {
  success: boolean;
  data: { citizens: Array<Record<string, string>>; next: string | null };
  error: { code: string; message: string };
};
const code = (r: RawResponse) => body(r).error?.code ?? 'ok';
const ids = (r: RawResponse, key = 'identifier') => body(r).data.citizens.map((c: Record<string, unknown>) => c[key]);

describe('searching', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('search', FIXTURES, { convars: { 'citizen_records:cors_origins': ORIGIN } });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("alpha: every word starts the first or the last name, in the search order; the summaries are the records' fields", async () => {
    const found = await h.request('/alpha/citizens?name=jo+smi');
    expect(found.status).toBe(200);
    expect(body(found)).toEqual({
      success: true,
      data: {
        citizens: [
          {
            identifier: ESX(2),
            firstname: 'Smith',
            lastname: 'Johnson',
            dateofbirth: '1988-07-03',
            sex: 'm',
            height: 175,
            job: 'mechanic',
            job_grade: 0,
            phone_number: '555-0102',
          },
          {
            identifier: ESX(1),
            firstname: 'John',
            lastname: 'Smith',
            dateofbirth: '1990-05-14',
            sex: 'm',
            height: 182,
            job: 'police',
            job_grade: 2,
            phone_number: '555-201-0001',
          },
          {
            identifier: ESX(10),
            firstname: 'JOHN',
            lastname: 'SMITHERS',
            dateofbirth: '',
            sex: 'm',
            height: 185,
            job: 'cardealer',
            job_grade: 3,
            phone_number: '555-201-0010',
          },
        ],
        next: null,
      },
    });
    for (const summary of body(found).data.citizens) {
      const record = body(await h.request(`/alpha/citizens/${summary.identifier}`)).data;
      expect(summary).toEqual(Object.fromEntries(Object.keys(summary).map((k) => [k, record[k]])));
    }
  });

  test('accents fold, wildcards and quotes match themselves, a particle is not skipped', async () => {
    expect(ids(await h.request('/alpha/citizens?name=sorensen'))).toEqual([ESX(4)]);
    expect(ids(await h.request('/alpha/citizens?name=jose'))).toEqual([ESX(5)]);
    expect(ids(await h.request(`/alpha/citizens?name=${encodeURIComponent("o'brien")}`))).toEqual([ESX(7)]);
    expect(ids(await h.request('/alpha/citizens?name=100%25'))).toEqual([ESX(8)]);
    expect(ids(await h.request('/alpha/citizens?name=10%25'))).toEqual([]);
    expect(ids(await h.request('/alpha/citizens?name=vries'))).toEqual([]);
    expect(ids(await h.request('/alpha/citizens?name=de+jo'))).toEqual([ESX(6)]);
  });

  test('dob narrows to every stored form of the date; phone matches the digits of the whole number', async () => {
    expect(ids(await h.request('/alpha/citizens?name=jo&dob=1990-05-14'))).toEqual([ESX(1)]);
    expect(ids(await h.request('/alpha/citizens?name=li&dob=1990-05-14'))).toEqual([ESX(7)]);
    expect(ids(await h.request('/alpha/citizens?phone=555-201-0004'))).toEqual([ESX(4)]);
    expect(ids(await h.request('/alpha/citizens?phone=%2B1+(555)+201-0005'))).toEqual([ESX(5)]);
    expect(ids(await h.request('/alpha/citizens?phone=5552010005'))).toEqual([]);
  });

  test('beta: names, dates and phones from charinfo; a null name sorts last, unreadable JSON matches nothing', async () => {
    const found = await h.request('/beta/citizens?name=bran');
    expect(ids(found, 'citizenid')).toEqual(['SRC10002', 'SRC10001', 'KQW48213', 'SRC10003']);
    const [nia] = body(found).data.citizens;
    const record = body(await h.request('/beta/citizens/SRC10002')).data;
    expect(nia).toEqual({
      id: record.id,
      citizenid: 'SRC10002',
      license: record.license,
      name: 'Nia',
      charinfo: record.charinfo,
      job: record.job,
      gang: record.gang,
      last_updated: record.last_updated,
    });
    expect(ids(await h.request('/beta/citizens?name=zoe+brandt&dob=1993-02-17'), 'citizenid')).toEqual(['KQW48213']);
    expect(ids(await h.request('/beta/citizens?name=brandt&dob=1990-05-14'), 'citizenid')).toEqual(['SRC10002', 'SRC10001']);
    expect(ids(await h.request('/beta/citizens?phone=415-773-0002'), 'citizenid')).toEqual(['SRC10002']);
  });

  test('the export answers the HTTP body, from a table', async () => {
    const http = body(await h.request('/beta/citizens?name=bran&limit=2'));
    expect(await h.callExport('searchBetaCitizens', { name: 'bran', limit: 2 })).toEqual(http);
    const next = (await h.callExport('searchBetaCitizens', { name: 'bran', limit: 2, cursor: http.data.next })) as Page;
    expect(next).toEqual(body(await h.request(`/beta/citizens?name=bran&limit=2&cursor=${http.data.next}`)));
    expect(next.data.citizens.map((c) => c.citizenid)).toEqual(['KQW48213', 'SRC10003']);
    expect(await h.callExport('searchAlphaCitizens', { phone: 5550102 })).toEqual({
      success: false,
      error: { code: 'invalid_query', message: 'phone must be a string (quote it: a number loses leading zeros); a number was given.' },
    });
    expect(await h.callExport('searchAlphaCitizens', 'john')).toMatchObject({ success: false, error: { code: 'invalid_query' } });
  });

  test("paging: next carries on where the page ended; another search's cursor is 400", async () => {
    const first = await h.request('/alpha/citizens?name=jo+smi&limit=2');
    expect(ids(first)).toEqual([ESX(2), ESX(1)]);
    const { next } = body(first).data;
    expect(typeof next).toBe('string');
    expect(ids(await h.request(`/alpha/citizens?name=jo+smi&limit=2&cursor=${next}`))).toEqual([ESX(10)]);
    const other = await h.request(`/alpha/citizens?name=jo&limit=2&cursor=${next}`);
    expect({ status: other.status, code: code(other) }).toEqual({ status: 400, code: 'invalid_query' });
    expect(body(other).error.message).toMatch(/^cursor belongs to another search/);
    const beta = await h.request(`/beta/citizens?name=jo+smi&limit=2&cursor=${next}`);
    expect(code(beta)).toBe('invalid_query');
  });

  test('ETag and 304, HEAD, CORS: as on every record route', async () => {
    const path = '/alpha/citizens?name=jo+smi';
    const got = await h.request(path, { headers: [['Origin', ORIGIN]] });
    expect(got.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-cache',
      'access-control-allow-origin': ORIGIN,
    });
    expect(got.headers.etag).toMatch(/^W\//);
    const unchanged = await h.request(path, { headers: [['If-None-Match', String(got.headers.etag)]] });
    expect({ status: unchanged.status, body: unchanged.body, etag: unchanged.headers.etag }).toEqual({
      status: 304,
      body: '',
      etag: got.headers.etag,
    });
    const head = await h.request(path, { method: 'HEAD' });
    expect({ status: head.status, body: head.body, etag: head.headers.etag }).toEqual({ status: 200, body: '', etag: got.headers.etag });
    const refused = await h.request('/alpha/citizens?name=j', { headers: [['Origin', ORIGIN]] });
    expect({ status: refused.status, cors: refused.headers['access-control-allow-origin'] }).toEqual({ status: 400, cors: ORIGIN });
    const preflight = await h.request('/alpha/citizens?name=jo', { method: 'OPTIONS', withKey: false, headers: [['Origin', ORIGIN]] });
    expect(preflight.status).toBe(204);
    const anonymous = await h.request('/alpha/citizens?name=jo', { withKey: false });
    expect(code(anonymous)).toBe('unauthorized');
  });

  test('a query that breaks the rules is 400 invalid_query naming what was wrong, and reaches no database', async () => {
    const before = h.oxmysql.queriesAsked;
    const cases: Array<[string, RegExp]> = [
      ['', /^Give name \(2 to 64 characters\) or phone/],
      ['?dob=1990-05-14', /dob only narrows/],
      ['?name=j', /^name must be 2 to 64 characters/],
      ['?name=an+de+la+cruz', /^name has 4 words/],
      ['?name=jo+s', /word "s" is shorter than 2/],
      ['?name=jo&dob=1990-02-30', /no real calendar date/],
      ['?phone=12', /^phone must be 3 to 20 digits/],
      ['?name=jo&limit=51', /^limit must be a whole number from 1 to 50/],
      ['?name=jo&name=smi', /given more than once/],
      ['?name=jo&sort=last', /^Unknown parameter "sort"/],
      ['?name=%E0%A4%A', /malformed %-escape/],
      ['?name=jo&cursor=abc', /^cursor is not one this server gave out/],
    ];
    for (const [query, message] of cases) {
      for (const format of ['alpha', 'beta']) {
        const refused = await h.request(`/${format}/citizens${query}`);
        expect({ query, status: refused.status, code: code(refused), message: message.test(body(refused).error.message) }).toEqual({
          query,
          status: 400,
          code: 'invalid_query',
          message: true,
        });
      }
    }
    expect(h.oxmysql.queriesAsked).toBe(before);
  });

  test('hostile query strings: always answered, never a 500, no query for an invalid one (property)', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'name=',
        'dob=',
        'phone=',
        'limit=',
        'cursor=',
        '&',
        '+',
        '%',
        '%25',
        '%5F',
        '%27',
        '%22',
        '%5C',
        '%00',
        '%E0%A4%A',
        'jo',
        'smi',
        '1990-05-14',
        '555-0102',
        '50',
        '0',
      ),
      fc
        .string({ maxLength: 6, unit: fc.constantFrom('a', "'", '"', '\\', '_', '!', '%', '=', '&', ';', '-', '*') })
        .map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 10 }).map((p) => p.join('')),
        fc.constantFrom('alpha', 'beta'),
        async (query, format) => {
          const before = h.oxmysql.queriesAsked;
          const answer = await h.request(`/${format}/citizens?${query}`);
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 400) {
            expect(code(answer)).toBe('invalid_query');
            expect(h.oxmysql.queriesAsked).toBe(before);
          } else expect(Array.isArray(body(answer).data.citizens)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  test("the README's curl lines and Lua example answer as it says", async () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Searching for citizens\n'));
    const curls = [
      ...section.matchAll(/^curl -H "Authorization: Bearer \$KEY" 'http:\/\/127\.0\.0\.1:30120\/citizen_records([^']+)'$/gm),
    ].map((m) => m[1]);
    expect(curls).toHaveLength(2);
    for (const path of curls) {
      const answer = await h.request(path);
      expect({ path, status: answer.status, found: body(answer).data.citizens.length > 0 }).toEqual({ path, status: 200, found: true });
    }
    const lua = /```lua\n([\s\S]*?searchAlphaCitizens[\s\S]*?)```/.exec(section)?.[1];
    const result = await runLuaSnippet(h.host, lua ?? 'error("no Lua search example in the README")');
    expect(result).toMatchObject({ error: null, printed: [`${ESX(1)}\tJohn\tSmith\t555-201-0001`] });
  });

  test('at most 200 citizens are reachable; then next is null', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => [`char1:5e0c${i.toString(16).padStart(36, '0')}`, `Mara${i}`, 'Many']);
    await h.db.admin.query('INSERT INTO users (identifier, firstname, lastname) VALUES ?', [rows]);
    const sizes: number[] = [];
    let path: string | null = '/alpha/citizens?name=many&limit=50';
    while (path) {
      const page = body(await h.request(path));
      sizes.push(page.data.citizens.length);
      path = page.data.next ? `/alpha/citizens?name=many&limit=50&cursor=${page.data.next}` : null;
    }
    expect(sizes).toEqual([50, 50, 50, 50]);
  });
});

describe('an ESX server without users.phone_number', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('search_no_phone', ['esx-1.2.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a phone search is 400 saying which ESX generations have the column; a name search is an empty page', async () => {
    const refused = await h.request('/alpha/citizens?phone=5550102');
    expect({ status: refused.status, code: code(refused) }).toEqual({ status: 400, code: 'invalid_query' });
    expect(body(refused).error.message).toMatch(/no phone_number column.*ESX Legacy 1\.5\.0 and later/);
    expect(body(await h.request('/alpha/citizens?name=steam'))).toEqual({ success: true, data: { citizens: [], next: null } });
    expect(code(await h.request('/beta/citizens?name=jo'))).toBe('format_unavailable');
  });
});

describe('the cost of a search', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('search_limits', FIXTURES, {
      convars: { 'citizen_records:rate_limit': '60', 'citizen_records:search_max_in_flight': '1', 'citizen_records:cache_ttl_ms': '60000' },
    });
    // Exports have no rate limit: this one reads the server's version, so that what follows counts only searches.
    expect(((await h.callExport('searchAlphaCitizens', { name: 'zz' })) as Page).success).toBe(true);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('one search in flight at most: another is 503 server_busy at once, an identical one shares its query and then the cache', async () => {
    const locker = await mysql.createConnection(h.db.url);
    try {
      await locker.query('LOCK TABLES `users` WRITE');
      // Each export call enters the search's gate before it returns its promise.
      const first = h.callExport('searchAlphaCitizens', { name: 'smi' });
      // The cap is 1 and taken: the twin is answered only because it shares the first one's query.
      const twin = h.callExport('searchAlphaCitizens', { name: 'smi' });
      const busy = (await h.callExport('searchAlphaCitizens', { name: 'jo' })) as Page;
      expect(busy).toMatchObject({ success: false, error: { code: 'server_busy' } });
      expect(busy.error.message).toMatch(/scans \(searches, .*search_max_in_flight is 1/);
      // Lookups have their own cap: the search holding the only search slot does not turn them away.
      expect(((await h.callExport('getBetaCitizen', 'KQW48213')) as Page).success).toBe(true);
      await locker.query('UNLOCK TABLES');
      const [a, b] = (await Promise.all([first, twin])) as Page[];
      expect(a).toEqual(b);
      expect(a.data.citizens.map((c) => c.identifier)).toEqual([ESX(2), ESX(1), ESX(10)]);
      // Asked again while the table is locked: only the cache can answer.
      await locker.query('LOCK TABLES `users` WRITE');
      expect(await h.callExport('searchAlphaCitizens', { name: 'smi' })).toEqual(a);
    } finally {
      await locker.end();
    }
  });

  test("a search takes 10 requests of the key's rate limit: after one, the next request waits", async () => {
    expect((await h.request('/alpha/citizens?name=jo')).status).toBe(200);
    const limited = await h.request(`/alpha/citizens/${ESX(1)}`);
    expect({ status: limited.status, code: code(limited), retryAfter: Number(limited.headers['retry-after']) > 0 }).toEqual({
      status: 429,
      code: 'rate_limited',
      retryAfter: true,
    });
  });
});

describe('a scan made slow on purpose', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('search_slow', ['esx-legacy-schema.sql', 'search-esx-rows.sql', 'search-slow-users.sql'], {
      convars: { 'citizen_records:search_timeout_ms': '300', 'citizen_records:esx_dob_format': 'DMY' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('is stopped by the database: 504 database_timeout, nothing left running, the database still reported usable, the next query answered', async () => {
    const slow = await h.request('/alpha/citizens?name=slow', { timeoutMs: 10_000 });
    expect({ status: slow.status, code: code(slow) }).toEqual({ status: 504, code: 'database_timeout' });
    expect(body(slow).error.message).toMatch(/search_timeout_ms \(300 ms\) and the database stopped it; narrow it/);
    const [running] = await h.db.admin.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%search:key%' AND ID <> CONNECTION_ID()",
    );
    expect(running).toEqual([{ n: 0 }]);
    const health = await h.request('/health');
    expect({ status: health.status, database: body(health).data.database }).toEqual({ status: 200, database: 'connected' });
    expect(body(await h.request(`/alpha/citizens/${ESX(1)}`)).data.firstname).toBe('John');
    expect(h.host.linesOf('citizen_records').filter((l) => /unavailable/i.test(l))).toEqual([]);
  });
});
