/**
 * µs per record of each normaliser alone, on rows as a lookup receives them, beside what any
 * normaliser must spend (JSON.parse of the row's JSON columns) and what a boundary clone of the row
 * and of the record costs. Runs in the server process.
 */
import { BoundaryCodec } from '../devkit/host/boundary-codec';
import { FORMATS, idOf, type Format } from './registry';
import { normalisers, type Row } from './resource-source';
import { SIZES, sizeOf, type Size } from './citizens';
import { median } from './stats';

export interface SizeFigures {
  /** The normaliser, µs per record. */
  normalise: number;
  /** JSON.parse alone of the row's JSON columns, as fresh: what any normaliser must spend. */
  parseOnly: number;
  /** One boundary clone (msgpack encode + decode), µs: of the row as oxmysql sends it, and of the record as the exports send it. */
  cloneRow: number;
  cloneRecord: number;
}
export type NormaliserFigures = Record<Format, Record<Size, SizeFigures>>;

/** Rows as oxmysql hands them to a resource, a few per format and size: `row(format, id)` asks the ceiling. */
export async function sampleRows(row: (format: Format, id: string) => Promise<Row>): Promise<Record<Format, Record<Size, Row[]>>> {
  const sample = { alpha: {}, beta: {} } as Record<Format, Record<Size, Row[]>>;
  for (const format of FORMATS) {
    for (const size of SIZES) sample[format][size] = [];
    for (let index = 0; index < 30; index++) sample[format][sizeOf(index)].push(await row(format, idOf(format, index)));
  }
  return sample;
}

/**
 * Each row freshly decoded by the host's boundary codec and normalised at once, as oxmysql's
 * callback does (a decoded string is a rope of one-character pieces until first read; read later,
 * after the garbage collector moved its pieces, flattening it costs several times more).
 */
export function measureNormaliser(sample: Record<Format, Record<Size, Row[]>>): NormaliserFigures {
  const codec = new BoundaryCodec();
  const noRef = () => {
    throw new Error('no function references in rows');
  };
  const clone = (value: unknown) => codec.clone(value, 'oxmysql', noRef);
  const parseOnly = (row: Row) => {
    for (const value of Object.values(row)) if (typeof value === 'string' && /^[[{]/.test(value)) JSON.parse(value);
  };
  /**
   * µs per call of `use` on a fresh clone of each sample row: for each row the median of its calls
   * (after a warm-up round), averaged over the rows. A median per row rather than a mean: on a busy
   * machine the few calls during which the process waited for a core take milliseconds more, and
   * the process's CPU clock is no better here, as it also counts V8's compiler and GC threads.
   */
  const timed = (rows: readonly unknown[], use: (fresh: unknown) => unknown) => {
    const perRow = rows.map((): number[] => []);
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 300; k++) {
        const fresh = clone(rows[k % rows.length]);
        const start = performance.now();
        use(fresh);
        if (round > 0) perRow[k % rows.length].push((performance.now() - start) * 1000);
      }
    }
    return perRow.reduce((sum, times) => sum + median(times), 0) / rows.length;
  };
  const figures = { alpha: {}, beta: {} } as NormaliserFigures;
  for (const format of FORMATS) {
    const normalise = normalisers[format];
    for (const size of SIZES) {
      const rows = sample[format][size];
      const records = rows.map((row) => normalise(clone(row) as Row));
      figures[format][size] = {
        normalise: timed(rows, (row) => normalise(row as Row)),
        parseOnly: timed(rows, (row) => parseOnly(row as Row)),
        cloneRow: timed(rows, clone),
        cloneRecord: timed(records, clone),
      };
    }
  }
  return figures;
}
