/**
 * An oxmysql older than the oldest supported release (src/db/oxmysql-version.ts) is named in a
 * start-up warning, read from its manifest's `version`, whether it started before or after
 * citizen_records; a supported one gets none.
 */
import { FxHost } from '../../devkit/host/fx-host';
import { resourceDir } from '../../devkit/host/host-fixture';
import { ROOT } from '../../devkit/resource-harness';

function fakeOxmysql(version: string): string {
  return resourceDir({
    'fxmanifest.lua': `fx_version 'cerulean'\ngame 'common'\nversion '${version}'\nserver_script 'dist/build.js'\n`,
    'dist/build.js': '',
  });
}

const warningsOf = (host: FxHost) =>
  host.linesOf('citizen_records').filter((line) => line.includes('oxmysql') && line.includes('older than'));

let host: FxHost;
beforeEach(() => {
  host = new FxHost({ convars: { 'citizen_records:api_keys': 'k:0123456789abcdef0123456789abcdef' } });
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

test('oxmysql 2.6.0 started first: one warning naming it and 2.7.0', () => {
  host.startResource(fakeOxmysql('2.6.0'), 'oxmysql');
  host.startResource(ROOT, 'citizen_records');
  expect(warningsOf(host)).toEqual([expect.stringContaining('oxmysql 2.6.0 is older than 2.7.0, the oldest this resource works with')]);
  expect(warningsOf(host)[0]).toMatch(/^\^3Warning: /);
});

test('oxmysql 1.9.3 started after citizen_records: warned when it starts', () => {
  host.startResource(ROOT, 'citizen_records');
  expect(warningsOf(host)).toEqual([]);
  host.startResource(fakeOxmysql('1.9.3'), 'oxmysql');
  expect(warningsOf(host)).toEqual([expect.stringContaining('oxmysql 1.9.3 is older than 2.7.0')]);
});

test.each(['2.7.0', '2.14.1'])('oxmysql %s: no warning', (version) => {
  host.startResource(fakeOxmysql(version), 'oxmysql');
  host.startResource(ROOT, 'citizen_records');
  expect(warningsOf(host)).toEqual([]);
});
