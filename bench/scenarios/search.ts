/**
 * Citizen search (issue 18, docs/design.md §2.7): what a search costs the main thread and the game's
 * own queries, and how long it takes at 10,000 and 100,000 citizens (BENCH_CITIZENS=100000). No
 * framework indexes names (ESX `users` has no index on them; QBCore's live in `charinfo` text), so
 * every search here scans the table, as it does on a server as installed.
 *
 * - A search returning 20 summaries, per format, over HTTP on the cache-off server, against a
 *   citizen lookup's CPU (target: at most 2×). Concurrency 2: `search_max_in_flight` (default 2)
 *   answers 503 beyond, and these searches are all distinct (consecutive ones never ask the same),
 *   so none shares another's query. Every answer must hold 20 summaries.
 * - Primary-key lookups (the game's own queries' stand-in) while one search a second runs, against
 *   the same lookups alone in the same blocks (target: p99 at most 1.25×).
 */
import { alphaName, betaName, FIRST, LAST } from '../citizens';
import { defineScenario, defineWithBackground, FORMATS, http, type AnswerCheck, type Format } from '../registry';
import { citizenPath } from './lookups';

/** Summaries each search asks for (the default page). */
const PAGE = 20;
/** Distinct name pairs of the generated citizens (FIRST and LAST each have 8 names). */
const PAIRS = 8;

/**
 * What an officer types: the start of a first or last name (2 letters, 3 letters, the whole name),
 * or the first three letters of both. Each matches at least one eighth of the citizens (`ma`, `ha`:
 * two eighths), so at least 20 once there are 160 citizens per format.
 */
const singleTerms = [...new Set([...FIRST, ...LAST].flatMap((name) => [2, 3, name.length].map((n) => name.slice(0, n).toLowerCase())))];
const nameOf: Record<Format, (index: number) => [string, string]> = { alpha: alphaName, beta: betaName };
function pairsOf(format: Format): string[] {
  return Array.from({ length: PAIRS }, (_, k) =>
    nameOf[format](k)
      .map((name) => name.slice(0, 3).toLowerCase())
      .join(' '),
  );
}
const NAMES: Record<Format, readonly string[]> = {
  alpha: [...singleTerms, ...pairsOf('alpha')],
  beta: [...singleTerms, ...pairsOf('beta')],
};

/** The search path of the `n`-th name of `format`'s list, one page of 20. */
const searchPath = (format: Format, n: number) =>
  `/citizen_records/${format}/citizens?name=${encodeURIComponent(NAMES[format][n % NAMES[format].length])}&limit=${PAGE}`;

/** A search's answer must be a full page: fewer summaries would make it cheaper than what is measured. */
const fullPage: AnswerCheck = (body) => {
  const citizens = (JSON.parse(body) as { data?: { citizens?: unknown } }).data?.citizens;
  return Array.isArray(citizens) && citizens.length === PAGE
    ? null
    : `a search answered ${Array.isArray(citizens) ? citizens.length : 'no'} citizens, not ${PAGE}`;
};

const CITIZEN = 'citizen_records http c16';

for (const format of FORMATS) {
  defineScenario({
    name: `search ${format} http c2`,
    concurrency: 2,
    // A scan per request: 100 a block keep a block under a minute at 100,000 citizens on the shared machine.
    lookups: 100,
    request: (l) => http(searchPath(format, l.i), 200, fullPage),
    compare: [{ with: CITIZEN, targets: { cpu: 2 } }],
  });
}

defineWithBackground(
  {
    name: `${CITIZEN}, 3000 lookups`,
    concurrency: 16,
    // Several seconds a block, so that several searches fall in each.
    lookups: 3000,
    request: (l) => http(citizenPath(l.format, l.id)),
  },
  {
    label: 'search 1/s',
    perSecond: 1,
    // Formats alternating, each through its list of names.
    request: (k) => http(searchPath(FORMATS[k % FORMATS.length], Math.floor(k / FORMATS.length)), 200, fullPage),
  },
  { p99: 1.25 },
);
