/**
 * Live records (issue 20): what they cost the main thread. One server with `live_records` off, and
 * one per framework with live records on and a plain-JS stand-in of it holding 64 players online:
 * qb-core (2026-05 exports), es_extended Legacy 1.13+ (RunStaticPlayerMethod) and qbx_core (with
 * ox_inventory). All answer the same lookups. Targets: an offline citizen's lookup at most 1.05×
 * the CPU with live records off, an online citizen's (the framework's data merged over the row) at
 * most 1.5× the same citizen's database lookup. The stand-ins answer from Maps, so their own cost
 * is negligible, but each export answers what the real one does (the whole table, functions
 * included), since packing it is the live lookup's cost (the Lua stand-ins of devkit/lua serve
 * fidelity, not timing); without OneSync in the bench host, no ped is read.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import { alphaId, alphaRow, betaId, betaRow } from '../citizens';
import { defineScenario, defineServer, http, type AnswerCheck, type Lookup, type ServerContext } from '../registry';
import { citizenPath } from './lookups';

/** Players online on each live server: generated citizens 0 … 63 of its format, server ids 1 … 64. */
export const ONLINE = 64;
const sources = Array.from({ length: ONLINE }, (_, i) => i);
const json = (text: unknown) => JSON.parse(String(text)) as unknown;

/** The PlayerData qb-core builds from a generated `players` row (its JSON columns decoded). */
export function playerData(index: number): Record<string, unknown> {
  const [, citizenid, cid, license, name, money, charinfo, job, gang, position, metadata, inventory] = betaRow(index) as string[];
  return {
    source: index + 1,
    citizenid,
    cid,
    license,
    name,
    money: json(money),
    charinfo: json(charinfo),
    job: json(job),
    gang: json(gang),
    position: json(position),
    metadata: json(metadata),
    items: json(inventory),
  };
}

/**
 * qb-core from 2026-05 as citizen_records reads it: GetShared marks the generation, GetPlayers/GetPlayer
 * rebuild the online set, GetPlayerByCitizenId reads one. Its players answer as its `buildInterface`
 * does (qb-core server/player.lua, 74ac036): PlayerData and about 20 Functions, each packed as a
 * function reference per call; what they do is never called here.
 */
export const QB_CORE = (players: Array<Record<string, unknown>>) => `
  const PLAYERS = ${JSON.stringify(players)};
  const FUNCTIONS = Object.fromEntries(Array.from({ length: 20 }, (_, i) => ['Function' + i, () => undefined]));
  const bySource = new Map(PLAYERS.map((p) => [p.source, { PlayerData: p, Functions: FUNCTIONS }]));
  const byCitizenId = new Map(PLAYERS.map((p) => [p.citizenid, { PlayerData: p, Functions: FUNCTIONS }]));
  exports('GetShared', () => ({}));
  // The job list the generation citizen_records tells this stand-in for (2025-01: GetPlayer, GetSharedJobs) shares, for rosters.ts.
  exports('GetSharedJobs', () => ({ police: { label: 'Law Enforcement', grades: { '0': { name: 'Recruit', payment: 50 }, '1': { name: 'Officer', payment: 75 } } } }));
  exports('GetPlayers', () => PLAYERS.map((p) => p.source));
  exports('GetPlayer', (source) => bySource.get(Number(source)));
  exports('GetPlayerByCitizenId', (citizenid) => byCitizenId.get(citizenid));`;

/** The xPlayer es_extended Legacy builds from a generated `users` row (server/main.lua loadESXPlayer, ox_inventory). */
function xPlayerFields(index: number): Record<string, unknown> {
  const [identifier, accounts, group, inventory, job, grade, loadout, metadata, position, firstName, lastName, dateofbirth, sex, height] =
    alphaRow(index);
  const labels: Record<string, string> = { bank: 'Bank', black_money: 'Black Money', money: 'Cash' };
  const meta = json(metadata) as Record<string, unknown>;
  return {
    source: index + 1,
    identifier,
    accounts: Object.entries(json(accounts) as Record<string, number>).map(([name, money], i) => ({
      name,
      money,
      label: labels[name],
      round: name !== 'bank',
      index: i + 1,
    })),
    group,
    inventory: json(inventory),
    job: {
      id: job === 'police' ? 2 : 1,
      name: job,
      label: job === 'police' ? 'LSPD' : 'Unemployed',
      type: job === 'police' ? 'leo' : 'civ',
      onDuty: meta.jobDuty,
      grade,
      grade_name: `grade${String(grade)}`,
      grade_label: `Grade ${String(grade)}`,
      grade_salary: 50 + Number(grade) * 20,
      skin_male: [],
      skin_female: [],
    },
    loadout: json(loadout),
    metadata: meta,
    coords: json(position),
    variables: { firstName, lastName, dateofbirth, sex, height },
  };
}

