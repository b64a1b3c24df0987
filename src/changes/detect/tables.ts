/**
 * Builds the two kinds of watch from what a format's prepare already read (FormatLookups.watched,
 * VehicleLookups.watched) and what the format declares in its `changes.ts` (FormatDeclaration.changes).
 */
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import type { CitizenChanges, VehicleChanges, WatchedTable } from '../../formats/changes';
import { asCollationOf, type OwnerTable, type VehicleTable } from '../../vehicles/query';
import { columnPart, type HashPart, type TableWatch } from './watch';

/**
 * The watch of a citizens' table, as its prepare read it: keyed by the route's id column, hashing
 * every column the record reads but the ignored ones; polled through `changedAt` where the table
 * has it and an index leads with it.
 */
export function citizenWatch(options: { table: WatchedTable; changes: CitizenChanges }): TableWatch {
  const { changes } = options;
  const { table, key, maxColumnBytes } = options.table;
  const parts: HashPart[] = [];
  for (const column of options.table.read) {
    const name = column.name.toLowerCase();
    if (changes.ignore.includes(name)) continue;
    const remove = changes.remove[name];
    parts.push(columnPart(table, column, maxColumnBytes, remove ? { remove } : null));
  }
  const changedAt = options.table.columns.get(changes.changedAt);
  const indexed = changedAt !== undefined && options.table.indexes.leading.has(changes.changedAt);
  const qualified = (column: TableColumn) => `${quoteIdentifier(table)}.${quoteIdentifier(column.name)}`;
  return {
    kind: 'citizen',
    table,
    from: quoteIdentifier(table),
    key: qualified(key),
    parts,
    maxColumnBytes,
    changedAt: indexed ? qualified(changedAt) : null,
  };
}

/**
 * The plate as the vehicle route answers it (displayPlate: trimmed, upper case), in SQL. The
 * game's plates are ASCII letters, digits and spaces (plate.ts), for which TRIM and UPPER agree
 * with JavaScript's.
 */
const displayPlateSql = (plate: string) => `UPPER(TRIM(${plate}))`;

/**
 * The watch of a vehicles' table: keyed by the plate as the route answers it, hashing every
 * column the route reads and the owner's name through the join the plate lookup makes (the
 * vehicle's owner converted to the owner key's collation where they differ), so renaming a
 * citizen moves each of his vehicles.
 */
export function vehicleWatch(options: {
  tables: { vehicles: VehicleTable; owner: OwnerTable; maxColumnBytes: number };
  changes: VehicleChanges;
}): TableWatch {
  const { vehicles, owner, maxColumnBytes } = options.tables;
  const { changes } = options;
  const members = changes.ownerMembers;
  const parts = [
    ...vehicles.read.map(([, column]) => columnPart('v', column, maxColumnBytes)),
    ...owner.read.map(([, column]) => columnPart('o', column, maxColumnBytes, members ? { extract: members } : null)),
  ];
  const ownerKey = `\`o\`.${quoteIdentifier(owner.key.name)}`;
  const vehicleOwner = asCollationOf(`\`v\`.${quoteIdentifier(vehicles.owner.name)}`, vehicles.owner, owner.key);
  return {
    kind: 'vehicle',
    table: vehicles.name,
    from: `${quoteIdentifier(vehicles.name)} AS \`v\` LEFT JOIN ${quoteIdentifier(owner.name)} AS \`o\` ON ${ownerKey} = ${vehicleOwner}`,
    key: displayPlateSql(`\`v\`.${quoteIdentifier(vehicles.plate.name)}`),
    parts,
    maxColumnBytes,
    changedAt: null,
  };
}
