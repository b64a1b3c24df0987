/**
 * Citizen search (issue 18, docs/design.md §2.7): what a search costs the main thread and the game's
 * own queries, and how long it takes at 10,000 and 100,000 citizens (BENCH_CITIZENS=100000). No
 * framework indexes names (ESX `users` has no index on them; QBCore's live in `charinfo` text), so
 * every search here scans the table, as it does on a server as installed.
 *
 * - A search returning 20 summaries, per format, over HTTP (cache off, no statement time bound, see
 *   the `search` server), against a citizen lookup's CPU (target: at most 2×); the same scans
 *   answering one summary show what the page itself costs. Concurrency 2: `search_max_in_flight`
 *   (default 2) answers 503 beyond, and these searches are all distinct (consecutive ones never
 *   ask the same), so none shares another's query. Every answer must hold the page it asked for.
 * - Primary-key lookups (the game's own queries' stand-in) while one search a second runs, against
 *   the same lookups alone in the same blocks (target: p99 at most 1.25×).
 */
import { alphaName, betaName, FIRST, LAST } from '../citizens';
import { defineScenario, defineServer, defineWithBackground, FORMATS, http, type AnswerCheck, type Format } from '../registry';
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

/** The search path of the `n`-th name of `format`'s list, one page of `limit`. */
const searchPath = (format: Format, n: number, limit = PAGE) =>
  `/citizen_records/${format}/citizens?name=${encodeURIComponent(NAMES[format][n % NAMES[format].length])}&limit=${limit}`;

/** A search's answer must be a full page: fewer summaries would make it cheaper than what is measured. */
const fullPage =
  (limit: number): AnswerCheck =>
  (body) => {
    const citizens = (JSON.parse(body) as { data?: { citizens?: unknown } }).data?.citizens;
    return Array.isArray(citizens) && citizens.length === limit
      ? null
      : `a search answered ${Array.isArray(citizens) ? citizens.length : 'no'} citizens, not ${limit}`;
  };

const CITIZEN = 'citizen_records http c16';

/**
 * The searches' server: the bench's convars, and search_timeout_ms lifted from its 2000 ms so that a
 * scan's whole time is measured (at 100,000 generated citizens a scan outlasts 2 s on the shared
 * machine, and the default answers 504 database_timeout).
 */
defineServer({ name: 'search', convars: { 'citizen_records:search_timeout_ms': '120000' } });

for (const format of FORMATS) {
  defineScenario({
    name: `search ${format} http c2`,
    server: 'search',
    concurrency: 2,
    // Every name once a block.
    lookups: NAMES[format].length,
    request: (l) => http(searchPath(format, l.i), 200, fullPage(PAGE)),
    compare: [{ with: CITIZEN, targets: { cpu: 2 } }],
  });
  // The same scans answering one summary: what the 19 more summaries of a page cost the main thread.
  defineScenario({
    name: `search ${format} limit 1 http c2`,
    server: 'search',
    concurrency: 2,
    lookups: NAMES[format].length,
    request: (l) => http(searchPath(format, l.i, 1), 200, fullPage(1)),
    compare: [{ with: CITIZEN }, { with: `search ${format} http c2` }],
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
    // Formats alternating, each through its list of names, on the server as installed (search_timeout_ms 2000).
    request: (k) => http(searchPath(FORMATS[k % FORMATS.length], Math.floor(k / FORMATS.length)), 200, fullPage(PAGE)),
  },
  { p99: 1.25 },
);
