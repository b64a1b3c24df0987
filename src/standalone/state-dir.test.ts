import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATE_FILES } from '../changes/state-file';

const LOG = STATE_FILES.log;
import { SettingsError } from './settings';
import { stateDirHome } from './state-dir';

let dir: string;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cr-state-dir-'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const home = () => stateDirHome(dir, (m) => warnings.push(m));

test('no state file yet: nothing to load, and nothing told', () => {
  expect(home().loadState('log')).toBeNull();
  expect(home().loadState('kept')).toBeNull();
  expect(warnings).toEqual([]);
});

test('a save replaces its file whole, each file under its own name, and leaves nothing else in the directory', () => {
  const h = home();
  expect(h.saveState('log', 'first')).toBe(true);
  expect(h.saveState('log', 'second, longer than the first')).toBe(true);
  expect(h.saveState('kept', 'the kept data')).toBe(true);
  expect(readdirSync(dir).sort()).toEqual(['changes-kept.dat', 'changes-state.dat']);
  expect(readFileSync(join(dir, LOG), 'utf8')).toBe('second, longer than the first');
  expect(home().loadState('log')).toBe('second, longer than the first');
  expect(home().loadState('kept')).toBe('the kept data');
});

test('a save that cannot be written answers false, keeps the old file, and leaves no temporary file', () => {
  const h = home();
  h.saveState('log', 'kept');
  // A directory where the temporary file would go: the write fails as a full or read-only disk would.
  mkdirSync(join(dir, `${LOG}.${process.pid}.tmp`));
  expect(h.saveState('log', 'lost')).toBe(false);
  rmSync(join(dir, `${LOG}.${process.pid}.tmp`), { recursive: true });
  expect(readdirSync(dir)).toEqual([LOG]);
  expect(h.loadState('log')).toBe('kept');
});

test('a state file that cannot be read is told, and the feed starts afresh', () => {
  mkdirSync(join(dir, LOG));
  expect(home().loadState('log')).toBeNull();
  expect(warnings).toEqual([expect.stringMatching(/changes-state\.dat cannot be read .*the feed starts afresh$/)]);
});

test.each([
  ['a directory that does not exist', () => join(dir, 'missing'), /CITIZEN_RECORDS_STATE_DIR is ".*missing", but it does not exist/],
  [
    'a file',
    () => {
      writeFileSync(join(dir, 'file'), '');
      return join(dir, 'file');
    },
    /but it is not a directory/,
  ],
])('%s stops the start, naming the variable', (_what, path, message) => {
  const target = path();
  expect(() => stateDirHome(target, () => undefined)).toThrow(SettingsError);
  expect(() => stateDirHome(target, () => undefined)).toThrow(message);
});
