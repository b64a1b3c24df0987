/**
 * The real oxmysql reads its convars from the host: with mysql_debug naming citizen_records (a
 * JSON array, re-read every second) and mysql_ui on, it logs each of our lookups under our name,
 * runs its profiling statements around them, and the records are unchanged.
 */
import { realOxmysqlDir } from '../../devkit/oxmysql/real-oxmysql';
import { startHarness, type Harness } from '../../devkit/resource-harness';

const ID = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';
const FIXTURES = ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'];

let debug: Harness;
let plain: Harness;

beforeAll(async () => {
  const oxmysqlDir = realOxmysqlDir();
  debug = await startHarness(
    'real_debug',
    FIXTURES,
    { convars: { mysql_debug: '["citizen_records"]', mysql_ui: 'true' } },
    {},
    { oxmysqlDir },
  );
  plain = await startHarness('real_plain', FIXTURES, {}, {}, { oxmysqlDir });
});
afterEach(() => {
  expect(debug.ownViolations()).toEqual([]);
  expect(plain.ownViolations()).toEqual([]);
});
afterAll(async () => {
  await debug?.close();
  await plain?.close();
});

test('mysql_debug logs our lookup under our name; the record is the same bytes as without it', async () => {
  const withDebug = await debug.request(`/alpha/citizens/${ID}`);
  const without = await plain.request(`/alpha/citizens/${ID}`);
  expect(withDebug.status).toBe(200);
  expect(withDebug.body).toBe(without.body);
  const logged = debug.host.linesOf('oxmysql').filter((line) => line.includes('citizen_records took') && line.includes(ID));
  expect(logged.length).toBeGreaterThan(0);
  expect(plain.host.linesOf('oxmysql').filter((line) => line.includes('citizen_records took'))).toEqual([]);
});
