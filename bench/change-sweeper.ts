/**
 * A bench-only resource (bundled by scenarios/changes.ts into the `changes` server's host): the
 * change feed's sweeps through the oxmysql adapter, as the feed will run them on FXServer's main
 * thread, one export call per sweep so the bench times each (its CPU, and its wall time: the
 * database's work plus the crossings).
 *
 * `sweep(table, mode)`: one sweep of `table` ('alpha citizens', 'alpha vehicles', 'beta citizens',
 * 'beta vehicles'). `idle` compares with the hashes of the table as it is (nothing changed);
 * `changed` with those of before 1 % of its rows were changed, so every such sweep finds the same
 * 1 % again. The first call for a table prepares it: a full sweep, the change of 1 % of its rows
 * (a column its route answers, harmless to the other scenarios), a second full sweep; that happens
 * in the warm-up block. Resolves `{ success: true }` only when the sweep found what it must.
 */
import {
  citizenWatch,
  emptyKept,
  readDialect,
  sweepTable,
  vehicleWatch,
  type Dialect,
  type Kept,
  type TableWatch,
} from '../src/changes/detect';
import { createOxmysqlDatabase } from '../src/db/oxmysql';
import { natives } from '../src/natives';
import { alphaFormat } from '../src/formats/alpha';
import { betaFormat } from '../src/formats/beta';
import { prepareVehicles } from '../src/vehicles/prepare';
import type { FormatOptions } from '../src/formats/format';
import type { AnyFormat } from '../src/formats/registry';

const LIMIT_MS = 60_000;
const db = createOxmysqlDatabase({ timeoutMs: LIMIT_MS, resourceName: 'change_sweeper', now: () => Date.now() });
const run = (sql: string, params: readonly unknown[]) => db.scan(sql, params, LIMIT_MS);

const options: FormatOptions = {
  warn: () => undefined,
  dobOrder: 'DMY',
  groups: () => undefined,
  info: () => undefined,
  now: () => Date.now(),
  maxColumnBytes: 4_194_304,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  vehicles: () => undefined,
};

/** Each table: its format, whether its vehicles, and the change made to the given number of its rows (picked by a hash of the key unrelated to the sweep's buckets). */
const TABLES: Record<string, { format: AnyFormat; vehicles: boolean; change: string }> = {
  'alpha citizens': {
    format: alphaFormat,
    vehicles: false,
    change: "UPDATE users SET job_grade = job_grade + 1 ORDER BY CRC32(CONCAT('bench', identifier)) LIMIT ?",
  },
  'alpha vehicles': {
    format: alphaFormat,
    vehicles: true,
    change: "UPDATE owned_vehicles SET stored = 1 - stored ORDER BY CRC32(CONCAT('bench', plate)) LIMIT ?",
  },
  'beta citizens': {
    format: betaFormat,
    vehicles: false,
    change: "UPDATE players SET cid = cid + 1 ORDER BY CRC32(CONCAT('bench', citizenid)) LIMIT ?",
  },
  'beta vehicles': {
    format: betaFormat,
    vehicles: true,
    change: "UPDATE player_vehicles SET fuel = fuel - 1 ORDER BY CRC32(CONCAT('bench', plate)) LIMIT ?",
  },
};

interface Prepared {
  watch: TableWatch;
  dialect: Dialect;
  /** The hashes before the change, and after it. */
  before: Kept;
  after: Kept;
  /** How many ids the change moved. */
  changed: number;
}

async function watchOf(table: string): Promise<TableWatch> {
  const { format, vehicles } = TABLES[table];
  if (vehicles) {
    const prepared = await prepareVehicles(db, format, options);
    if ('missing' in prepared) throw new Error(`${prepared.missing} missing`);
    return vehicleWatch({ tables: prepared.lookups.watched, changes: format.changes.vehicles });
  }
  const lookups = await format.prepare(db, options);
  if (!lookups?.watched) throw new Error(`${format.name} unavailable`);
  return citizenWatch({ table: lookups.watched, changes: format.changes.citizens });
}

const prepared = new Map<string, Promise<Prepared>>();

async function prepare(table: string): Promise<Prepared> {
  const dialect = await readDialect({ run });
  if ('error' in dialect) throw dialect.error;
  const watch = await watchOf(table);
  const first = await sweepTable({ run, watch, dialect: dialect.dialect, kept: emptyKept() });
  if ('error' in first) throw first.error;
  // 1 % of the rows, at least one.
  await db.query(TABLES[table].change, [Math.ceil(first.changes.length / 100)]);
  const second = await sweepTable({ run, watch, dialect: dialect.dialect, kept: first.kept });
  if ('error' in second) throw second.error;
  return { watch, dialect: dialect.dialect, before: first.kept, after: second.kept, changed: second.changes.length };
}

natives.registerExport('sweep', async (table: string, mode: 'idle' | 'changed') => {
  let ready = prepared.get(table);
  if (!ready) {
    ready = prepare(table);
    prepared.set(table, ready);
  }
  const { watch, dialect, before, after, changed } = await ready;
  const result = await sweepTable({ run, watch, dialect, kept: mode === 'idle' ? after : before });
  if ('error' in result) return { success: false, error: result.error.message };
  const expected = mode === 'idle' ? 0 : changed;
  // 1 % of the rows changed, and found again each time.
  if (changed === 0 || result.changes.length !== expected)
    return { success: false, error: `${result.changes.length} changes, ${expected} expected` };
  return { success: true };
});
