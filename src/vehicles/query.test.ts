import type { TableColumn } from '../db/table-columns';
import { MAX_VEHICLES_PER_CITIZEN } from '../contract/operations';
import { asCollationOf, citizenVehiclesQuery, plateParams, plateQuery, type OwnerTable, type VehicleTable } from './query';

const col = (name: string, dataType = 'varchar', collation = 'utf8mb4_unicode_ci', maxBytes: number | null = 240): TableColumn => ({
  name,
  dataType,
  collation,
  maxBytes,
});

describe('asCollationOf', () => {
  test("converts to the other column's character set and collation only where they differ", () => {
    const unicode = col('owner');
    const general = col('identifier', 'varchar', 'utf8mb4_general_ci');
    const latin1 = col('citizenid', 'varchar', 'latin1_swedish_ci');
    expect(asCollationOf('`v`.`owner`', unicode, col('identifier'))).toBe('`v`.`owner`');
    expect(asCollationOf('`v`.`owner`', unicode, general)).toBe('CONVERT(`v`.`owner` USING utf8mb4) COLLATE utf8mb4_general_ci');
    expect(asCollationOf('`v`.`citizenid`', unicode, latin1)).toBe('CONVERT(`v`.`citizenid` USING latin1) COLLATE latin1_swedish_ci');
    expect(asCollationOf('x', unicode, col('k', 'varchar', 'utf8mb3_general_ci'))).toBe(
      'CONVERT(x USING utf8mb3) COLLATE utf8mb3_general_ci',
    );
  });

  test('binary columns, and names that are no collation, are left as they are', () => {
    expect(asCollationOf('x', col('a', 'varbinary', ''), col('b'))).toBe('x');
    expect(asCollationOf('x', col('a'), col('b', 'varchar', 'utf8mb4_bin; DROP'))).toBe('x');
  });
});

const plate = col('plate');
const vehicles: VehicleTable = {
  name: 'player_vehicles',
  plate,
  owner: col('citizenid'),
  key: col('id', 'int', '', null),
  read: [
    ['plate', plate],
    ['citizenid', col('citizenid')],
    ['state', col('state', 'int', '', null)],
    ['mods', col('mods', 'longtext', 'utf8mb4_bin', 4_294_967_295)],
  ],
};
const owner: OwnerTable = {
  name: 'players',
  key: col('citizenid', 'varchar', 'utf8mb4_general_ci'),
  read: [['owner_charinfo', col('charinfo', 'text', 'utf8mb4_general_ci', 65_535)]],
};

test('the plate query: the forms over the plate column, the typed spelling first, then the lowest key; the owner joined by key', () => {
  const sql = plateQuery(vehicles, owner, 1024, 3);
  expect(sql).toContain(
    'FROM `player_vehicles` AS `v` LEFT JOIN `players` AS `o` ON `o`.`citizenid` = CONVERT(`v`.`citizenid` USING utf8mb4) COLLATE utf8mb4_general_ci',
  );
  expect(sql).toMatch(/WHERE `v`\.`plate` IN \(\?, \?, \?\) ORDER BY `v`\.`plate` = \? DESC, `v`\.`id`, `v`\.`plate` LIMIT 1$/);
  expect(sql).toContain('IF(OCTET_LENGTH(`v`.`mods`) > 1024, NULL, `v`.`mods`) AS `mods`');
  expect(sql).toContain('IF(OCTET_LENGTH(`o`.`charinfo`) > 1024, NULL, `o`.`charinfo`) AS `owner_charinfo`');
  expect(plateParams({ typed: 'ab1', forms: ['ab1', 'AB1', 'A B1'] })).toEqual(['ab1', 'AB1', 'A B1', 'ab1']);
  expect(plateQuery({ ...vehicles, key: plate }, null, 1024, 1)).toMatch(
    /FROM `player_vehicles` AS `v` WHERE `v`\.`plate` IN \(\?\) ORDER BY `v`\.`plate` = \? DESC, `v`\.`plate` LIMIT 1$/,
  );
});

test("the citizen query: at most one owner row, its vehicles joined by owner in the vehicles' collation, by plate, bounded", () => {
  const sql = citizenVehiclesQuery(vehicles, owner, { where: '`citizenid` = ?', order: '', params: (id) => [id] }, 1024);
  expect(sql).toContain('FROM (SELECT `citizenid` AS `owner:key`, IF(OCTET_LENGTH(`charinfo`) > 1024');
  expect(sql).toContain('FROM `players` WHERE `citizenid` = ? LIMIT 1) AS `o`');
  expect(sql).toContain(
    'LEFT JOIN `player_vehicles` AS `v` ON `v`.`citizenid` = CONVERT(`o`.`owner:key` USING utf8mb4) COLLATE utf8mb4_unicode_ci',
  );
  expect(sql).toMatch(new RegExp(`ORDER BY \`v\`\\.\`plate\` LIMIT ${MAX_VEHICLES_PER_CITIZEN}$`));
});
