import { DEFAULTS, readConfig } from './config';

function reader(values: Record<string, string>) {
  return (name: string) => values[name] ?? '';
}

describe('readConfig', () => {
  test('unset convars take the documented defaults and report nothing', () => {
    const { config, problems } = readConfig(reader({}));
    expect(config).toEqual({
      apiKeys: [],
      allowAnonymous: false,
      corsOrigins: new Set(),
      rateLimit: 600,
      dbTimeoutMs: 5000,
      maxInFlight: 64,
      searchTimeoutMs: 2000,
      searchMaxInFlight: 2,
      cacheTtlMs: 1000,
      changes: true,
      changesKeptDays: 7,
      changesMaxWaiting: 32,
      changesPollMs: 5000,
      changesSweepMs: 60000,
      maxColumnBytes: 4194304,
      esxDobFormat: 'auto',
      esxCharacterPrefix: 'char',
      esxMaxCharacters: 4,
      formats: new Set(['alpha', 'beta']),
      liveRecords: true,
      replicaMaxLagS: 30,
      logLevel: 'info',
    });
    expect(problems).toEqual([]);
  });

  test('valid values are read, case-insensitively where the value is a keyword', () => {
    const { config, problems } = readConfig(reader({ db_timeout_ms: '750', esx_dob_format: 'mdy', formats: ' beta ', log_level: 'DEBUG' }));
    expect(config).toMatchObject({ dbTimeoutMs: 750, esxDobFormat: 'MDY', formats: new Set(['beta']), logLevel: 'debug' });
    expect(problems).toEqual([]);
  });

  test('each invalid value is reported by its full convar name and falls back to the default', () => {
    const { config, problems } = readConfig(
      reader({ db_timeout_ms: '5s', esx_dob_format: 'DD/MM/YYYY', formats: 'alpha,gamma', log_level: 'loud' }),
    );
    expect(config).toEqual(DEFAULTS);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('citizen_records:db_timeout_ms');
    expect(problems[0]).toContain('"5s"');
    expect(problems[1]).toContain('citizen_records:esx_dob_format');
    expect(problems[2]).toContain('citizen_records:formats');
    expect(problems[3]).toContain('citizen_records:log_level');
  });

  test.each(['constructor', '__proto__', 'toString'])(
    'log_level %s (a name every object inherits) is refused, not taken as a level',
    (level) => {
      const { config, problems } = readConfig(reader({ log_level: level }));
      expect(config.logLevel).toBe(DEFAULTS.logLevel);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('citizen_records:log_level');
    },
  );

  test('a formats list naming nothing is refused rather than disabling every format', () => {
    const { config, problems } = readConfig(reader({ formats: ' , ' }));
    expect(config.formats).toEqual(new Set(['alpha', 'beta']));
    expect(problems).toHaveLength(1);
  });

  test('a zero or oversized timeout is refused', () => {
    expect(readConfig(reader({ db_timeout_ms: '0' })).config.dbTimeoutMs).toBe(5000);
    // FXServer drops an HTTP client after 300 s: a longer timeout would leave it unanswered.
    expect(readConfig(reader({ db_timeout_ms: '290001' })).config.dbTimeoutMs).toBe(5000);
    expect(readConfig(reader({ db_timeout_ms: '290000' })).config.dbTimeoutMs).toBe(290000);
  });

  test('the access convars: keys named or bare, the anonymous switch, CORS origins, the rate limit', () => {
    const { config, problems } = readConfig(
      reader({
        api_keys: ' cad:0f3a9c1e7b2d4f6a8c0e, 9b8a7c6d5e4f3a2b1c0d ,bot:a1b2c3d4e5f6a7b8c9d0',
        allow_anonymous: 'TRUE',
        cors_origins: 'https://cad.example.com/, http://127.0.0.1:8080',
        rate_limit: '120',
      }),
    );
    expect(config.apiKeys).toEqual([
      { name: 'cad', key: '0f3a9c1e7b2d4f6a8c0e' },
      { name: 'key2', key: '9b8a7c6d5e4f3a2b1c0d' },
      { name: 'bot', key: 'a1b2c3d4e5f6a7b8c9d0' },
    ]);
    expect(config.allowAnonymous).toBe(true);
    expect(config.corsOrigins).toEqual(new Set(['https://cad.example.com', 'http://127.0.0.1:8080']));
    expect(config.rateLimit).toBe(120);
    expect(problems).toEqual([]);
    expect(readConfig(reader({ cors_origins: ' * ' })).config.corsOrigins).toBe('*');
  });

  test('a bad key entry is reported by position and name, never by its key, and the others still work', () => {
    const secret = 'short1';
    const { config, problems } = readConfig(
      reader({ api_keys: `cad:, bad name:0123456789abcdef0123, ok:${secret}, ok:fedcba98765432100123` }),
    );
    expect(config.apiKeys).toEqual([{ name: 'ok', key: secret }]);
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain(secret);
    expect(problems.join('\n')).not.toContain('0123456789abcdef0123');
    expect(problems.every((p) => p.startsWith('convar citizen_records:api_keys: entry '))).toBe(true);
    expect(problems[2]).toContain('openssl rand -hex 32');
  });

  test('invalid access values fall back to closed defaults with one problem each', () => {
    const { config, problems } = readConfig(reader({ allow_anonymous: 'maybe', cors_origins: 'cad.example.com', rate_limit: '-5' }));
    expect(config).toMatchObject({ allowAnonymous: false, corsOrigins: new Set(), rateLimit: 600 });
    expect(problems.map((p) => p.split(' is ')[0])).toEqual([
      'convar citizen_records:allow_anonymous',
      'convar citizen_records:cors_origins',
      'convar citizen_records:rate_limit',
    ]);
  });

  test('the reliability convars: limits read as whole numbers, a cache TTL of 0 turns the cache off', () => {
    const { config, problems } = readConfig(reader({ max_in_flight: '8', cache_ttl_ms: '0', max_column_bytes: '65536' }));
    expect(config).toMatchObject({ maxInFlight: 8, cacheTtlMs: 0, maxColumnBytes: 65536 });
    expect(problems).toEqual([]);
    const bad = readConfig(reader({ max_in_flight: '0', cache_ttl_ms: '1s', max_column_bytes: '10' }));
    expect(bad.config).toMatchObject({ maxInFlight: 64, cacheTtlMs: 1000, maxColumnBytes: 4194304 });
    expect(bad.problems).toHaveLength(3);
  });

  test('the multicharacter convars', () => {
    expect(readConfig(reader({ esx_character_prefix: 'slot', esx_max_characters: '8' })).config).toMatchObject({
      esxCharacterPrefix: 'slot',
      esxMaxCharacters: 8,
    });
    const bad = readConfig(reader({ esx_character_prefix: 'ch ar', esx_max_characters: '0' }));
    expect(bad.config).toMatchObject({ esxCharacterPrefix: 'char', esxMaxCharacters: 4 });
    expect(bad.problems).toHaveLength(2);
  });

  test('esx_dob_format: auto (the default) or an explicit order, in any case', () => {
    expect(readConfig(reader({ esx_dob_format: 'AUTO' })).config.esxDobFormat).toBe('auto');
    expect(readConfig(reader({ esx_dob_format: 'ymd' })).config.esxDobFormat).toBe('YMD');
  });
});
