import {
  bucketRows,
  bucketSum,
  bucketsToRead,
  compareBuckets,
  compareRows,
  emptyKept,
  keptFrom,
  hasId,
  idsAfter,
  keptIds,
  MAX_BUCKETS,
  rebucketed,
  sortedIds,
  xorHashes,
  type HashedRow,
  type Kept,
  type SortedIds,
} from './kept';

const H1 = '0123456789abcdef';
const H2 = 'fedcba9876543210';
const H3 = '00000000ffffffff';
const Q1 = '1111111111111111';

/** A row as the database hands it; its quick hash the same as its hash unless given. */
const r = (id: string, crc: number, hash: string, quick = hash): HashedRow => ({ id, crc, hash, quick });

/** A kept state of `buckets` buckets holding `rows`, as a sweep that read every bucket would leave it. */
function keptOf(buckets: number, rows: HashedRow[]): Kept {
  const start: Kept = { buckets, rows: Array(buckets).fill(''), sums: '0'.repeat(24 * buckets) };
  const every = Array.from({ length: buckets }, (_, bucket) => bucket);
  return compareBuckets({ kept: start, kind: 'citizen', buckets: every, rows }).kept;
}

describe('xorHashes', () => {
  test('XORs 64-bit hex values in two halves, as BIT_XOR does', () => {
    expect(xorHashes([H1, H2])).toBe('ffffffffffffffff');
    expect(xorHashes([H1, H1])).toBe('0000000000000000');
    expect(xorHashes([H1, H2, H3])).toBe('ffffffff00000000');
    expect(xorHashes([])).toBe('0000000000000000');
  });
});

describe('the kept sums against the database', () => {
  const kept = keptOf(4, [r('a', 1, H1), r('b', 5, H2), r('c', 2, H3)]);

  test('keeps per bucket the row count and the XOR of its quick hashes', () => {
    expect([0, 1, 2, 3].map((b) => bucketSum(kept, b))).toEqual([null, [2, 'ffffffffffffffff'], [1, H3], null]);
  });

  test('holds them as the database is handed them: every bucket in turn as 24 upper-case hex digits, zeros where none is kept', () => {
    const zeros = '0'.repeat(24);
    expect(kept.sums).toBe(`${zeros}00000002FFFFFFFFFFFFFFFF00000001${H3.toUpperCase()}${zeros}`);
    expect(emptyKept().sums).toBe(zeros);
  });

  test('nothing reported moved and the same row count: nothing to read', () => {
    expect(bucketsToRead(kept, { moved: new Map(), rows: 3 })).toEqual([]);
  });

  test('reads the buckets reported moved, in order: a sum that differs, a bucket only the database has', () => {
    const moved = new Map([
      [3, [1, H2] as const],
      [1, [3, 'ffffffffffffffff'] as const],
    ]);
    expect(bucketsToRead(kept, { moved, rows: 5 })).toEqual([1, 3]);
  });

  test('a kept bucket the database no longer has (no sum comes back for it): the whole table', () => {
    expect(bucketsToRead(kept, { moved: new Map(), rows: 2 })).toBe('all');
    expect(bucketsToRead(kept, { moved: new Map([[1, [1, H1] as const]]), rows: 1 })).toBe('all');
    expect(bucketsToRead(kept, { moved: new Map([[1, [1, H1] as const]]), rows: 2 })).toEqual([1]);
  });
});

/** Every id of a sorted list, in order. */
const listed = (ids: SortedIds) => idsAfter(ids, null, Number.POSITIVE_INFINITY);

/** The rows of one bucket as an object, to compare. */
const rowsOf = (kept: Kept, bucket: number) => Object.fromEntries(bucketRows(kept, bucket));

