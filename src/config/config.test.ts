import { DEFAULTS, readConfig } from './config';

function reader(values: Record<string, string>) {
  return (name: string) => values[name] ?? '';
}

describe('readConfig', () => {
  test('unset convars take the documented defaults and report nothing', () => {
    const { config, problems } = readConfig(reader({}));
    expect(config).toEqual({ dbTimeoutMs: 5000, esxDobFormat: 'DMY', formats: new Set(['alpha', 'beta']), logLevel: 'info' });
    expect(problems).toEqual([]);
  });

  test('valid values are read, case-insensitively where the value is a keyword', () => {
    const { config, problems } = readConfig(
      reader({ db_timeout_ms: '750', esx_dob_format: 'mdy', formats: ' beta ', log_level: 'DEBUG' }),
    );
    expect(config).toEqual({ dbTimeoutMs: 750, esxDobFormat: 'MDY', formats: new Set(['beta']), logLevel: 'debug' });
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

  test('a formats list naming nothing is refused rather than disabling every format', () => {
    const { config, problems } = readConfig(reader({ formats: ' , ' }));
    expect(config.formats).toEqual(new Set(['alpha', 'beta']));
    expect(problems).toHaveLength(1);
  });

  test('a zero or oversized timeout is refused', () => {
    expect(readConfig(reader({ db_timeout_ms: '0' })).config.dbTimeoutMs).toBe(5000);
    expect(readConfig(reader({ db_timeout_ms: '600001' })).config.dbTimeoutMs).toBe(5000);
    expect(readConfig(reader({ db_timeout_ms: '600000' })).config.dbTimeoutMs).toBe(600000);
  });
});
