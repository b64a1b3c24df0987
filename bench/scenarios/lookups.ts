/**
 * Primary-key lookups of one citizen: citizen_records over HTTP and exports against the ceiling
 * (with its own SQL and with plain SQL), the floors, the constant answer, and the cache. The
 * targets are docs/design.md §5's (cache off, concurrency 16).
 */
import { alphaId } from '../citizens';
import { callExport, defineScenario, defineServer, floor, FLOOR_SERVER, http, type Format } from '../registry';
import { startCeiling, startConstant } from '../servers';

/** The resource's HTTP path and export of one citizen: what other scenarios compare with. */
export const citizenPath = (format: Format, id: string): string => `/citizen_records/${format}/citizens/${encodeURIComponent(id)}`;
export const citizenExport = (format: Format, id: string) =>
  callExport('citizen_records', format === 'alpha' ? 'getAlphaCitizen' : 'getBetaCitizen', id);

/** The pass-through resources: `ceiling` sends citizen_records' own statements, `ceiling_plain` a plain SELECT of the same columns. */
const CEILINGS = [
  { label: 'ceiling', resource: 'ceiling' },
  { label: 'ceiling plain-sql', resource: 'ceiling_plain' },
] as const;

defineServer({
  name: 'cache-off',
  async setup(server) {
    startCeiling(server, 'ceiling', server.statements.resource);
    startCeiling(server, 'ceiling_plain', server.statements.plain);
    const typical = (await server.call('citizen_records', 'getAlphaCitizen', alphaId(1))) as { success: boolean; data: unknown };
    if (!typical.success) throw new Error('citizen_records did not answer a typical record');
    startConstant(server, 'constant', typical.data);
  },
});
// The cache convar is read at start, so the cache-on resource runs in a host of its own.
defineServer({ name: 'cache-on', convars: { 'citizen_records:cache_ttl_ms': '60000' } });

for (const c of [1, 16, 64]) {
  const targets = (throughput: number, cpu: number) => (c === 16 ? { throughput, cpu } : undefined);
  defineScenario({ name: `floor mysql2 c${c}`, server: FLOOR_SERVER, concurrency: c, request: (l) => floor(l.format, l.id) });
  defineScenario({
    name: `floor node:http c${c}`,
    server: FLOOR_SERVER,
    concurrency: c,
    request: (l) => http(`/${l.format}/${encodeURIComponent(l.id)}`),
  });
  // The ceiling with citizen_records' SQL is compared with the plain one (what that SQL costs) and
  // with the floor (what FXServer's boundary and oxmysql cost).
  for (const { label, resource } of CEILINGS) {
    const own = label === 'ceiling';
    defineScenario({
      name: `${label} http c${c}`,
      concurrency: c,
      request: (l) => http(`/${resource}/${l.format}/${encodeURIComponent(l.id)}`),
      compare: own ? [{ with: `ceiling plain-sql http c${c}` }, { with: `floor node:http c${c}` }] : [],
    });
    defineScenario({
      name: `${label} exports c${c}`,
      concurrency: c,
      request: (l) => callExport(resource, 'lookup', l.format, l.id),
      compare: own ? [{ with: `ceiling plain-sql exports c${c}` }, { with: `floor mysql2 c${c}` }] : [],
    });
  }
  defineScenario({
    name: `citizen_records http c${c}`,
    concurrency: c,
    request: (l) => http(citizenPath(l.format, l.id)),
    compare: [{ with: `ceiling http c${c}`, targets: targets(0.85, 1.3) }, { with: `ceiling plain-sql http c${c}` }],
  });
  defineScenario({
    name: `citizen_records exports c${c}`,
    concurrency: c,
    request: (l) => citizenExport(l.format, l.id),
    compare: [{ with: `ceiling exports c${c}`, targets: targets(0.65, 1.5) }, { with: `ceiling plain-sql exports c${c}` }],
  });
}

defineScenario({ name: 'constant http c16', concurrency: 16, request: (l) => http(`/constant/${l.format}/x`) });
defineScenario({ name: 'constant exports c16', concurrency: 16, request: () => callExport('constant', 'lookup') });
// One miss then seven hits per id, ids never asked in an earlier block.
defineScenario({
  name: 'citizen_records http cache-on c16',
  server: 'cache-on',
  concurrency: 16,
  repeats: 8,
  request: (l) => http(citizenPath(l.format, l.id)),
  compare: [{ with: 'constant http c16' }],
});
defineScenario({
  name: 'citizen_records exports cache-on c16',
  server: 'cache-on',
  concurrency: 16,
  repeats: 8,
  request: (l) => citizenExport(l.format, l.id),
  compare: [{ with: 'constant exports c16' }],
});
// Hits alone: the constant resource's own record, asked again and again within the TTL.
defineScenario({
  name: 'citizen_records http cache-hits c16',
  server: 'cache-on',
  concurrency: 16,
  request: () => http(citizenPath('alpha', alphaId(1))),
  compare: [{ with: 'constant http c16', targets: { throughput: 0.9 } }],
});
defineScenario({
  name: 'citizen_records exports cache-hits c16',
  server: 'cache-on',
  concurrency: 16,
  request: () => citizenExport('alpha', alphaId(1)),
  compare: [{ with: 'constant exports c16', targets: { throughput: 0.9 } }],
});
