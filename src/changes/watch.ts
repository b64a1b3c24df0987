/**
 * What the feed asks of detection for one format (src/changes/detect/ answers it in SQL): which
 * rows moved since the data it kept last time, and which ids exist now, for the snapshot. The feed
 * never reads a table itself; it looks up only the rows detection names.
 */
import type { ChangeKind, ChangeOp } from '../contract/changes';
import type { SortedIds } from './detect';

/** A row detection saw appear, move or go: `upsert` for the first two. */
export interface DetectedChange {
  kind: ChangeKind;
  id: string;
  op: ChangeOp;
}

/** What one pass of detection found: the data to keep for the next pass, or why it could not look. */
export type Detection = { kept: unknown; changes: readonly DetectedChange[] } | { error: string };

export interface FormatWatch {
  /**
   * Every table of the format compared with `kept` (null: nothing kept yet, which reports no change
   * and keeps the current rows). Plain JSON-serialisable `kept`: it goes in the state file.
   */
  sweep(kept: unknown): Promise<Detection>;
  /** The rows changed since the last look where a table has an indexed change time; the sweep's job elsewhere. */
  poll(kept: unknown): Promise<Detection>;
  /** The ids of `kind` that `kept` holds, in code-unit order: what a snapshot walks. */
  ids(kept: unknown, kind: ChangeKind): SortedIds;
}
