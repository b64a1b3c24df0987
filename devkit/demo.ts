/**
 * npm run dev's demo: its data set (fixtures of fixtures/sql) and the citizen it logs in through a
 * framework stand-in, so that the README's examples find people (by name, birth date and phone),
 * vehicles (by plate, a citizen's), a police department, and a live record with its presence.
 */
import type { TestDatabase } from './db/test-database';
import type { FxHost } from './host/fx-host';
import { Framework, type StandinKind } from './lua/frameworks';
import { storedRow } from './lua/frameworks/rows';
import { loadFixture } from './resource-harness';

/**
 * ESX Legacy `users` of several generations and esx_multicharacter, the search suites' ESX
 * citizens (John Smith, Smith Johnson, …), QBCore players with the demo's own, and both
 * frameworks' vehicles less the rows the suites break on purpose.
 */
export const DEMO_FIXTURES = [
  'esx-legacy-schema.sql',
  'esx-legacy-1.13-row.sql',
  'esx-legacy-1.9-row.sql',
  'esx-multicharacter-rows.sql',
  'search-esx-rows.sql',
  'esx-legacy-vehicles.sql',
  'qbcore.sql',
  'qb-garages-vehicles.sql',
  'demo-qbcore-rows.sql',
  'demo-without-broken-rows.sql',
];

/** Who the examples name, and where each is stored. */
export const DEMO = {
  /** Lena Kowalczyk, police, phone 555-0147 (esx-legacy-1.13-row.sql); her cars KLM 482, ABC 123, … */
  alphaCitizen: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
  /** One player's three ESX characters (esx-multicharacter-rows.sql). */
  alphaLicense: 'license:1f2e3d4c5b6a79880716253443526170a9b8c7d6',
  /** Zoë Brandt, police (qbcore.sql): the citizen the demo logs in. */
  betaCitizen: 'KQW48213',
  /** Zoë's and Marcus Hale's player (qbcore.sql). */
  betaLicense: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
} as const;

/** The framework the demo citizen plays on, the server id he gets, and the cash he holds in memory. */
export const DEMO_PLAYER = {
  framework: 'qb-core-2026-05' as const satisfies StandinKind,
  citizenid: DEMO.betaCitizen,
  /** As the README's presence example answers (`"server_id":7`). */
  source: 7,
  /** Not what `players.money` says (742): the live record shows the framework's. */
  cash: 1250,
};

export async function loadDemoData(db: TestDatabase): Promise<void> {
  for (const file of DEMO_FIXTURES) await loadFixture(db, file);
}

/**
 * Starts the qb-core stand-in (Lua, in the host) and logs the demo citizen in from his stored row,
 * at Legion Square with more cash than the database knows. The host needs `onesync` on for his
 * ped's position to be read.
 */
export async function logInDemoPlayer(host: FxHost, db: TestDatabase): Promise<{ framework: Framework; source: number }> {
  const framework = await Framework.start(host, DEMO_PLAYER.framework);
  const row = await storedRow(db.admin, 'players', 'citizenid', DEMO_PLAYER.citizenid);
  const source = framework.loadPlayer(row, {
    source: DEMO_PLAYER.source,
    name: 'Zoe',
    identifiers: [String(row.license)],
    coords: { x: 195.2, y: -933.8, z: 30.69 },
  });
  framework.setMoney(source, 'cash', DEMO_PLAYER.cash);
  return { framework, source };
}
