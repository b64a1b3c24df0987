/**
 * Change detection: which citizens and vehicles changed in the database, found in SQL without
 * reading the tables through oxmysql (docs/design.md §2.10). This is the contract the feed codes
 * against; everything here is a value in, a value out.
 *
 * Per table, once per prepare of its format:
 * - `citizenWatch({ table: lookups.watched, changes: format.changes.citizens })` and
 *   `vehicleWatch({ tables: vehicleLookups.watched, changes: format.changes.vehicles })` build its
 *   TableWatch: plain data (the SQL of its key and row hash). A watch is built for the columns of
 *   one prepare: after the format is prepared again (a schema change), build it again; the hashes
 *   then differ where the columns did, and those rows come out as upserts once.
 * - `readDialect({ run })` once per database connection: whether the server has JSON functions.
 *
 * Per sweep (every changes_sweep_ms) and poll (every changes_poll_ms, where `watch.changedAt` is
 * not null), one at a time per table, each with the kept state the previous one returned:
 * - `sweepTable({ run, watch, dialect, kept })` → `{ kept, changes }` or `{ error }`: inserts,
 *   updates and deletes since `kept`. Starting from `emptyKept()`, every row is an upsert.
 * - `pollTable({ run, watch, dialect, kept, since })` → `{ kept, changes, since }` or `{ error }`:
 *   inserts and updates on the indexed change column since `since` (null the first time: it only
 *   reads the database's clock; poll once before the first sweep so nothing falls between them).
 *   Keep the `since` it returns, also in the state file.
 *
 * `run` is the bounded scan (ScanningDatabase.scan with the search time limit): every statement
 * is a read-only SELECT the database itself stops. `{ error }` carries the DatabaseError (lost,
 * timed out, stopping); the kept state given stays the one to use, so the next call finds what
 * changed meanwhile. They reject only on a bug.
 *
 * A change is `{ kind: 'citizen' | 'vehicle', id, op: 'upsert' | 'delete' }`, `id` the route's
 * (`identifier`, `citizenid`, the plate as the vehicle route answers it), in id order per call.
 * A save of the same values, or of the fields that move at every save alone (position, health,
 * armour, beta last_updated), is no change.
 *
 * `Kept` is JSON as it is: save it as it is, read it back with `keptFrom(json)` (null: not a kept
 * state, start from emptyKept()). `keptIds(kept)` lists every id in code-unit order, for the
 * snapshot walk, packed; `idsAfter(list, after, count)` reads a page of it. Inputs are never mutated; an idle sweep returns the same `kept` object.
 */
export { readDialect, sweepTable, pollTable, POLL_MARGIN_SECONDS, type Detected } from './detect';
export { emptyKept, hasId, idsAfter, keptFrom, keptIds, sortedIds, type Change, type Kept, type SortedIds } from './kept';
export { citizenWatch, vehicleWatch } from './tables';
export type { ChangeKind, Dialect, TableWatch } from './watch';