/**
 * es_extended Legacy 1.13+ as citizen_records reads it: RunStaticPlayerMethod calls one xPlayer
 * method (server/classes/player.lua), each answering what it answers there: getAccounts(true) the
 * `{name: money}` it builds from the account list, ox_inventory's slot list for either inventory
 * form, the job table, the whole metadata.
 */
const ESX = (players: Array<Record<string, unknown>>) => `
  const PLAYERS = new Map(${JSON.stringify(players)}.map((p) => [p.source, p]));
  const METHODS = {
    getIdentifier: (p) => p.identifier,
    getAccounts: (p, minimal) => (minimal ? Object.fromEntries(p.accounts.map((a) => [a.name, a.money])) : p.accounts),
    getJob: (p) => p.job,
    getGroup: (p) => p.group,
    getInventory: (p) => p.inventory,
    getLoadout: (p) => p.loadout,
    getMeta: (p, index) => (index == null ? p.metadata : p.metadata[index]),
  };
  exports('RunStaticPlayerMethod', (source, method, ...args) => {
    const player = PLAYERS.get(Number(source));
    return player && METHODS[method](player, ...args);
  });`;

/** The PlayerData qbx_core builds from a generated `players` row (server/player.lua; items are ox_inventory's). */
function qbxPlayerData(index: number): Record<string, unknown> {
  const data = playerData(index);
  const job = data.job as { name: string; grade: { level: number } };
  const gang = data.gang as { name: string; grade: { level: number } };
  return {
    ...data,
    userId: index + 1,
    job: { ...job, bankAuth: false },
    jobs: { [job.name]: job.grade.level },
    gangs: { [gang.name]: gang.grade.level },
    items: [],
    optin: true,
  };
}

/**
 * qbx_core as citizen_records reads it: GetPlayersData lists every PlayerData, GetPlayer(source)
 * answers the Player: PlayerData (its position a vec4, which reaches JS as msgpack ext 22), the
 * Functions table (22 closures, each packed as a function reference per call, as the real ones
 * are; what they do is never called here) and Offline.
 */
const QBX_CORE = (players: Array<Record<string, unknown>>) => `
  const { ExtBuffer } = require('msgpack-lite/lib/ext-buffer');
  const vec4 = ({ x, y, z, w }) => {
    const bytes = Buffer.alloc(16);
    [x, y, z, w].forEach((v, i) => bytes.writeFloatLE(v, 4 * i));
    return new ExtBuffer(bytes, 22);
  };
  const PLAYERS = ${JSON.stringify(players)}.map((p) => ({ ...p, position: vec4(p.position) }));
  const FUNCTIONS = Object.fromEntries(Array.from({ length: 22 }, (_, i) => ['Function' + i, () => undefined]));
  const bySource = new Map(PLAYERS.map((p) => [p.source, { PlayerData: p, Functions: FUNCTIONS, Offline: false }]));
  exports('GetPlayersData', () => PLAYERS);
  exports('GetPlayer', (source) => bySource.get(Number(source)));`;

/** ox_inventory's items of a generated `players` row: its slot table (modules/inventory/server.lua). */
function oxItems(index: number): unknown[] {
  const items = json(betaRow(index)[11]) as Array<{ name: string; amount: number; info: unknown; type: string; slot: number }>;
  return items.map(({ name, amount, info, type, slot }) => ({
    name,
    label: name,
    weight: 200 * amount,
    slot,
    count: amount,
    // Lua's empty table reaches JS as [].
    metadata: info === '' ? [] : info,
    stack: type !== 'weapon',
    close: true,
  }));
}

/** ox_inventory's GetInventoryItems(source): the player's slot table. */
const OX_INVENTORY = (inventories: unknown[][]) => `
  const ITEMS = ${JSON.stringify(inventories)};
  exports('GetInventoryItems', (source) => ITEMS[Number(source) - 1]);`;

/**
 * Connects the 64 players, starts the stand-in (after the players: es_extended's readers list
 * them when it starts), and waits until citizen_records has found it and them: only then are the
 * lookups live.
 */
