import type { Database, Row } from '../../db/database';
import { adviseIndexes, readTableColumns, type TableColumn } from '../../db/table-columns';
import { quoteIdentifier } from '../../db/sql';
import type { DateOrder } from '../../values/calendar-date';
import { chooseDobOrder, DOB_SAMPLE_ROWS } from './dob-order';
import { warnOversize } from '../../db/oversize';
import { MAX_CITIZENS_PER_LICENSE } from '../../contract/operations';
import { compareCodeUnits } from '../../values/compare';
import { mergeLive, mergeRead, metOfRead, queriesWithout, type FormatLookups, type FormatOptions, type LiveContext } from '../format';
import { metNobody, metTogether, type Looked } from '../../lookup/looked';
import { alphaLiveColumns, mergeAlphaLive } from './live';
import {
  alphaIdsQuery,
  alphaUserQuery,
  hasUserAccountsColumns,
  hasUserInventoryColumns,
  selectAlphaColumns,
  USER_ACCOUNTS_QUERY,
  USER_INVENTORY_QUERY,
} from './query';
import { alphaIdCandidates, alphaLicenseIds, characterSlot } from './id';
import { normaliseAlphaRow, type AlphaSource } from './normalise';
import { prepareAlphaSearch } from './search';
import { alphaWatchedTable } from './changes';
import type { AlphaRecord } from './schema';

/** The order of this server's `dateofbirth` strings: the convar's, or under `auto` a bounded sample's. */
async function dobOrder(db: Database, columns: ReadonlyMap<string, TableColumn>, options: FormatOptions): Promise<DateOrder> {
  if (options.dobOrder !== 'auto') return options.dobOrder;
  const column = columns.get('dateofbirth');
  if (!column) return 'DMY';
  const rows = await db.query(`SELECT ${quoteIdentifier(column.name)} AS d FROM \`users\` LIMIT ${DOB_SAMPLE_ROWS}`, []);
  const choice = chooseDobOrder(rows.map((r) => r.d));
  options.info(
    `esx_dob_format auto: reading dateofbirth as ${choice.order} (of ${rows.length} stored dates: ${choice.dayFirst} only day-first, ` +
      `${choice.monthFirst} only month-first, ${choice.ambiguous} either; set citizen_records:esx_dob_format to override)`,
  );
  return choice.order;
}

/**
 * Where a citizen's accounts and items are kept besides `users` (ESX 1.1's `user_accounts`, 1.0's
 * `user_inventory`): `accounts` is `row` where `users.accounts` holds them, `table` where
 * `user_accounts` does, `none` where neither (an empty list); `inventory` is true where
 * `user_inventory` holds the items. Advises the index each side table's lookup needs.
 */
interface SideTables {
  accounts: 'row' | 'table' | 'none';
  inventory: boolean;
}

async function findSideTables(db: Database, columns: ReadonlyMap<string, TableColumn>, warn: FormatOptions['warn']): Promise<SideTables> {
  const accounts = columns.has('accounts') ? 'row' : hasUserAccountsColumns(await readTableColumns(db, 'user_accounts')) ? 'table' : 'none';
  const inventory = !columns.has('inventory') && hasUserInventoryColumns(await readTableColumns(db, 'user_inventory'));
  if (accounts === 'table') await adviseIndexes(db, 'user_accounts', ['identifier'], warn);
  if (inventory) await adviseIndexes(db, 'user_inventory', ['identifier'], warn);
  return { accounts, inventory };
}

/** A citizen's rows of the side tables this server has (none where `users` holds everything). */
async function readSideTables(
  db: Database,
  side: SideTables,
  identifier: unknown,
): Promise<Pick<AlphaSource, 'userAccounts' | 'userInventory'>> {
  const [userAccounts, userInventory] = await Promise.all([
    side.accounts === 'row' ? undefined : side.accounts === 'table' ? db.query(USER_ACCOUNTS_QUERY, [identifier]) : [],
    side.inventory ? db.query(USER_INVENTORY_QUERY, [identifier]) : undefined,
  ]);
  return { userAccounts, userInventory };
}

/** The row of the first of the id's candidates that has one. */
async function findAlphaRow(db: Database, userQuery: string, id: string): Promise<Row | null> {
  for (const candidate of alphaIdCandidates(id)) {
    const row = await db.single(userQuery, [candidate]);
    if (row) return row;
  }
  return null;
}

