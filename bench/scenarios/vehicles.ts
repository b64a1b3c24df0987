/**
 * Vehicle lookups beside a citizen lookup: a plate through its key, a citizen's vehicles through
 * QBCore's indexed `citizenid`, and ESX's owner list both ways. esx_vehicleshop and Legacy's SQL
 * key only `plate`, so on the bench database a citizen's list reads the whole `owned_vehicles`
 * table: a scan under the search limits (search_timeout_ms, and search_max_in_flight, 2 by
 * default, hence concurrency 2). The server `esx-owner-index` reads a database of its own with the
 * same ESX rows and the index the README tells owners to add, so the list with and without it
 * are measured in the same run. One vehicle per generated citizen, so BENCH_CITIZENS=10000 and
 * 100000 give the scan at 10,000 and 100,000 vehicles.
 */
import { alphaId, betaId, loadRows } from '../citizens';
import { defineDataSet, defineScenario, defineServer, http, type Format } from '../registry';

/** A unique 8-character plate per citizen, spelled as esx_vehicleshop does (`ABC 1234`-like). */
const plateOf = (index: number): string => `V${index.toString(36).toUpperCase().padStart(6, '0')}`.replace(/^(.{3})/, '$1 ');

/** ESX.Game.GetVehicleProperties as Legacy stores it, shortened. */
const PROPS = (plate: string) =>
  JSON.stringify({
    model: -16948145,
    plate,
    bodyHealth: 912.4,
    engineHealth: 873.2,
    fuelLevel: 41.7,
    color1: 12,
    color2: 12,
    modEngine: 2,
  });

defineDataSet({
  name: 'vehicles',
  async load(admin, citizens) {
    await admin.query(
      'CREATE TABLE owned_vehicles (owner VARCHAR(60) DEFAULT NULL, plate VARCHAR(12) NOT NULL, vehicle LONGTEXT DEFAULT NULL, ' +
        "type VARCHAR(20) NOT NULL DEFAULT 'car', job VARCHAR(20) DEFAULT NULL, stored TINYINT(4) NOT NULL DEFAULT 0, parking VARCHAR(60) NULL, pound VARCHAR(60) NULL, " +
        'PRIMARY KEY (plate)) ENGINE=InnoDB',
    );
    await admin.query(
      'CREATE TABLE player_vehicles (id INT NOT NULL AUTO_INCREMENT, license VARCHAR(50), citizenid VARCHAR(50), vehicle VARCHAR(50), hash VARCHAR(50), ' +
        'mods LONGTEXT, plate VARCHAR(50) NOT NULL, fakeplate VARCHAR(50), garage VARCHAR(50), fuel INT DEFAULT 100, engine FLOAT DEFAULT 1000, body FLOAT DEFAULT 1000, ' +
        'state INT DEFAULT 1, PRIMARY KEY (id), KEY plate (plate), KEY citizenid (citizenid)) ENGINE=InnoDB',
    );
    await loadRows(admin, 'owned_vehicles', ['owner', 'plate', 'vehicle', 'stored', 'parking'], citizens, (i) => [
      alphaId(i),
      plateOf(i),
      PROPS(plateOf(i)),
      1,
      'SanAndreasAvenue',
    ]);
    await loadRows(admin, 'player_vehicles', ['citizenid', 'vehicle', 'hash', 'mods', 'plate', 'garage', 'state'], citizens, (i) => [
      betaId(i),
      'sultan',
      '970598228',
      PROPS(plateOf(i)),
      plateOf(i),
      'pillboxgarage',
      1,
    ]);
    await admin.query('ANALYZE TABLE owned_vehicles, player_vehicles');
  },
});

/**
 * The ESX tables of the bench database with `ADD INDEX (owner)`: `users` with the columns a
 * vehicle list reads (its key and names), `owned_vehicles` whole.
 */
defineDataSet({
  name: 'esx owner index',
  ownDatabase: true,
  async load(admin, _citizens, bench) {
    const from = (table: string) => `\`${bench}\`.\`${table}\``;
    await admin.query(`CREATE TABLE users LIKE ${from('users')}`);
    await admin.query(`INSERT INTO users (identifier, firstname, lastname) SELECT identifier, firstname, lastname FROM ${from('users')}`);
    await admin.query(`CREATE TABLE owned_vehicles LIKE ${from('owned_vehicles')}`);
    await admin.query('ALTER TABLE owned_vehicles ADD INDEX (owner)');
    await admin.query(`INSERT INTO owned_vehicles SELECT * FROM ${from('owned_vehicles')}`);
    await admin.query('ANALYZE TABLE users, owned_vehicles');
  },
});
defineServer({ name: 'esx-owner-index', database: 'esx owner index' });

const CITIZEN = 'citizen_records http c16';
const SCAN = "citizen's vehicles, ESX owner scan (no index) http c2";
const INDEXED_C2 = "citizen's vehicles, ESX owner index http c2";
const plateTyped = (index: number) => plateOf(index).toLowerCase().replace(' ', '');
const listPath = (format: Format, id: string) => `/citizen_records/${format}/citizens/${encodeURIComponent(id)}/vehicles`;

defineScenario({
  name: 'vehicle by plate http c16',
  concurrency: 16,
  // Typed lower-case without the space: every stored form is asked in one IN (…).
  request: (l) => http(`/citizen_records/${l.format}/vehicles/${plateTyped(l.index)}`),
  compare: [{ with: CITIZEN }],
});
defineScenario({
  name: "citizen's vehicles, QBCore (indexed) http c16",
  concurrency: 16,
  request: (l) => http(listPath('beta', betaId(l.index))),
  compare: [{ with: CITIZEN }],
});
// At most search_max_in_flight (2) scans wait on the database; more at once would be 503 server_busy.
defineScenario({
  name: SCAN,
  concurrency: 2,
  // A scan at 100,000 vehicles takes a tenth of a second or more: fewer lookups keep a block short.
  lookups: 100,
  request: (l) => http(listPath('alpha', alphaId(l.index))),
  compare: [{ with: CITIZEN }, { with: INDEXED_C2 }],
});
defineScenario({
  name: INDEXED_C2,
  server: 'esx-owner-index',
  concurrency: 2,
  lookups: 100,
  request: (l) => http(listPath('alpha', alphaId(l.index))),
  compare: [{ with: CITIZEN }],
});
defineScenario({
  name: "citizen's vehicles, ESX owner index http c16",
  server: 'esx-owner-index',
  concurrency: 16,
  request: (l) => http(listPath('alpha', alphaId(l.index))),
  compare: [{ with: CITIZEN }, { with: "citizen's vehicles, QBCore (indexed) http c16" }],
});
