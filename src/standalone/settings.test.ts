import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from '../config/config';
import { parseSettingsFile, readSettings, SettingsError, variableOf } from './settings';

const URL = 'mysql://reader:s3cret@db.internal:3307/game';

describe('readSettings', () => {
  test('every convar is read from its CITIZEN_RECORDS_ variable through the convars parser', () => {
    const { config, problems, port, host, game } = readSettings({
      CITIZEN_RECORDS_DATABASE_URL: URL,
      CITIZEN_RECORDS_DB_TIMEOUT_MS: '750',
      CITIZEN_RECORDS_FORMATS: 'beta',
      CITIZEN_RECORDS_API_KEYS: 'cad:9f2c41d07be35a86c1e0d4f7a2b95c63',
      CITIZEN_RECORDS_REPLICA_MAX_LAG_S: '12',
    });
    expect(config).toMatchObject({ dbTimeoutMs: 750, formats: new Set(['beta']), replicaMaxLagS: 12 });
    expect(config.apiKeys.map((k) => k.name)).toEqual(['cad']);
    expect({ problems, port, host, game }).toEqual({ problems: [], port: 30121, host: '0.0.0.0', game: null });
  });

  test('an invalid value is reported by its variable name, and the default is used', () => {
    const { config, problems } = readSettings({ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_RATE_LIMIT: 'lots' });
    expect(config.rateLimit).toBe(DEFAULTS.rateLimit);
    expect(problems).toEqual([expect.stringMatching(/^CITIZEN_RECORDS_RATE_LIMIT is "lots", which is not a whole number/)]);
  });

  test('a variable nobody reads (a typo) is reported, others outside the prefix are not', () => {
    const { problems } = readSettings({ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_RATELIMIT: '5', HOME: '/root' });
    expect(problems).toEqual(['CITIZEN_RECORDS_RATELIMIT is no setting of citizen_records, and is ignored']);
  });

  test.each([
    [{}, /CITIZEN_RECORDS_DATABASE_URL is not set/],
    [{ CITIZEN_RECORDS_DATABASE_URL: 'postgres://x' }, /CITIZEN_RECORDS_DATABASE_URL cannot be read/],
    [{ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_PORT: '80a' }, /CITIZEN_RECORDS_PORT is "80a"/],
    [{ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_PORT: '70000' }, /not a TCP port/],
    [
      { CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_GAME_URL: 'game:30120', CITIZEN_RECORDS_GAME_KEY: 'k' },
      /CITIZEN_RECORDS_GAME_URL/,
    ],
  ])('%j cannot start, and says which variable to fix', (env, message) => {
    expect(() => readSettings(env)).toThrow(SettingsError);
    expect(() => readSettings(env)).toThrow(message);
  });

  test('a password never appears in what is reported about the database address', () => {
    expect(() => readSettings({ CITIZEN_RECORDS_DATABASE_URL: 'mysql://u:hunter2@h:99999/db' })).toThrow(/^(?!.*hunter2)/);
  });

  test('game_url and game_key together turn the game server on; one alone is reported', () => {
    const both = readSettings({
      CITIZEN_RECORDS_DATABASE_URL: URL,
      CITIZEN_RECORDS_GAME_URL: 'http://10.0.0.5:30120',
      CITIZEN_RECORDS_GAME_KEY: 'k',
    });
    expect(both.game).toEqual({ url: 'http://10.0.0.5:30120', key: 'k' });
    const alone = readSettings({ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_GAME_URL: 'http://10.0.0.5:30120' });
    expect(alone.game).toBeNull();
    expect(alone.problems).toEqual([expect.stringContaining('go together')]);
  });

  test('state_dir names where the change feed lives: set, this instance serves it; unset, none', () => {
    expect(readSettings({ CITIZEN_RECORDS_DATABASE_URL: URL }).stateDir).toBeNull();
    const served = readSettings({ CITIZEN_RECORDS_DATABASE_URL: URL, CITIZEN_RECORDS_STATE_DIR: ' /var/lib/citizen-records ' });
    expect({ stateDir: served.stateDir, problems: served.problems }).toEqual({ stateDir: '/var/lib/citizen-records', problems: [] });
  });

  describe('a configuration file', () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'cr-settings-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    test('holds the same names; the environment wins over it; --config or CITIZEN_RECORDS_CONFIG names it', () => {
      const file = join(dir, 'standalone.env');
      writeFileSync(
        file,
        `# citizen_records\nCITIZEN_RECORDS_DATABASE_URL="${URL}"\nCITIZEN_RECORDS_RATE_LIMIT=120\nexport CITIZEN_RECORDS_PORT=8080\n`,
      );
      const viaFlag = readSettings({ CITIZEN_RECORDS_RATE_LIMIT: '240' }, ['--config', file]);
      expect(viaFlag.config.rateLimit).toBe(240);
      expect(viaFlag.port).toBe(8080);
      expect(viaFlag.connection).toMatchObject({ host: 'db.internal', port: 3307, user: 'reader', password: 's3cret', database: 'game' });
      expect(readSettings({ CITIZEN_RECORDS_CONFIG: file }).config.rateLimit).toBe(120);
    });

    test('a file that cannot be read, or a line that is not NAME=value, stops the start', () => {
      expect(() => readSettings({}, ['--config', join(dir, 'missing.env')])).toThrow(/cannot be read/);
      expect(() => parseSettingsFile('CITIZEN_RECORDS_PORT=1\nnonsense\n')).toThrow(/line 2/);
    });
  });

  test('variableOf upper-cases the convar name after the prefix', () => {
    expect(variableOf('db_timeout_ms')).toBe('CITIZEN_RECORDS_DB_TIMEOUT_MS');
  });
});