/**
 * Reads the columns of `users` once and binds the lookup to them. Null when this server has no
 * ESX `users` table: none at all, or one without `identifier` (Qbox creates a `users` table of
 * its own, keyed by `userId`).
 */
export async function prepareAlpha(db: Database, options: FormatOptions): Promise<FormatLookups<AlphaRecord> | null> {
  const columns = await readTableColumns(db, 'users');
  if (!columns?.has('identifier')) return null;
  const selected = selectAlphaColumns(columns);
  const normaliseOptions = { warn: options.warn, dobOrder: await dobOrder(db, columns, options) };
  const search = prepareAlphaSearch(columns, { ...normaliseOptions, maxColumnBytes: options.maxColumnBytes });
  const userQuery = alphaUserQuery(selected, options.maxColumnBytes);
  const { esxCharacterPrefix: prefix, esxMaxCharacters: slots } = options;
  const licenseQuery = alphaIdsQuery(selected, options.maxColumnBytes, slots + 2, MAX_CITIZENS_PER_LICENSE);
  const side = await findSideTables(db, columns, options.warn);
  const sideTablesAbsent = side.accounts === 'row' && !side.inventory;
  const indexes = await adviseIndexes(db, 'users', ['identifier'], options.warn);
  const findRow = (id: string) => findAlphaRow(db, userQuery, id);

  const toRecord = async (row: Row, live?: LiveContext): Promise<Looked<AlphaRecord>> => {
    warnOversize(row, String(row.identifier), options);
    // An online citizen: the framework's accounts and items stand for user_accounts/user_inventory too.
    const { value: merged, met } = await mergeLive(live, String(row.identifier), (parts) => mergeAlphaLive({ row }, parts));
    if (merged) return { value: normaliseAlphaRow(merged, normaliseOptions), met };
    // Servers with both columns in `users` (every ESX from 1.2 on): no side table to wait for, so
    // no Promise.all and its extra turn of the event loop on each lookup.
    if (sideTablesAbsent) return { value: normaliseAlphaRow({ row }, normaliseOptions), met };
    const { userAccounts, userInventory } = await readSideTables(db, side, row.identifier);
    return { value: normaliseAlphaRow({ row, userAccounts, userInventory }, normaliseOptions), met };
  };

  const liveQuery = queriesWithout((replaced) =>
    alphaUserQuery(
      selected.filter((column) => !replaced.has(column.key)),
      options.maxColumnBytes,
    ),
  );

  return {
    search,
    watched: alphaWatchedTable({ columns, selected, indexes, maxColumnBytes: options.maxColumnBytes }),
    async byId(id, live) {
      // The framework is asked first only where one identifier is looked up and `users` alone holds
      // the citizen (no side tables): then its values stand for the accounts, job, group, items,
      // loadout and metadata columns (most of the row's bytes, and of its crossing of oxmysql's
      // export), which are not read.
      if (!live || !sideTablesAbsent || alphaIdCandidates(id).length !== 1) {
        const row = await findRow(id);
        return row ? toRecord(row, live) : metNobody(null);
      }
      const read = await live.read(id);
      const replaced = read.parts && alphaLiveColumns(read.parts);
      const row = await db.single(replaced ? liveQuery(replaced) : userQuery, [id]);
      if (!row) return metNobody(null);
      // The key matched a row stored otherwise (the column's collation ignores case and trailing
      // spaces): the framework's player is kept under the stored identifier, which the whole row's
      // lookup asks for.
      if (row.identifier !== id) {
        const whole = replaced ? await db.single(userQuery, [id]) : row;
        if (!whole) return { value: null, met: metOfRead(read) };
        const looked = await toRecord(whole, live);
        return { value: looked.value, met: metTogether([looked.met, metOfRead(read)]) };
      }
      warnOversize(row, id, options);
      const { value: merged, met } = mergeRead(live, read, (answered) => mergeAlphaLive({ row }, answered, replaced));
      return { value: normaliseAlphaRow(merged ?? { row }, normaliseOptions), met };
    },
    async byLicense(license, live) {
      const rows = await db.query(licenseQuery, alphaLicenseIds(license.hex, prefix, slots));
      const looked = await Promise.all(rows.map((row) => toRecord(row, live)));
      const slot = (r: AlphaRecord) => characterSlot(r.identifier, prefix);
      const records = looked.map((l) => l.value).sort((a, b) => slot(a) - slot(b) || compareCodeUnits(a.identifier, b.identifier));
      return { value: records, met: metTogether(looked.map((l) => l.met)) };
    },
  };
}
