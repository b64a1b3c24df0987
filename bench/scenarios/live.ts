/**
 * Live records (issue 20): what they cost the main thread. A server with live records on and a
 * plain-JS qb-core (2026-05 exports) holding 64 players online, one with `live_records` off; both
 * answer the same lookups. Targets: an offline citizen's lookup at most 1.05× the CPU with live
 * records off, an online citizen's (the framework's PlayerData merged over the row) at most 1.5×
 * the same citizen's database lookup. The stand-in answers from a Map, so its own cost is
 * negligible (the Lua stand-ins of devkit/lua serve fidelity, not timing); without OneSync in the
 * bench host, no ped is read.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import { alphaId, betaId, betaRow } from '../citizens';
import { defineScenario, defineServer, http, type Lookup } from '../registry';
import { citizenPath } from './lookups';

/** Players online on the live server: generated beta citizens 0 … 63, server ids 1 … 64. */
const ONLINE = 64;

/** The PlayerData qb-core builds from a generated `players` row (its JSON columns decoded). */
function playerData(index: number): Record<string, unknown> {
  const [, citizenid, cid, license, name, money, charinfo, job, gang, position, metadata, inventory] = betaRow(index) as string[];
  const json = (text: string) => JSON.parse(text) as unknown;
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

/** qb-core from 2026-05 as citizen_records reads it: GetShared marks the generation, GetPlayers/GetPlayer rebuild the online set, GetPlayerByCitizenId reads one. */
const QB_CORE = (players: Array<Record<string, unknown>>) => `
  const PLAYERS = ${JSON.stringify(players)};
  const bySource = new Map(PLAYERS.map((p) => [p.source, { PlayerData: p }]));
  const byCitizenId = new Map(PLAYERS.map((p) => [p.citizenid, { PlayerData: p }]));
  exports('GetShared', () => ({}));
  exports('GetPlayers', () => PLAYERS.map((p) => p.source));
  exports('GetPlayer', (source) => bySource.get(Number(source)));
  exports('GetPlayerByCitizenId', (citizenid) => byCitizenId.get(citizenid));`;

defineServer({ name: 'live-off', convars: { 'citizen_records:live_records': 'false' } });
defineServer({
  name: 'live-qb',
  async setup(server) {
    server.startScript('qb-core', QB_CORE(Array.from({ length: ONLINE }, (_, i) => playerData(i))));
    // The lookups are live only once citizen_records has found qb-core and its players.
    await waitFor(
      () => server.host.linesOf('citizen_records').some((line) => line.includes(`; ${ONLINE} citizens online`)),
      'qb-core found with its players',
    );
  },
});

/** A citizen nobody plays: an online beta citizen's index asks the alpha citizen of that index instead. */
const offline = (l: Lookup) =>
  http(l.format === 'beta' && l.index < ONLINE ? citizenPath('alpha', alphaId(l.index)) : citizenPath(l.format, l.id));
/** One of the 64 online citizens. */
const online = (l: Lookup) => http(citizenPath('beta', betaId(l.index % ONLINE)));

defineScenario({ name: 'offline lookup, live off, http c16', server: 'live-off', concurrency: 16, request: offline });
defineScenario({
  name: 'offline lookup, live on, http c16',
  server: 'live-qb',
  concurrency: 16,
  request: offline,
  compare: [{ with: 'offline lookup, live off, http c16', targets: { cpu: 1.05 } }],
});
defineScenario({ name: 'online citizen, live off (database), http c16', server: 'live-off', concurrency: 16, request: online });
defineScenario({
  name: 'online citizen, live on, http c16',
  server: 'live-qb',
  concurrency: 16,
  request: online,
  compare: [{ with: 'online citizen, live off (database), http c16', targets: { cpu: 1.5 } }],
});
