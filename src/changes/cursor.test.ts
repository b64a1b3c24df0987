import { decodeCursor, encodeCursor, type CursorKey, type CursorPosition } from './cursor';

const key: CursorKey = { instance: 'inst-a', secret: Buffer.alloc(32, 1) };
const other: CursorKey = { instance: 'inst-b', secret: Buffer.alloc(32, 2) };

describe('feed cursors', () => {
  test.each<CursorPosition>([
    { run: 3, phase: 'log', seq: 42 },
    { run: 0, phase: 'snapshot', since: 7, kind: 'vehicle', after: 'AB 123' },
    { run: 1, phase: 'snapshot', since: 0, kind: 'citizen', after: null },
  ])('a cursor reads back as the position it was made of: %j', (position) => {
    expect(decodeCursor(encodeCursor('beta', position, key), 'beta', key)).toEqual({ ok: true, position });
  });

  test('garbage is 400 invalid_query', () => {
    for (const text of ['', 'abc', 'x'.repeat(2000), 'eyJ9.AAAAAAAAAAAAAAAAAAAAAA', '%%%.%%%']) {
      expect(decodeCursor(text, 'beta', key)).toMatchObject({ ok: false, code: 'invalid_query' });
    }
  });

  test('a cursor of this instance with a changed position or signature is 400 invalid_query', () => {
    const cursor = encodeCursor('beta', { run: 0, phase: 'log', seq: 1 }, key);
    const [payload, signature] = cursor.split('.');
    const moved = Buffer.from(JSON.stringify([1, 'beta', 'inst-a', 0, 'l', 1000])).toString('base64url');
    expect(decodeCursor(`${moved}.${signature}`, 'beta', key)).toMatchObject({ ok: false, code: 'invalid_query' });
    const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(decodeCursor(flipped, 'beta', key)).toMatchObject({ ok: false, code: 'invalid_query' });
  });

  test("another instance's cursor (another server, or a lost state) is 410 cursor_expired", () => {
    const theirs = encodeCursor('beta', { run: 0, phase: 'log', seq: 1 }, other);
    expect(decodeCursor(theirs, 'beta', key)).toMatchObject({ ok: false, code: 'cursor_expired' });
  });

  test("another format's cursor is 400 naming the format it belongs to", () => {
    const alpha = encodeCursor('alpha', { run: 0, phase: 'log', seq: 1 }, key);
    const read = decodeCursor(alpha, 'beta', key);
    expect(read).toMatchObject({ ok: false, code: 'invalid_query' });
    expect(!read.ok && read.message).toContain('alpha');
  });
});
