/**
 * The standalone service (docs/standalone.md) against the embedded resource, on the same machine
 * and the same database: one instance, and two behind the bench's round robin. CPU per lookup is
 * the instances' processes' CPU (and the idle server process's), as the embedded resource's is the
 * server process's; the load generator's is shown apart as everywhere.
 */
import { defineScenario, defineServer, http } from '../registry';
import { citizenPath } from './lookups';

defineServer({ name: 'standalone', standalone: 1 });
defineServer({ name: 'standalone x2', standalone: 2 });

for (const c of [16, 64]) {
  defineScenario({
    name: `standalone http c${c}`,
    server: 'standalone',
    concurrency: c,
    request: (l) => http(citizenPath(l.format, l.id)),
    compare: [{ with: `citizen_records http c${c}` }],
  });
  defineScenario({
    name: `standalone x2 http c${c}`,
    server: 'standalone x2',
    concurrency: c,
    request: (l) => http(citizenPath(l.format, l.id)),
    compare: [{ with: `standalone http c${c}` }, { with: `citizen_records http c${c}` }],
  });
}
