/**
 * What docs/standalone.md ships as examples is checked as a user would use it: the environment
 * file is read by the service's own parser with nothing reported, and the systemd unit passes
 * `systemd-analyze verify` (which checks its sections, directives and that ExecStart's program
 * exists, here this machine's node). The container file is marked untested there: no container engine runs here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readSettings } from '../../src/standalone/settings';

const DOC = readFileSync(resolve(__dirname, '../../docs/standalone.md'), 'utf8');
/** The code block after `<!-- <marker> -->`. */
const block = (marker: string) => {
  const found = new RegExp(`<!-- ${marker} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!found) throw new Error(`docs/standalone.md has no block marked ${marker}`);
  return found[1];
};

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'cr-standalone-docs-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the example environment file is read with nothing reported, and says what it means', () => {
  const file = join(dir, 'standalone.env');
  writeFileSync(file, block('standalone-env'));
  const settings = readSettings({}, ['--config', file]);
  expect(settings.problems).toEqual([]);
  expect(settings.connection).toMatchObject({ host: '10.0.0.6', port: 3306, user: 'citizen_reader', database: 'game' });
  expect(settings.config.apiKeys.map((k) => k.name)).toEqual(['cad', 'website']);
  expect(settings.config.replicaMaxLagS).toBe(30);
  expect(settings.game).toEqual({ url: 'http://10.0.0.5:30120', key: 'replace-with-a-key-of-the-game-server' });
});

test("the feed instance's addition is read with nothing reported, and the unit keeps that directory", () => {
  const file = join(dir, 'feed.env');
  writeFileSync(file, `${block('standalone-env')}\n${block('standalone-feed-env')}`);
  const settings = readSettings({}, ['--config', file]);
  expect({ problems: settings.problems, stateDir: settings.stateDir }).toEqual({ problems: [], stateDir: '/var/lib/citizen-records' });
  // systemd makes /var/lib/<StateDirectory> and gives it to the unit's dynamic user.
  expect(block('systemd-unit')).toMatch(/^StateDirectory=citizen-records$/m);
});

test('the example systemd unit passes systemd-analyze verify, and runs the shipped script with that file', () => {
  const unit = block('systemd-unit');
  expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/citizen_records\/dist\/standalone\.js$/m);
  expect(unit).toMatch(/^EnvironmentFile=\/etc\/citizen_records\/standalone\.env$/m);
  const file = join(dir, 'citizen-records.service');
  // Where node is on this machine (verify checks that ExecStart's program exists): /usr/bin/node is the unit's example.
  writeFileSync(file, unit.replace('/usr/bin/node', process.execPath));
  const verified = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
  expect(verified.error).toBeUndefined();
  expect({ status: verified.status, output: `${verified.stdout}${verified.stderr}`.trim() }).toEqual({ status: 0, output: '' });
});
