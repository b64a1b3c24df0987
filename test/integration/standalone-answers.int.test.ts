/**
 * The standalone service answers what the embedded resource answers, byte for byte, for the same
 * rows: both run at once on one database (the resource in the devkit host through oxmysql, the
 * stand-in or, in the real-oxmysql project, the release; the service as `node dist/standalone.js`
 * through mysql2), and every route is asked of both: every citizen by id, every license, searches,
 * every vehicle by plate and by owner, presence, errors, /health, /openapi.json and /docs. Only
 * what is new per request may differ (X-Request-Id, and the request id inside an error body).
 */
import { startHarness, TEST_KEY, type Harness } from '../../devkit/resource-harness';
import { startStandalone, type StandaloneInstance } from '../../devkit/standalone';
import type { RawResponse } from '../../devkit/host/http-client';

/** The headers a consumer reads, besides the body; X-Request-Id is new per request. */
const COMPARED = [
  'content-type',
  'cache-control',
  'x-content-type-options',
  'etag',
  'x-record-source',
  'allow',
  'retry-after',
  'www-authenticate',
];

function comparable(response: RawResponse) {
  const headers = Object.fromEntries(
    COMPARED.flatMap((name) => (response.headers[name] === undefined ? [] : [[name, response.headers[name]]])),
  );
  return { status: response.status, headers, body: response.body.replace(/"requestId":"[^"]+"/, '"requestId":"…"') };
}

const SETS = [
  {
    label: 'everyday',
    fixtures: [
      'esx-legacy-schema.sql',
      'esx-legacy-1.13-row.sql',
      'esx-legacy-1.9-row.sql',
      'esx-multicharacter-rows.sql',
      'esx-legacy-vehicles.sql',
      'qbcore.sql',
      'qbcore-level-only-grades.sql',
      'qb-garages-vehicles.sql',
    ],
    searches: ['/alpha/citizens?name=a', '/beta/citizens?name=a', '/beta/citizens?phone=415', '/alpha/citizens?name=%27%5C%22'],
  },
  { label: 'hostile', fixtures: ['hostile-users.sql', 'qbox.sql', 'qbox-vehicles.sql'], searches: ['/alpha/citizens?name=a'] },
];

describe.each(SETS)('$label rows', ({ label, fixtures, searches }) => {
  let h: Harness;
  let service: StandaloneInstance;
  const paths: string[] = [];

  beforeAll(async () => {
    h = await startHarness(`standalone_same_${label}`, fixtures);
    service = await startStandalone({
      CITIZEN_RECORDS_DATABASE_URL: h.db.url,
      CITIZEN_RECORDS_API_KEYS: `harness:${TEST_KEY}`,
      CITIZEN_RECORDS_RATE_LIMIT: '1000000',
      CITIZEN_RECORDS_CACHE_TTL_MS: '0',
    });
    const column = async (sql: string) => {
      try {
        const [rows] = await h.db.admin.query(sql);
        return (rows as Array<{ v: unknown }>).map((r) => encodeURIComponent(String(r.v)));
      } catch {
        return []; // the table is not in this set
      }
    };
    const alphaIds = await column('SELECT identifier AS v FROM users');
    const betaIds = await column('SELECT citizenid AS v FROM players');
    const plates = [
      ...(await column('SELECT plate AS v FROM owned_vehicles')),
      ...(await column('SELECT plate AS v FROM player_vehicles')),
    ];
    const betaLicenses = await column('SELECT license AS v FROM players');
    paths.push(
      ...alphaIds.flatMap((id) => [`/alpha/citizens/${id}`, `/alpha/citizens/${id}/vehicles`, `/alpha/citizens/${id}/presence`]),
      ...alphaIds.map((id) => `/alpha/players/${id.replace(/^char\d+%3A/, '')}/citizens`),
      ...betaIds.flatMap((id) => [`/beta/citizens/${id}`, `/beta/citizens/${id}/vehicles`, `/beta/citizens/${id}/presence`]),
      ...betaLicenses.map((license) => `/beta/players/${license}/citizens`),
      ...plates.flatMap((plate) => [`/alpha/vehicles/${plate}`, `/beta/vehicles/${plate}`]),
      ...searches,
      '/alpha/citizens/nobody-here',
      '/beta/citizens/NOPE0000',
      '/alpha/citizens/bad%ZZ',
      '/beta/citizens/has%20space',
      '/gamma/citizens/x',
      '/openapi.json',
      '/docs',
    );
  });
  afterAll(async () => {
    await service?.stop();
    await h?.close();
  });

  test('every route answers the same status, headers and body as the embedded resource', async () => {
    expect(paths.filter((p) => p.includes('/citizens/') && !p.includes('/vehicles')).length).toBeGreaterThan(5);
    const headers: Array<[string, string]> = [['Authorization', `Bearer ${TEST_KEY}`]];
    const statuses: number[] = [];
    for (const path of paths) {
      const [embedded, standalone] = await Promise.all([h.request(path, { headers }), service.request(path, { headers })]);
      expect({ path, ...comparable(standalone) }).toEqual({ path, ...comparable(embedded) });
      statuses.push(standalone.status);
    }
    // Records were really compared, not only errors.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
  });

  test('/health is the same report once both have inspected the tables', async () => {
    const health = async () => [comparable(await h.request('/health')), comparable(await service.request('/health'))];
    const [embedded, standalone] = await health();
    expect(JSON.parse(standalone.body).data.replica).toBeUndefined();
    expect(standalone).toEqual(embedded);
  });

  test('without a key, and with a wrong one, the same 401', async () => {
    for (const headers of [[], [['X-API-Key', 'wrong']]] as Array<Array<[string, string]>>) {
      const path = paths[0];
      const [embedded, standalone] = await Promise.all([h.request(path, { headers, withKey: false }), service.request(path, { headers })]);
      expect(standalone.status).toBe(401);
      expect(comparable(standalone)).toEqual(comparable(embedded));
    }
  });
});
