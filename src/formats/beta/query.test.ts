import { buildCitizenQuery } from './query';
import { columns2021, columnsQbcore, columnsQbox, tableColumns } from './__fixtures__/rows';

const MAX = 4_194_304;

const BODY =
  '`citizenid`, `cid`, `license`, `name`, `money`, `charinfo`, `job`, `gang`, `position`, `metadata`, ' +
  // inventory is LONGTEXT: read only when it fits in max_column_bytes (column-select.ts).
  'IF(OCTET_LENGTH(`inventory`) > 4194304, NULL, `inventory`) AS `inventory`, ' +
  'IF(OCTET_LENGTH(`inventory`) > 4194304, OCTET_LENGTH(`inventory`), NULL) AS `inventory:oversize`, ' +
  'UNIX_TIMESTAMP(`last_updated`) AS `last_updated_unix` FROM `players`';

/** The 2021 table is latin1: its inventory is measured as the utf8mb4 that crosses (column-select.ts). */
const BODY_2021 = BODY.replaceAll('OCTET_LENGTH(`inventory`)', 'OCTET_LENGTH(CONVERT(`inventory` USING utf8mb4))');

describe('buildCitizenQuery', () => {
  it('reads current QBCore columns with one key lookup under a _ci collation', () => {
    const query = buildCitizenQuery(columnsQbcore, MAX);
    expect(query?.sql).toBe(`SELECT \`id\`, ${BODY} WHERE \`citizenid\` = ? LIMIT 1`);
    expect(query?.params('kqw48213')).toEqual(['kqw48213']);
  });

  it("leaves out the columns an online citizen's framework data replaces", () => {
    const query = buildCitizenQuery(columnsQbcore, MAX, new Set(['money', 'charinfo', 'job', 'gang', 'metadata', 'inventory']));
    expect(query?.sql).toBe(
      'SELECT `id`, `citizenid`, `cid`, `license`, `name`, `position`, UNIX_TIMESTAMP(`last_updated`) AS `last_updated_unix` ' +
        'FROM `players` WHERE `citizenid` = ? LIMIT 1',
    );
  });

  it("reads the 2021 table's `#` as id and leaves out `steam`", () => {
    const query = buildCitizenQuery(columns2021, MAX);
    expect(query?.sql).toBe(`SELECT \`#\` AS \`id\`, ${BODY_2021} WHERE \`citizenid\` = ? LIMIT 1`);
    expect(query?.sql).not.toContain('steam');
  });

  it('leaves out the Qbox-only columns', () => {
    const sql = buildCitizenQuery(columnsQbox, MAX)?.sql ?? '';
    expect(sql).toBe(`SELECT \`id\`, ${BODY} WHERE \`citizenid\` = ? LIMIT 1`);
    for (const extra of ['userId', 'phone_number', 'last_logged_out']) expect(sql).not.toContain(extra);
  });

  it.each(['utf8mb4_bin', 'latin1_general_cs', 'utf8mb4_0900_as_cs', ''])(
    'asks for the id as given, upper- and lower-case under collation %p, preferring the exact one',
    (collation) => {
      const columns = tableColumns(collation, [
        ['citizenid', collation === '' ? 'varbinary' : 'varchar'],
        ['name', 'varchar'],
      ]);
      const query = buildCitizenQuery(columns, MAX);
      expect(query?.sql).toBe(
        `SELECT ${collation === '' ? 'CONVERT(`citizenid` USING utf8mb4) AS `citizenid`' : '`citizenid`'}, \`name\` FROM \`players\` WHERE \`citizenid\` IN (?, ?, ?) ORDER BY \`citizenid\` = ? DESC LIMIT 1`,
      );
      expect(query?.params('Kqw48213')).toEqual(['Kqw48213', 'KQW48213', 'kqw48213', 'Kqw48213']);
    },
  );

  it('selects only the columns that exist, aliased to lower case', () => {
    const columns = tableColumns('utf8mb4_unicode_ci', [
      ['CitizenID', 'varchar'],
      ['Money', 'text'],
    ]);
    expect(buildCitizenQuery(columns, MAX)?.sql).toBe(
      'SELECT `CitizenID` AS `citizenid`, `Money` AS `money` FROM `players` WHERE `CitizenID` = ? LIMIT 1',
    );
  });

  it('gives no query for a players table without citizenid (not a QBCore table)', () => {
    expect(
      buildCitizenQuery(
        tableColumns('utf8mb4_general_ci', [
          ['id', 'int'],
          ['name', 'varchar'],
        ]),
        MAX,
      ),
    ).toBeNull();
  });
});
