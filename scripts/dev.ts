/**
 * npm run dev: citizen_records on a local FXServer stand-in (the test host) at 127.0.0.1:30120
 * (PORT overrides; 0 picks a free port), with oxmysql (the release OXMYSQL_DIR names, else the
 * stand-in) and a demo database on a throwaway mariadbd (or the server MYSQL_URL names). Prints a
 * development key and ready-to-paste curl lines; Ctrl-C stops everything and removes the database.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startThrowawayServer, type ThrowawayServer } from '../devkit/db/mariadb-server';
import { createTestDatabase } from '../devkit/db/test-database';
import { consoleLines } from '../devkit/host/console-format';
import { FxHost } from '../devkit/host/fx-host';
import { waitFor } from '../devkit/host/host-fixture';
import { loadFixture } from '../devkit/resource-harness';
import { OxmysqlStandIn } from '../devkit/oxmysql/oxmysql-standin';
import { RealOxmysql, realOxmysqlDir } from '../devkit/oxmysql/real-oxmysql';

const ROOT = resolve(__dirname, '..');
/** The demo citizens (ESX rows of several generations and esx_multicharacter, QBCore players) and their vehicles. */
const DEMO = [
  'esx-legacy-schema.sql',
  'esx-legacy-1.9-row.sql',
  'esx-legacy-1.13-row.sql',
  'esx-multicharacter-rows.sql',
  'esx-legacy-vehicles.sql',
  'qbcore.sql',
  'qb-garages-vehicles.sql',
];
/** A plate of esx-legacy-vehicles.sql (stored `KLM 482`), typed as an officer might. */
const ALPHA_PLATE = 'klm482';
const ALPHA_ID = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';
const BETA_ID = 'KQW48213';
const LICENSE = 'license:1f2e3d4c5b6a79880716253443526170a9b8c7d6';
/** The QBCore player of BETA_ID (qbcore.sql). */
const BETA_LICENSE = 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a';

async function main(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  let mariadb: ThrowawayServer | null = null;
  if (!process.env.MYSQL_URL) {
    try {
      mariadb = await startThrowawayServer();
    } catch (error) {
      console.error(
        `npm run dev needs MariaDB: ${error instanceof Error ? error.message : String(error)}\n` +
          'Install it (Debian/Ubuntu: sudo apt-get install mariadb-server; macOS: brew install mariadb), ' +
          'or point MYSQL_URL at a server where this user may CREATE and DROP databases, e.g. MYSQL_URL=mysql://root@127.0.0.1:3306',
      );
      process.exit(1);
    }
    process.env.MYSQL_URL = mariadb.url;
  }
  const db = await createTestDatabase('dev');
  for (const file of DEMO) await loadFixture(db, file);

  const key = randomBytes(24).toString('hex');
  const host = new FxHost({
    convars: { 'citizen_records:api_keys': `dev:${key}`, 'citizen_records:log_level': 'debug' },
    echoConsole: (channel, text) => process.stdout.write(consoleLines(channel, text, { ansi: process.stdout.isTTY === true })),
  });
  const base = await host.listen(Number(process.env.PORT ?? 30120));
  const realDir = realOxmysqlDir();
  const oxmysql = realDir ? new RealOxmysql(host, realDir, { url: db.url }) : new OxmysqlStandIn(host, { url: db.url });
  await oxmysql.start();
  await waitFor(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', 30_000);
  host.startResource(ROOT, 'citizen_records');

  const url = `${base}/citizen_records`;
  const curl = (path: string, withKey = true) => `curl -s ${withKey ? `-H 'Authorization: Bearer ${key}' ` : ''}'${url}${path}'`;
  console.log(
    [
      '',
      `citizen_records dev server ready at ${url} (oxmysql: ${realDir ? `real, ${realDir}` : 'stand-in'}; database ${db.name}${mariadb ? ` on a throwaway mariadbd in ${mariadb.dir}` : ''})`,
      `development API key: ${key}`,
      curl(`/alpha/citizens/${ALPHA_ID}`),
      curl(`/beta/citizens/${BETA_ID}`),
      curl(`/alpha/players/${LICENSE}/citizens`),
      curl(`/beta/players/${BETA_LICENSE}/citizens`),
      curl(`/alpha/vehicles/${ALPHA_PLATE}`),
      curl(`/beta/citizens/${BETA_ID}/vehicles`),
      // A search: accents fold (Zoë), each word starts the first or the last name.
      curl('/beta/citizens?name=zoe+brandt'),
      curl('/health', false),
      curl('/openapi.json', false),
      `the API for people, in a browser: ${url}/docs`,
      'Ctrl-C stops it and removes the database.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await oxmysql.close();
    await db.drop();
    await mariadb?.stop();
    console.log('citizen_records dev server stopped; database removed');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
