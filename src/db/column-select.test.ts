import { dropOversizeMarkers, selectColumn } from './column-select';
import { selectAs, selectedName } from './sql';
import type { TableColumn } from './table-columns';

const TEXT_TYPES = new Set(['char', 'varchar', 'text', 'longtext', 'json']);
const col = (
  name: string,
  dataType: string,
  maxBytes: number | null = null,
  collation = TEXT_TYPES.has(dataType) ? 'utf8mb4_general_ci' : '',
): TableColumn => ({
  name,
  dataType,
  collation,
  maxBytes,
});

describe('selectColumn', () => {
  test('TINYINT, SMALLINT and BIT come as numbers, whatever oxmysql would make of their type', () => {
    expect(selectColumn(col('is_dead', 'tinyint'), 'is_dead', 4096)).toEqual(['`is_dead` + 0 AS `is_dead`']);
    expect(selectColumn(col('isDead', 'bit'), 'isDead', 4096)).toEqual(['`isDead` + 0 AS `isDead`']);
  });

  test('dates and times come as their text, so no time zone or year can move them', () => {
    expect(selectColumn(col('dateofbirth', 'date'), 'dateofbirth', 4096)).toEqual(['CAST(`dateofbirth` AS CHAR) AS `dateofbirth`']);
  });

  test('FLOAT comes as its text, so a scan (binary protocol) reads the digits a query reads', () => {
    expect(selectColumn(col('engine', 'float'), 'engine', 4096)).toEqual(['CAST(`engine` AS CHAR) AS `engine`']);
    expect(selectColumn(col('d', 'double'), 'd', 4096)).toEqual(['`d`']);
  });

  test('BLOB and VARBINARY come as UTF-8 text', () => {
    expect(selectColumn(col('citizenid', 'varbinary', 50), 'citizenid', 4096)).toEqual([
      'CONVERT(`citizenid` USING utf8mb4) AS `citizenid`',
    ]);
    expect(selectColumn(col('skin', 'longblob', 4_294_967_295), 'skin', 4096)).toEqual([
      'IF(OCTET_LENGTH(`skin`) > 4096, NULL, CONVERT(`skin` USING utf8mb4)) AS `skin`',
      'IF(OCTET_LENGTH(`skin`) > 4096, OCTET_LENGTH(`skin`), NULL) AS `skin:oversize`',
    ]);
  });

  test('a text column that may exceed the limit is read only when it fits; one that cannot is read as it is', () => {
    expect(selectColumn(col('Inventory', 'longtext', 4_294_967_295), 'inventory', 1024)).toEqual([
      'IF(OCTET_LENGTH(`Inventory`) > 1024, NULL, `Inventory`) AS `inventory`',
      'IF(OCTET_LENGTH(`Inventory`) > 1024, OCTET_LENGTH(`Inventory`), NULL) AS `inventory:oversize`',
    ]);
    expect(selectColumn(col('firstname', 'varchar', 64), 'firstname', 1024)).toEqual(['`firstname`']);
    expect(selectColumn(col('#', 'int'), 'id', 1024)).toEqual(['`#` AS `id`']);
  });

  test('a latin1 text is measured as the utf8mb4 that crosses, up to three bytes per stored one', () => {
    expect(selectColumn(col('inventory', 'longtext', 4_294_967_295, 'latin1_swedish_ci'), 'inventory', 1024)).toEqual([
      'IF(OCTET_LENGTH(CONVERT(`inventory` USING utf8mb4)) > 1024, NULL, `inventory`) AS `inventory`',
      'IF(OCTET_LENGTH(CONVERT(`inventory` USING utf8mb4)) > 1024, OCTET_LENGTH(CONVERT(`inventory` USING utf8mb4)), NULL) AS `inventory:oversize`',
    ]);
    // VARCHAR(300) latin1: 300 stored bytes may be 900 on the wire, past a 512-byte limit.
    expect(selectColumn(col('firstname', 'varchar', 300, 'latin1_swedish_ci'), 'firstname', 512)[0]).toMatch(/^IF\(OCTET_LENGTH\(CONVERT/);
    expect(selectColumn(col('firstname', 'varchar', 300, 'utf8mb4_general_ci'), 'firstname', 512)).toEqual(['`firstname`']);
  });

  test('a table alias qualifies every reference to the column, so a join with a same-named column stays unambiguous', () => {
    expect(selectColumn(col('job', 'varchar', 80), 'job', 1024, 'v')).toEqual(['`v`.`job` AS `job`']);
    expect(selectColumn(col('stored', 'tinyint'), 'stored', 1024, 'v')).toEqual(['`v`.`stored` + 0 AS `stored`']);
    expect(selectColumn(col('charinfo', 'text', 65_535), 'owner_charinfo', 1024, 'p')).toEqual([
      'IF(OCTET_LENGTH(`p`.`charinfo`) > 1024, NULL, `p`.`charinfo`) AS `owner_charinfo`',
      'IF(OCTET_LENGTH(`p`.`charinfo`) > 1024, OCTET_LENGTH(`p`.`charinfo`), NULL) AS `owner_charinfo:oversize`',
    ]);
  });
});

test('dropOversizeMarkers removes the companion columns and names each value that was too long', () => {
  const row: Record<string, unknown> = { inventory: null, 'inventory:oversize': 52_428_800, skin: '{}', 'skin:oversize': null };
  const found: Array<[string, number]> = [];
  dropOversizeMarkers(row, (column, bytes) => found.push([column, bytes]));
  expect(row).toEqual({ inventory: null, skin: '{}' });
  expect(found).toEqual([['inventory', 52_428_800]]);
});

describe('selectedName', () => {
  test('every item selectColumn and selectAs write comes back under the name at its end', () => {
    const items = [
      ...selectColumn(col('job', 'varchar', 50), 'job', 1024),
      ...selectColumn(col('inventory', 'longtext'), 'inventory', 1024),
      ...selectColumn(col('grade', 'tinyint'), 'grade', 1024),
      ...selectColumn(col('dob', 'date'), 'dateofbirth', 1024),
      ...selectColumn(col('data', 'blob'), 'data', 1024, 't'),
      selectAs('#', 'id'),
      selectAs('odd`name', 'odd`name'),
      'UNIX_TIMESTAMP(`last_updated`) AS `last_updated_unix`',
    ];
    expect(items.map(selectedName)).toEqual([
      'job',
      'inventory',
      'inventory:oversize',
      'grade',
      'dateofbirth',
      'data',
      'data:oversize',
      'id',
      'odd`name',
      'last_updated_unix',
    ]);
    expect(() => selectedName('1 + 1')).toThrow(/without a name/);
  });
});
