import type { TableColumn } from '../../db/table-columns';
import { alphaUserQuery, hasUserAccountsColumns, selectAlphaColumns } from './query';

/** A table as readTableColumns returns it: keyed by lower-case name, spelled as created. */
function table(...names: string[]): Map<string, TableColumn> {
  return new Map(names.map((name) => [name.toLowerCase(), { name, dataType: 'text', collation: '', maxBytes: 65_535 }]));
}

const keys = (columns: Map<string, TableColumn>): string[] => selectAlphaColumns(columns).map((c) => c.key);

// docs/frameworks.md#esx-users-columns, one column set per generation.
const ESSENTIALMODE_1_1 = table(
  ...['identifier', 'license', 'money', 'bank', 'permission_level', 'group'],
  ...['name', 'skin', 'job', 'job_grade', 'loadout', 'position'],
  ...['firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'phone_number', 'isDead'],
);
const ESX_1_2 = table('identifier', 'group', 'job', 'job_grade', 'inventory', 'loadout', 'position', 'skin');
const V1_FINAL_WITH_ADDONS = table(
  ...['identifier', 'accounts', 'group', 'inventory', 'job', 'job_grade', 'loadout', 'position', 'skin'],
  ...['firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'status', 'is_dead', 'last_property', 'disabled'],
);
const LEGACY_SQL_1_9_4 = table(
  ...['identifier', 'accounts', 'group', 'inventory', 'job', 'job_grade', 'loadout', 'metadata', 'position'],
  ...['firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'skin', 'status', 'is_dead', 'id', 'disabled'],
  ...['last_property', 'created_at', 'last_seen', 'phone_number', 'pincode'],
);
const LEGACY_1_13_3_CORE = table(
  ...['identifier', 'ssn', 'accounts', 'group', 'inventory', 'job', 'job_grade', 'loadout', 'metadata', 'position'],
);

describe('selectAlphaColumns', () => {
  it('reads cash and bank from essentialmode columns on ESX 1.1, and its isDead bit', () => {
    expect(keys(ESSENTIALMODE_1_1)).toEqual([
      ...['identifier', 'group', 'job', 'job_grade', 'loadout', 'position', 'skin'],
      ...['firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'isDead', 'phone_number', 'money', 'bank'],
    ]);
  });

  it('selects the ESX 1.2 core columns, accounts living in user_accounts', () => {
    expect(keys(ESX_1_2)).toEqual(['identifier', 'group', 'job', 'job_grade', 'inventory', 'loadout', 'position', 'skin']);
  });

  it('selects accounts and the add-on columns of v1-final to 1.8', () => {
    expect(keys(V1_FINAL_WITH_ADDONS)).toEqual([
      ...['identifier', 'accounts', 'group', 'job', 'job_grade', 'inventory', 'loadout', 'position', 'skin'],
      ...['firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'status', 'is_dead', 'disabled', 'last_property'],
    ]);
  });

  it('selects every record column of a legacy.sql install and none of the others', () => {
    const selected = keys(LEGACY_SQL_1_9_4);
    expect(selected).toEqual([
      ...['identifier', 'accounts', 'group', 'job', 'job_grade', 'inventory', 'loadout', 'metadata', 'position'],
      ...['skin', 'firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'status', 'is_dead', 'disabled'],
      ...['last_property', 'phone_number'],
    ]);
    for (const unused of ['id', 'created_at', 'last_seen', 'pincode']) expect(selected).not.toContain(unused);
  });

  it('selects only the core columns of a bare 1.13.3 table, not ssn', () => {
    expect(keys(LEGACY_1_13_3_CORE)).toEqual([
      ...['identifier', 'accounts', 'group', 'job', 'job_grade', 'inventory', 'loadout', 'metadata', 'position'],
    ]);
  });

  it('ignores stale essentialmode cash and bank columns beside accounts', () => {
    expect(keys(table('identifier', 'accounts', 'money', 'bank'))).toEqual(['identifier', 'accounts']);
  });

  it('matches column names case-insensitively and keeps the table spelling', () => {
    expect(selectAlphaColumns(table('Identifier', 'IsDead', 'JOB')).map(({ key, column }) => ({ key, stored: column.name }))).toEqual([
      { key: 'identifier', stored: 'Identifier' },
      { key: 'job', stored: 'JOB' },
      { key: 'isDead', stored: 'IsDead' },
    ]);
  });
});

describe('alphaUserQuery', () => {
  it('quotes every column (group is a reserved word) and matches the key with one parameter', () => {
    expect(alphaUserQuery(selectAlphaColumns(table('identifier', 'group', 'job')), 4_194_304)).toBe(
      'SELECT `identifier`, `group`, `job` FROM `users` WHERE `identifier` = ? LIMIT 1',
    );
  });

  it('reads a differently spelt column under the name the normaliser uses', () => {
    expect(alphaUserQuery(selectAlphaColumns(table('identifier', 'Is_Dead')), 4_194_304)).toBe(
      'SELECT `identifier`, `Is_Dead` AS `is_dead` FROM `users` WHERE `identifier` = ? LIMIT 1',
    );
  });
});

describe('hasUserAccountsColumns', () => {
  it('wants identifier, name and money', () => {
    expect(hasUserAccountsColumns(table('id', 'identifier', 'name', 'money'))).toBe(true);
    expect(hasUserAccountsColumns(table('id', 'identifier', 'name'))).toBe(false);
    expect(hasUserAccountsColumns(null)).toBe(false);
  });
});