describe('compareBuckets', () => {
  const kept = keptOf(4, [r('a', 1, H1), r('b', 5, H2), r('c', 2, H3)]);

  test('in the buckets read: a new id and a moved hash are upserts, a missing id a delete; other buckets untouched', () => {
    const result = compareBuckets({
      kept,
      kind: 'vehicle',
      buckets: [1],
      rows: [r('b', 5, H3), r('d', 9, H1)],
    });
    expect(result.changes).toEqual([
      { kind: 'vehicle', id: 'a', op: 'delete' },
      { kind: 'vehicle', id: 'b', op: 'upsert' },
      { kind: 'vehicle', id: 'd', op: 'upsert' },
    ]);
    expect(rowsOf(result.kept, 1)).toEqual({ b: [5, H3, H3], d: [9, H1, H1] });
    expect(bucketSum(result.kept, 1)).toEqual([2, xorHashes([H3, H1])]);
    expect(result.kept.rows[2]).toBe(kept.rows[2]);
  });

  test('the same rows again: no change; the input is not mutated', () => {
    const before = JSON.stringify(kept);
    const result = compareBuckets({
      kept,
      kind: 'citizen',
      buckets: [1],
      rows: [r('a', 1, H1), r('b', 5, H2)],
    });
    expect(result.changes).toEqual([]);
    expect(JSON.stringify(kept)).toBe(before);
  });

  test('a quick hash that moved with the hash unchanged (a save of position or armour alone): no change, the new quick hash kept and summed', () => {
    const result = compareBuckets({ kept, kind: 'citizen', buckets: [2], rows: [r('c', 2, H3, Q1)] });
    expect(result.changes).toEqual([]);
    expect(rowsOf(result.kept, 2)).toEqual({ c: [2, H3, Q1] });
    expect(bucketSum(result.kept, 2)).toEqual([1, Q1]);
  });

  test('a bucket emptied is dropped with its sum', () => {
    const result = compareBuckets({ kept, kind: 'citizen', buckets: [2], rows: [] });
    expect(result.changes).toEqual([{ kind: 'citizen', id: 'c', op: 'delete' }]);
    expect(result.kept.rows[2]).toBe('');
    expect(bucketSum(result.kept, 2)).toBeNull();
  });

  test('one id of several rows (a table without a unique key): one change, whatever order they come in', () => {
    const twice = keptOf(4, [r('x', 3, H1), r('x', 3, H2)]);
    expect(bucketSum(twice, 3)).toEqual([2, 'ffffffffffffffff']);
    const swapped = compareBuckets({
      kept: twice,
      kind: 'citizen',
      buckets: [3],
      rows: [r('x', 3, H2), r('x', 3, H1)],
    });
    expect(swapped.changes).toEqual([]);
    const moved = compareBuckets({
      kept: twice,
      kind: 'citizen',
      buckets: [3],
      rows: [r('x', 3, H2), r('x', 3, H3)],
    });
    expect(moved.changes).toEqual([{ kind: 'citizen', id: 'x', op: 'upsert' }]);
  });
});

describe('compareRows (a poll)', () => {
  const kept = keptOf(4, [r('a', 1, H1)]);

  test('a row read again unchanged is nothing, and the same kept object comes back', () => {
    const result = compareRows({ kept, kind: 'citizen', rows: [r('a', 1, H1)] });
    expect(result).toEqual({ kept, changes: [] });
    expect(result.kept).toBe(kept);
  });

  test('a row whose quick hash alone moved is nothing, but is kept so the next sweep finds its bucket as it is', () => {
    const result = compareRows({ kept, kind: 'citizen', rows: [r('a', 1, H1, Q1)] });
    expect(result.changes).toEqual([]);
    expect(rowsOf(result.kept, 1)).toEqual({ a: [1, H1, Q1] });
    expect(bucketSum(result.kept, 1)).toEqual([1, Q1]);
  });

  test('a moved or new row is an upsert and is kept; nothing is deleted', () => {
    const result = compareRows({ kept, kind: 'citizen', rows: [r('b', 6, H2)] });
    expect(result.changes).toEqual([{ kind: 'citizen', id: 'b', op: 'upsert' }]);
    expect(rowsOf(result.kept, 1)).toEqual({ a: [1, H1, H1] });
    expect(rowsOf(result.kept, 2)).toEqual({ b: [6, H2, H2] });
    expect(bucketSum(result.kept, 2)).toEqual([1, H2]);
  });
});

