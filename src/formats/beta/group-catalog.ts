import type { FrameworkGroups } from '../format';

/**
 * Job and gang definitions: where a stored job lacks its grade's name, payment or boss flag, or its
 * own label or type, the record takes them from the definition of that job at that level, never
 * from another job (docs/design.md §3.2). Definitions come from the qb-core or qbx_core running beside
 * the resource (src/frameworks/shared-lists.ts) or, without one, from qb-core's default lists below;
 * never from both, as a job the server's own list lacks was removed or renamed there.
 */

export interface GradeDefinition {
  name: string;
  payment: number;
  isboss: boolean;
}

export interface GroupDefinition {
  label: string;
  type?: string;
  grades: ReadonlyMap<number, GradeDefinition>;
}

export type GroupCatalog = ReadonlyMap<string, GroupDefinition>;

export interface GroupCatalogs {
  jobs: GroupCatalog;
  gangs: GroupCatalog;
}

type GradeRow = [name: string, payment: number, isboss?: true];

function catalog(entries: Record<string, [label: string, grades: GradeRow[], type?: string]>): GroupCatalog {
  return new Map(
    Object.entries(entries).map(([name, [label, grades, type]]) => [
      name,
      {
        label,
        ...(type ? { type } : {}),
        grades: new Map(
          grades.map(([gradeName, payment, isboss], level) => [level, { name: gradeName, payment, isboss: isboss === true }]),
        ),
      },
    ]),
  );
}

/** Grades from level 0 with their payments; the top one is the boss, as in every qb-core list. */
const ranks = (payments: number[], names: string[]): GradeRow[] =>
  names.map((n, i) => (i === names.length - 1 ? [n, payments[i], true] : [n, payments[i]]));
const SHOP_PAY = [50, 75, 100, 125, 150];
const GARAGE = ranks(SHOP_PAY, ['Recruit', 'Novice', 'Experienced', 'Advanced', 'Manager']);

/**
 * qb-core's `QBShared.Jobs` (qbcore-framework/qb-core shared/jobs.lua at main, 37d3b84): what a
 * server runs when its owner did not change the list. Grades from level 0.
 */
export const DEFAULT_JOBS: GroupCatalog = catalog({
  unemployed: ['Civilian', [['Freelancer', 10]]],
  bus: ['Bus', [['Driver', 50]]],
  judge: ['Honorary', [['Judge', 100]]],
  lawyer: ['Law Firm', [['Associate', 50]]],
  reporter: ['Reporter', [['Journalist', 50]]],
  trucker: ['Trucker', [['Driver', 50]]],
  tow: ['Towing', [['Driver', 50]]],
  garbage: ['Garbage', [['Collector', 50]]],
  vineyard: ['Vineyard', [['Picker', 50]]],
  hotdog: ['Hotdog', [['Sales', 50]]],
  police: ['Law Enforcement', ranks(SHOP_PAY, ['Recruit', 'Officer', 'Sergeant', 'Lieutenant', 'Chief']), 'leo'],
  ambulance: ['EMS', ranks(SHOP_PAY, ['Recruit', 'Paramedic', 'Doctor', 'Surgeon', 'Chief']), 'ems'],
  realestate: ['Real Estate', ranks(SHOP_PAY, ['Recruit', 'House Sales', 'Business Sales', 'Broker', 'Manager'])],
  taxi: ['Taxi', ranks(SHOP_PAY, ['Recruit', 'Driver', 'Event Driver', 'Sales', 'Manager'])],
  cardealer: ['Vehicle Dealer', ranks(SHOP_PAY, ['Recruit', 'Showroom Sales', 'Business Sales', 'Finance', 'Manager'])],
  mechanic: ['LS Customs', GARAGE, 'mechanic'],
  mechanic2: ['LS Customs', GARAGE, 'mechanic'],
  mechanic3: ['LS Customs', GARAGE, 'mechanic'],
  beeker: ["Beeker's Garage", GARAGE, 'mechanic'],
  bennys: ["Benny's Original Motor Works", GARAGE, 'mechanic'],
});

const STREET_GANG = ranks([0, 0, 0, 0], ['Recruit', 'Enforcer', 'Shot Caller', 'Boss']);

/** qb-core's `QBShared.Gangs` (shared/gangs.lua at main, 37d3b84); gang grades carry no payment. */
export const DEFAULT_GANGS: GroupCatalog = catalog({
  none: ['No Gang', [['Unaffiliated', 0]]],
  lostmc: ['The Lost MC', STREET_GANG],
  ballas: ['Ballas', STREET_GANG],
  vagos: ['Vagos', STREET_GANG],
  cartel: ['Cartel', STREET_GANG],
  families: ['Families', STREET_GANG],
  triads: ['Triads', STREET_GANG],
});

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * Definitions as a framework's export hands them to JS: qb-core's grades keyed "0", "1"… (Lua
 * string keys), qbx_core's integer keys (an object keyed "0"… in JS, or, when they start at 1, an
 * array shifted by one: docs/live.md#job-and-gang-definitions). Anything unreadable is left out.
 */
export function readCatalog(value: unknown): GroupCatalog {
  const out = new Map<string, GroupDefinition>();
  for (const [name, raw] of Object.entries(record(value) ?? {})) {
    const def = record(raw);
    if (!def) continue;
    const grades = new Map<number, GradeDefinition>();
    const stored = def.grades;
    const entries: Array<[number, unknown]> = Array.isArray(stored)
      ? stored.map((g, index) => [index + 1, g])
      : Object.entries(record(stored) ?? {}).map(([key, g]) => [Number(key), g]);
    for (const [level, g] of entries) {
      const grade = record(g);
      if (!grade || !Number.isInteger(level)) continue;
      grades.set(level, {
        name: typeof grade.name === 'string' ? grade.name : '',
        payment: typeof grade.payment === 'number' && Number.isFinite(grade.payment) ? grade.payment : 0,
        isboss: grade.isboss === true,
      });
    }
    out.set(name, {
      label: typeof def.label === 'string' ? def.label : '',
      ...(typeof def.type === 'string' ? { type: def.type } : {}),
      grades,
    });
  }
  return out;
}

const readFromFramework = new WeakMap<FrameworkGroups, GroupCatalogs>();

/**
 * The catalogs of the definitions the framework handed over, undefined without a framework. Read
 * once for each set it hands over (the same object until the framework changes them), not per record.
 */
export function frameworkCatalogs(groups: FrameworkGroups | undefined): GroupCatalogs | undefined {
  if (!groups) return undefined;
  let catalogs = readFromFramework.get(groups);
  if (!catalogs) {
    catalogs = { jobs: readCatalog(groups.jobs), gangs: readCatalog(groups.gangs) };
    readFromFramework.set(groups, catalogs);
  }
  return catalogs;
}
