/**
 * Property-based (fast-check): thousands of hostile ids, raw paths and column contents thrown at
 * both routes and both exports. Never a 500, never an unanswered request, never a query for an
 * invalid id, and the export's value always equals the HTTP body (docs/design.md §4, §6).
 */
import fc from 'fast-check';
import { isValidAlphaId } from '../../src/formats/alpha/id';
import { isValidBetaId } from '../../src/formats/beta/id';
import { startHarness, type Harness } from '../../devkit/resource-harness';
import { bothWays, errorOf, withoutRequestId } from '../../devkit/both-ways';

const ALPHA_ID = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';
const BETA_ID = 'KQW48213';
/** Ids as attackers and careless callers send them: valid ones, near misses, unicode, huge. */
const ids = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9:_.-]{1,64}$/),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '.',
    '..',
    '...',
    'license:',
    `license:${'f'.repeat(40)}`,
    '%',
    '%00',
    '\u0000',
    'a'.repeat(65),
    'A'.repeat(51),
    '__proto__',
    'constructor',
  ),
);

/** Raw request targets: only characters an HTTP request line can carry. */
const rawPaths = fc
  .array(
    fc.constantFrom(..."/abcz.AZ09%?#:;-_~!$&'()*+,=@[]".split(''), 'alpha', 'beta', 'citizens', 'health', '%2F', '%2e', '%E0%A4%A', '%FF'),
    { maxLength: 20 },
  )
  .map((parts) => `/${parts.join('')}`);

describe('hostile requests', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('hostile_requests', ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql', 'qbcore.sql']);
    expect(JSON.parse((await h.request('/health')).body).data.formats).toEqual({ alpha: 'available', beta: 'available' });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('ids: never a 500, never a query for an invalid one, the export equal to the HTTP body', async () => {
    await fc.assert(
      fc.asyncProperty(ids, fc.constantFrom('alpha', 'beta'), async (id, format) => {
        const valid = format === 'alpha' ? isValidAlphaId(id) : isValidBetaId(id);
        const before = h.oxmysql.queriesAsked;
        const exportName = format === 'alpha' ? 'getAlphaCitizen' : 'getBetaCitizen';
        const { status, http, viaExport } = await bothWays(h, `/${format}/citizens/${encodeURIComponent(id)}`, exportName, id);
        expect(status).not.toBe(500);
        if (['', '.', '..'].includes(id)) {
          // No path can carry these as a segment (docs/design.md §7): `/{format}/citizens/` is the
          // search (which needs a name or a phone), a dot segment names no route; the export says why.
          expect(errorOf(http).code).toBe(id === '' ? 'invalid_query' : 'route_not_found');
          expect(errorOf(viaExport).code).toBe('invalid_id');
          expect(h.oxmysql.queriesAsked).toBe(before);
          return;
        }
        expect(viaExport).toEqual(withoutRequestId(http));
        if (!valid) {
          expect(status).toBe(400);
          expect(h.oxmysql.queriesAsked).toBe(before);
        }
      }),
      { numRuns: 600 },
    );
  });

  test('exports called with values that are no string resolve invalid_id', async () => {
    for (const value of [null, 42, true, { id: ALPHA_ID }, [ALPHA_ID], '']) {
      for (const name of ['getAlphaCitizen', 'getBetaCitizen']) {
        expect(await h.callExport(name, value)).toMatchObject({ success: false, error: { code: 'invalid_id' } });
      }
    }
  });

  test('raw paths: always answered, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(rawPaths, fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'DELETE'), async (path, method) => {
        const response = await h.request(path, { method });
        expect(response.status).not.toBe(500);
        expect([200, 204, 304, 400, 404, 405, 501]).toContain(response.status);
      }),
      { numRuns: 800 },
    );
  });

  test('column contents: whatever a JSON column holds, 200 and the same value both ways', async () => {
    // Item lists as qb-inventory and ox_inventory write them, every string of them arbitrary
    // (lone surrogates included), so the normalisers' item paths are reached, not only their defaults.
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('\ud800', 'x\udc00y', '\ud83d\ude00', ''));
    const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
    // No `degrade`: with it, an expiry-time durability decays with the clock (docs/design.md §7), so
    // two answers a millisecond apart differ; that arithmetic is unit-tested on an injected clock.
    const itemData = fc.dictionary(
      fc.constantFrom('serial', 'serie', 'registered', 'components', 'attachments', 'quality', 'durability', 'ammo'),
      fc.oneof(scalar, fc.array(fc.oneof(text, fc.record({ component: text })), { maxLength: 3 })),
    );
    const item = fc.record(
      {
        name: text,
        slot: fc.oneof(fc.integer({ min: -2, max: 60 }), text),
        amount: scalar,
        count: scalar,
        label: text,
        info: fc.oneof(itemData, fc.constant('')),
        metadata: itemData,
      },
      { requiredKeys: ['name', 'slot'] },
    );
    const json = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.array(item, { maxLength: 5 }).map((items) => JSON.stringify(items)),
      fc.json({ maxDepth: 6 }),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify({ headOverlays: v, faceFeatures: v, tattoos: v, components: v })),
      fc.constantFrom(
        '{"__proto__":{"a":1}}',
        '[1e400]',
        '"\\ud800"',
        '{"bread":1e400}',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
        'null',
        '',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        json,
        fc.constantFrom('skin', 'inventory', 'loadout', 'accounts', 'status', 'position', 'metadata'),
        json,
        async (text, column, other) => {
          await h.db.admin.query(`UPDATE users SET \`${column}\` = ?, metadata = ? WHERE identifier = ?`, [text, other, ALPHA_ID]);
          await h.db.admin.query('UPDATE players SET inventory = ?, metadata = ?, charinfo = ? WHERE citizenid = ?', [
            text,
            other,
            text,
            BETA_ID,
          ]);
          for (const [route, name, id] of [
            ['alpha', 'getAlphaCitizen', ALPHA_ID],
            ['beta', 'getBetaCitizen', BETA_ID],
          ] as const) {
            const { status, http, viaExport } = await bothWays(h, `/${route}/citizens/${id}`, name, id);
            expect(status).toBe(200);
            expect(viaExport).toEqual(http);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