describe('rebucketed', () => {
  const rows = (n: number): HashedRow[] => Array.from({ length: n }, (_, i) => r(`id${i}`, i * 7919, H1));

  test('reading the whole table spreads it over a power of two near 8 rows a bucket', () => {
    const read = compareBuckets({ kept: emptyKept(), kind: 'citizen', buckets: 'all', rows: rows(1000) });
    expect(read.kept.buckets).toBe(128);
    expect(read.changes).toHaveLength(1000);
  });

  test('grows to a power of two near 8 rows a bucket, keeping every row and its sums consistent', () => {
    const grown = rebucketed(keptOf(1, rows(1000)));
    expect(grown.buckets).toBe(128);
    expect(listed(keptIds(grown))).toHaveLength(1000);
    let total = 0;
    for (let bucket = 0; bucket < 128; bucket++) {
      for (const [crc] of bucketRows(grown, bucket).values()) expect(crc % 128).toBe(bucket);
      total += bucketSum(grown, bucket)?.[0] ?? 0;
    }
    expect(total).toBe(1000);
  });

  test('stays within a factor of 4, so a table near a boundary does not flip; never past MAX_BUCKETS', () => {
    const kept = keptOf(64, rows(1000));
    expect(rebucketed(kept)).toBe(kept);
    expect(rebucketed(keptOf(16, rows(1000))).buckets).toBe(128);
    expect(rebucketed(keptOf(1, rows(200_000))).buckets).toBe(MAX_BUCKETS);
  });
});

describe('keptIds and keptFrom', () => {
  const kept = keptOf(4, [r('b', 5, H2), r('a', 1, H1), r('B', 2, H3)]);

  test('keptIds: every id in code-unit order', () => {
    expect(listed(keptIds(kept))).toEqual(['B', 'a', 'b']);
  });

  test('idsAfter: a page after an id kept, after one between two, past the last; at most `count`', () => {
    const ids = sortedIds(['b', 'é', 'a', 'bb', 'B']);
    expect(idsAfter(ids, null, 2)).toEqual(['B', 'a']);
    expect(idsAfter(ids, 'a', 2)).toEqual(['b', 'bb']);
    expect(idsAfter(ids, 'ba', 10)).toEqual(['bb', 'é']);
    expect(idsAfter(ids, 'é', 10)).toEqual([]);
    expect(idsAfter(sortedIds([]), null, 10)).toEqual([]);
  });

  test('hasId: an id held, one between two, before the first, past the last', () => {
    const ids = sortedIds(['b', 'a', 'bb']);
    expect(['a', 'b', 'bb', 'ba', 'A', 'c'].map((id) => hasId(ids, id))).toEqual([true, true, true, false, false, false]);
    expect(hasId(sortedIds([]), 'a')).toBe(false);
  });

  test('keptFrom reads back what JSON made of it, sums recomputed', () => {
    const read = keptFrom(JSON.parse(JSON.stringify({ ...kept, sums: '0'.repeat(96) })));
    expect(read).toEqual(kept);
  });

  test('an id with spaces, a backslash or a line feed is kept and read back as it is', () => {
    const odd = ['A B  C', 'back\\slash\\n', 'line\nfeed', ''];
    const withOdd = keptOf(
      4,
      odd.map((id, i) => r(id, i, H1)),
    );
    expect(listed(keptIds(withOdd))).toEqual([...odd].sort());
    expect(keptFrom(JSON.parse(JSON.stringify(withOdd)))).toEqual(withOdd);
  });

  test('keptFrom refuses what a sweep never wrote', () => {
    const line = (crc: string, hashes: string, quick: string, id = 'a') => `${crc} ${hashes} ${quick} ${id}`;
    for (const bad of [
      null,
      [],
      { buckets: 0, rows: [] },
      { buckets: 4, rows: {} },
      { buckets: 4, rows: ['', '', ''] },
      { buckets: 4, rows: ['', line('00000002', H1, H1), '', ''] },
      { buckets: 4, rows: ['', line('00000001', 'xyz', H1), '', ''] },
      { buckets: 4, rows: ['', `00000001 ${H1} a`, '', ''] },
      { buckets: 4, rows: ['', line('00000001', `${H1},${H2}`, H1), '', ''] },
      { buckets: 4, rows: ['', `${line('00000001', H1, H1)}\n${line('00000005', H2, H2)}`, '', ''] },
      { buckets: 4, rows: ['', 7, '', ''] },
      { buckets: 4.5, rows: [] },
    ]) {
      expect(keptFrom(bad)).toBeNull();
    }
  });
});