export async function startFramework(server: ServerContext, resource: string, code: string): Promise<void> {
  for (const i of sources) server.host.world.connect({ source: i + 1 });
  server.startScript(resource, code);
  await waitFor(
    () => server.host.linesOf('citizen_records').some((line) => line.includes(`; ${ONLINE} citizens online`)),
    `${resource} found with its players`,
  );
}

defineServer({ name: 'live-off', convars: { 'citizen_records:live_records': 'false' } });
defineServer({ name: 'live-qb', setup: (server) => startFramework(server, 'qb-core', QB_CORE(sources.map(playerData))) });
defineServer({ name: 'live-esx', setup: (server) => startFramework(server, 'es_extended', ESX(sources.map(xPlayerFields))) });
defineServer({
  name: 'live-qbx',
  async setup(server) {
    server.startScript('ox_inventory', OX_INVENTORY(sources.map(oxItems)));
    await startFramework(server, 'qbx_core', QBX_CORE(sources.map(qbxPlayerData)));
    // Qbox keeps the live gauges in the player's state bag (its metadata copies them only on save).
    for (const i of sources) {
      const { hunger, thirst, stress } = json(betaRow(i)[10]) as Record<string, number>;
      for (const [key, value] of Object.entries({ hunger, thirst, stress })) server.host.setPlayerState(i + 1, key, value);
    }
  },
});

/** The answer came from where the scenario means: a live scenario that fell back to the database measures nothing. */
const from =
  (source: 'live' | 'database'): AnswerCheck =>
  (_body, headers) =>
    headers['x-record-source'] === source ? null : `X-Record-Source ${String(headers['x-record-source'])}, not ${source}`;

/** A citizen nobody plays: an online beta citizen's index asks the alpha citizen of that index instead. */
const offline = (l: Lookup) =>
  http(
    l.format === 'beta' && l.index < ONLINE ? citizenPath('alpha', alphaId(l.index)) : citizenPath(l.format, l.id),
    200,
    from('database'),
  );
/** One of the 64 online beta citizens, as `source` answers him. */
const online = (source: 'live' | 'database') => (l: Lookup) => http(citizenPath('beta', betaId(l.index % ONLINE)), 200, from(source));
/** One of the 64 online alpha citizens, likewise. */
const onlineAlpha = (source: 'live' | 'database') => (l: Lookup) =>
  http(citizenPath('alpha', alphaId(l.index % ONLINE)), 200, from(source));

defineScenario({ name: 'offline lookup, live off, http c16', server: 'live-off', concurrency: 16, request: offline });
/**
 * The same code on a second server alike: what two servers that differ in nothing differ by in
 * one run, against which the 5 % of the offline target can be read.
 */
defineServer({ name: 'live-off-twin', convars: { 'citizen_records:live_records': 'false' } });
defineScenario({
  name: 'offline lookup, live off, twin server, http c16',
  server: 'live-off-twin',
  concurrency: 16,
  request: offline,
  compare: [{ with: 'offline lookup, live off, http c16' }],
});
defineScenario({
  name: 'offline lookup, live on, http c16',
  server: 'live-qb',
  concurrency: 16,
  request: offline,
  compare: [{ with: 'offline lookup, live off, http c16', targets: { cpu: 1.05 } }],
});
defineScenario({
  name: 'online citizen, live off (database), http c16',
  server: 'live-off',
  concurrency: 16,
  request: online('database'),
});
defineScenario({
  name: 'online citizen, live on, http c16',
  server: 'live-qb',
  concurrency: 16,
  request: online('live'),
  compare: [{ with: 'online citizen, live off (database), http c16', targets: { cpu: 1.5 } }],
});

/** es_extended and qbx_core: each framework's online citizens, live against the database. */
defineScenario({
  name: 'online alpha citizen, live off (database), http c16',
  server: 'live-off',
  concurrency: 16,
  request: onlineAlpha('database'),
});
for (const [framework, server, format, request] of [
  ['es_extended', 'live-esx', 'alpha', onlineAlpha('live')],
  ['qbx_core', 'live-qbx', 'beta', online('live')],
] as const) {
  defineScenario({
    name: `online citizen, live on (${framework}), http c16`,
    server,
    concurrency: 16,
    request,
    compare: [
      {
        with: format === 'alpha' ? 'online alpha citizen, live off (database), http c16' : 'online citizen, live off (database), http c16',
        targets: { cpu: 1.5 },
      },
    ],
  });
}
