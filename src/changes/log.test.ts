import { appendChange, canReadFrom, dropOlderThan, emptyLog, readAfter, restoreLog, saveLog, type Change } from './log';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const change = (id: string, ms = 0, op: Change['op'] = 'upsert'): Change => ({ kind: 'citizen', id, op, source: 'database', at: at(ms) });
const ids = (entries: Array<{ id: string }>) => entries.map((e) => e.id);

describe('the kept log', () => {
  test('numbers changes in order and reads them after a sequence, a page at a time', () => {
    const log = emptyLog();
    for (const id of ['A', 'B', 'C', 'D']) appendChange(log, change(id));
    expect(log.head).toBe(4);
    expect(ids(readAfter(log, 0, 2))).toEqual(['A', 'B']);
    expect(readAfter(log, 2, 10).map((e) => e.seq)).toEqual([3, 4]);
    expect(readAfter(log, 4, 10)).toEqual([]);
  });

  test('a newer change of an id replaces the older one: one entry per id, at its newest place', () => {
    const log = emptyLog();
    appendChange(log, change('A'));
    appendChange(log, change('B'));
    appendChange(log, change('A', 0, 'delete'));
    expect(readAfter(log, 0, 10).map((e) => [e.id, e.op, e.seq])).toEqual([
      ['B', 'upsert', 2],
      ['A', 'delete', 3],
    ]);
    // A reader past B's place still sees A's delete; one past A's first place (1) sees both.
    expect(ids(readAfter(log, 2, 10))).toEqual(['A']);
    expect(ids(readAfter(log, 1, 10))).toEqual(['B', 'A']);
  });

  test('memory stays bounded by ids however many changes come, and reads stay right across compactions', () => {
    const log = emptyLog();
    for (let round = 0; round < 50; round += 1) for (let i = 0; i < 20; i += 1) appendChange(log, change(`id${i}`, round));
    expect(log.entries.length).toBeLessThanOrEqual(20 * 2 + 65);
    expect(readAfter(log, 0, 100)).toHaveLength(20);
    expect(readAfter(log, log.head - 5, 100).map((e) => e.seq)).toEqual([996, 997, 998, 999, 1000]);
  });

  test('entries older than the kept age are dropped, and a reader before them can no longer read on', () => {
    const log = emptyLog();
    appendChange(log, change('A', 1000));
    appendChange(log, change('B', 2000));
    appendChange(log, change('C', 3000));
    expect(dropOlderThan(log, Date.parse(at(2500)))).toBe(2);
    expect(log.floor).toBe(2);
    expect(ids(readAfter(log, 0, 10))).toEqual(['C']);
    expect(canReadFrom(log, 1)).toBe(false);
    expect(canReadFrom(log, 2)).toBe(true);
    expect(canReadFrom(log, 4)).toBe(false);
  });

  test('saved and restored, it reads the same and numbers on from its head', () => {
    const log = emptyLog();
    for (const id of ['A', 'B', 'A']) appendChange(log, change(id), id === 'B');
    const restored = restoreLog(JSON.parse(JSON.stringify(saveLog(log))));
    expect(readAfter(restored, 0, 10)).toEqual(readAfter(log, 0, 10));
    expect(readAfter(restored, 0, 10).map((e) => e.merged)).toEqual([true, false]);
    expect(appendChange(restored, change('B')).seq).toBe(4);
    expect(ids(readAfter(restored, 0, 10))).toEqual(['A', 'B']);
  });
});
