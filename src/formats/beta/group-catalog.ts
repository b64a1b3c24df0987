/**
 * Job and gang definitions: where a stored job lacks its grade's name, payment or boss flag, or its
 * own label or type, the record takes them from the definition of that job at that level, never
 * from another job (DESIGN.md §3.2). Definitions come from the qb-core or qbx_core running beside
 * the resource (src/fivem/framework-groups.ts) or, without one, from qb-core's default list below.
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

function catalog(entries: Record<string, [label: string, grades: GradeRow[]]>): GroupCatalog {
  return new Map(
    Object.entries(entries).map(([name, [label, grades]]) => [
      name,
      { label, grades: new Map(grades.map(([gradeName, payment, isboss], level) => [level, { name: gradeName, payment, isboss: isboss === true }])) },
    ]),
  );
}

/**
 * qb-core's default `QBShared.Jobs` (qbcore-framework/qb-core shared/jobs.lua, as stored at
 * 061bbea): what a server runs when its owner did not change the list. Grades from level 0.
 */
export const DEFAULT_JOBS: GroupCatalog = catalog({
  unemployed: ['Civilian', [['Freelancer', 10]]],
  police: ['Law Enforcement', [['Cadet', 50], ['Officer', 75], ['Supervising Officer', 85], ['Sergeant', 95], ['Staff Sergeant', 105], ['Lieutenant', 120], ['Captain', 140], ['Chief', 150, true]]],
  ambulance: ['EMS', [['Recruit', 50], ['Paramedic', 75], ['Doctor', 100], ['Surgeon', 125], ['Chief', 150, true]]],
  realestate: ['Real Estate', [['Recruit', 50], ['House Sales', 75], ['Business Sales', 100], ['Broker', 125], ['Manager', 150, true]]],
  taxi: ['Taxi', [['Recruit', 75], ['Driver', 100], ['Event Driver', 125], ['Sales', 150], ['Manager', 175, true]]],
  cardealer: ['Vehicle Dealer', [['Recruit', 50], ['Showroom Sales', 75], ['Business Sales', 100], ['Finance', 125], ['Manager', 150, true]]],
  bikerental: ['Bicycle Renters', [['Recruit', 50], ['Novice', 75], ['Experienced', 100], ['Advanced', 125], ['Manager', 125, true]]],
  mechanic: ['Mechanic', [['Recruit', 70], ['Novice', 85], ['Experienced', 100], ['Advanced', 125], ['Manager', 150, true]]],
  judge: ['Honorary', [['Judge', 100]]],
  lawyer: ['Law Firm', [['Associate', 50]]],
  reporter: ['Reporter', [['Journalist', 50]]],
  trucker: ['Trucker', [['Driver', 50]]],
  tow: ['Towing', [['Driver', 50]]],
  garbage: ['Garbage', [['Collector', 50]]],
  vineyard: ['Vineyard', [['Picker', 50]]],
  hotdog: ['Hotdog', [['Sales', 50]]],
});

/** qb-core's default gang, as its PlayerDefaults write it. */
export const DEFAULT_GANGS: GroupCatalog = catalog({ none: ['No Gang Affiliation', [['none', 0]]] });

export const DEFAULT_CATALOGS: GroupCatalogs = { jobs: DEFAULT_JOBS, gangs: DEFAULT_GANGS };

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * Definitions as a framework's export hands them to JS: qb-core's grades keyed "0", "1"… (Lua
 * string keys), qbx_core's integer keys (an object keyed "0"… in JS, or, when they start at 1, an
 * array shifted by one: lua-and-live.md B2). Anything unreadable is left out.
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
    out.set(name, { label: typeof def.label === 'string' ? def.label : '', ...(typeof def.type === 'string' ? { type: def.type } : {}), grades });
  }
  return out;
}
