import type { Row } from '../../../db/database';
import type { TableColumn } from '../../../db/table-columns';
import type { BetaRecord } from '../schema';

/**
 * Test data, and the rows behind the OpenAPI examples (documentation.ts): `players` rows
 * B.5–B.8 (docs/frameworks.md#test-rows) as oxmysql's `single`
 * hands them over for the SELECT of query.ts (TEXT columns as strings, `#` read as `id`,
 * `UNIX_TIMESTAMP(last_updated)` as a number of seconds, the database running in UTC).
 */

const LICENSE = 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a';

/** B.5: current QBCore with qb-inventory items. */
export const qbcoreRow: Row = {
  id: 88,
  citizenid: 'KQW48213',
  cid: 1,
  license: LICENSE,
  name: 'Zoë 🦊',
  money: '{"cash":742,"bank":18250.5,"crypto":0}',
  charinfo:
    '{"firstname":"Zoë","lastname":"Brandt","birthdate":"1993-02-17","gender":1,"backstory":"placeholder backstory","nationality":"German","phone":"4157732901","account":"US04QBCore5821337741","cid":1}',
  job: '{"name":"police","label":"Law Enforcement","payment":75,"type":"leo","onduty":true,"isboss":false,"grade":{"name":"Officer","level":1,"payment":75,"isboss":false}}',
  gang: '{"name":"none","label":"No Gang Affiliation","isboss":false,"grade":{"name":"none","level":0,"isboss":false}}',
  position: '{"x":441.8338623046875,"y":-981.9259643554688,"z":30.68960571289062}',
  metadata:
    '{"hunger":87.39999999999999,"thirst":88.6,"stress":3,"isdead":false,"inlaststand":false,"armor":0,"ishandcuffed":false,"tracker":false,"injail":0,"jailitems":[],"status":[],"phone":[],"rep":[],"callsign":"NO CALLSIGN","bloodtype":"O+","fingerprint":"Kq271Z84bRt3019","walletid":"QB-48213377","criminalrecord":{"hasRecord":false},"licences":{"driver":true,"business":false,"weapon":true},"inside":{"apartment":[]},"phonedata":{"SerialNumber":58213377,"InstalledApps":{"spotify":{"app":"spotify"}}}}',
  inventory:
    '[{"name":"id_card","amount":1,"info":{"citizenid":"KQW48213","firstname":"Zoë","lastname":"Brandt","birthdate":"1993-02-17","gender":1,"nationality":"German"},"type":"item","slot":1},{"name":"weapon_pistol","amount":1,"info":{"serie":"48KQz7AB193lMnP","quality":97.45,"ammo":36,"attachments":[{"component":"COMPONENT_AT_PI_FLSH"}]},"type":"weapon","slot":2},{"name":"phone","amount":1,"info":"","type":"item","slot":4},{"name":"sandwich","amount":3,"info":"","type":"item","slot":5}]',
  last_updated_unix: Date.UTC(2026, 2, 14, 21, 7, 33) / 1000,
};

/**
 * The record docs/design.md §3.2 makes of B.5, written from the rules and the stored row (not from the
 * normaliser's output); the unit tests and the end-to-end test both expect it.
 */
export const qbcoreRecord: BetaRecord = {
  id: 88,
  citizenid: 'KQW48213',
  license: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
  name: 'Zoë 🦊',
  money: { cash: 742, bank: 18250.5, crypto: 0 },
  charinfo: {
    firstname: 'Zoë',
    lastname: 'Brandt',
    birthdate: '1993-02-17',
    nationality: 'German',
    gender: 'female',
    phone: '4157732901',
    account: 'US04QBCore5821337741',
    cid: '1',
  },
  job: {
    name: 'police',
    label: 'Law Enforcement',
    type: 'leo',
    isboss: false,
    onduty: true,
    grade: { name: 'Officer', level: 1, payment: 75, isboss: false },
    payment: 75,
  },
  gang: { name: 'none', label: 'No Gang Affiliation', isboss: false, grade: { name: 'none', level: 0, isboss: false } },
  position: { x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 },
  metadata: {
    hunger: 87.39999999999999,
    thirst: 88.6,
    stress: 3,
    armor: 0,
    isdead: false,
    ishandcuffed: false,
    inlaststand: false,
    tracker: false,
    injail: 0,
    bloodtype: 'O+',
    fingerprint: 'Kq271Z84bRt3019',
    walletid: 'QB-48213377',
    callsign: 'NO CALLSIGN',
    licences: { driver: true, weapon: true, business: false },
    criminalrecord: { hasRecord: false },
    phonedata: { SerialNumber: 58213377, InstalledApps: ['spotify'] },
  },
  inventory: [
    { name: 'id_card', count: 1, slot: 1, metadata: {} },
    {
      name: 'weapon_pistol',
      count: 1,
      slot: 2,
      metadata: { durability: 97.45, ammo: 36, serial: '48KQz7AB193lMnP', components: ['COMPONENT_AT_PI_FLSH'] },
    },
    { name: 'phone', count: 1, slot: 4, metadata: {} },
    { name: 'sandwich', count: 3, slot: 5, metadata: {} },
  ],
  last_updated: '2026-03-14T21:07:33.000Z',
};

/** B.6: QBCore with ox_inventory (2024), with older-format leftovers in `metadata`. */
export const qbcoreOxRow: Row = {
  id: 412,
  citizenid: 'PZT90517',
  cid: 2,
  license: LICENSE,
  name: 'xXMarcusXx',
  money: '{"cash":320,"bank":7400,"crypto":0}',
  charinfo:
    '{"firstname":"Marcus","lastname":"Hale","birthdate":"1988-11-30","gender":0,"backstory":"placeholder backstory","nationality":"American","phone":"6287714402","account":"US08QBCore9120448317","cid":"2"}',
  job: '{"name":"mechanic","label":"Mechanic","payment":50,"type":"none","onduty":false,"isboss":false,"grade":{"name":"Novice","level":1}}',
  gang: '{"name":"ballas","label":"Ballas","isboss":false,"grade":{"name":"Recruit","level":0}}',
  position: '{"x":-1035.7099609375,"y":-2731.8701171875,"z":12.86000061035156,"w":0.0}',
  metadata:
    '{"hunger":64.2,"thirst":58.4,"stress":12,"isdead":false,"inlaststand":false,"armor":50,"ishandcuffed":false,"tracker":false,"injail":12,"jailitems":{"1":{"name":"lockpick","amount":2,"info":"","label":"Lockpick","weight":300,"type":"item","slot":1},"14":{"name":"weapon_knife","amount":1,"info":{"serie":"73abc4DE912fGhI","quality":100},"label":"Knife","weight":1000,"type":"weapon","slot":14}},"status":[],"phone":[],"rep":[],"callsign":"NO CALLSIGN","bloodtype":"B-","fingerprint":"aZ904q17Tum8842","walletid":"QB-90214478","criminalrecord":{"hasRecord":true,"date":{"year":2024,"month":6,"day":2,"hour":18,"min":31,"sec":5,"wday":1,"yday":154,"isdst":true}},"licences":{"driver":true,"business":false},"inside":{"apartment":[]},"phonedata":{"SerialNumber":33019284,"InstalledApps":[]},"dealerrep":0,"craftingrep":0,"attachmentcraftingrep":0,"jobrep":{"tow":0,"trucker":0,"taxi":0,"hotdog":0}}',
  inventory:
    '[{"name":"money","count":320,"slot":1},{"name":"WEAPON_PISTOL","count":1,"slot":2,"metadata":{"durability":96.5,"ammo":12,"components":["at_flashlight"],"serial":"519204QJX884102","registered":"Marcus Hale"}},{"name":"burger","count":2,"slot":3,"metadata":{"durability":1717600000,"degrade":4320}},{"name":"bandage","count":5,"slot":7}]',
  last_updated_unix: Date.UTC(2024, 5, 2, 18, 44, 10) / 1000,
};

/** B.7: current Qbox (its extra columns are not selected). */
export const qboxRow: Row = {
  id: 1207,
  citizenid: 'QX7M2K9B',
  cid: 1,
  license: 'license2:51d0c8a2e9f74b36c1a05d9e8f27b4c63e0a19d5',
  name: 'Ana Łukasik',
  money: '{"cash":500,"bank":5000,"crypto":0}',
  charinfo:
    '{"firstname":"Ana","lastname":"Łukasik","birthdate":"1999-08-05","gender":1,"backstory":"placeholder backstory","nationality":"Poland","phone":"7318820455","account":"US07QBX1934588127","cid":1}',
  job: '{"name":"ambulance","label":"EMS","payment":50,"type":"ems","onduty":false,"isboss":false,"bankAuth":false,"grade":{"name":"Paramedic","level":1}}',
  gang: '{"name":"none","label":"No Gang","isboss":false,"bankAuth":false,"grade":{"name":"Unaffiliated","level":0}}',
  position: '{"x":-1037.7110595703125,"y":-2737.9296875,"z":20.169275283813477,"w":329.0516052246094}',
  metadata:
    '{"optin":false,"health":200,"hunger":71.6,"thirst":74.4,"stress":0,"isdead":false,"inlaststand":false,"armor":0,"ishandcuffed":false,"tracker":false,"injail":0,"jailitems":[],"status":[],"phone":[],"bloodtype":"A-","dealerrep":0,"craftingrep":0,"attachmentcraftingrep":0,"jobrep":{"tow":0,"trucker":0,"taxi":0,"hotdog":0},"callsign":"NO CALLSIGN","fingerprint":"4KX9Q2M7ZB1C8RT","walletid":"QB-73104482","criminalrecord":{"hasRecord":false},"licences":{"id":true,"driver":true,"weapon":false},"inside":{"apartment":[]},"phonedata":{"SerialNumber":40192837,"InstalledApps":[]}}',
  inventory: '[{"name":"money","count":500,"slot":1},{"name":"bandage","count":6,"slot":2},{"name":"phone","count":1,"slot":3}]',
  last_updated_unix: Date.UTC(2026, 6, 19, 22, 41, 9) / 1000,
};

/** B.8: early QBCore (April 2021), latin1 table with `#` as its id column. */
export const qbcore2021Row: Row = {
  id: 4190,
  citizenid: 'HBD20761',
  cid: 1,
  license: LICENSE,
  name: 'Joris',
  money: '{"cash":500,"bank":5000,"crypto":0}',
  charinfo:
    '{"firstname":"Joris","lastname":"de Vries","birthdate":"1995-05-09","gender":0,"backstory":"placeholder backstory","nationality":"Dutch","phone":"0641827736","account":"NL05QBUS4417220938","cid":"1"}',
  job: '{"name":"unemployed","label":"unemployed","payment":10,"onduty":true}',
  gang: '{"name":"geen","label":"Geen Gang"}',
  position: '{"x":-1035.71,"y":-2731.87,"z":12.86,"a":0.0}',
  metadata:
    '{"hunger":100,"thirst":100,"stress":0,"isdead":false,"inlaststand":false,"armor":0,"ishandcuffed":false,"tracker":false,"injail":0,"jailitems":[],"status":[],"phone":[],"fitbit":[],"commandbinds":[],"bloodtype":"AB+","dealerrep":0,"craftingrep":0,"attachmentcraftingrep":0,"jobrep":{"tow":0,"trucker":0,"taxi":0,"hotdog":0},"callsign":"NO CALLSIGN","fingerprint":"Lp204K19xQe5521","walletid":"QB-20483312","criminalrecord":{"hasRecord":false},"licences":{"driver":true,"business":false},"inside":{"apartment":[]},"phonedata":{"SerialNumber":71520934,"InstalledApps":[]}}',
  inventory: '[]',
  last_updated_unix: Date.UTC(2021, 3, 20, 9, 15, 0) / 1000,
};

export const ALL_ROWS = { qbcoreRow, qbcoreOxRow, qboxRow, qbcore2021Row };

/** A column set as readTableColumns returns it: lower-case keys, `[name, dataType]` pairs. */
export function tableColumns(collation: string, columns: Array<[string, string]>): Map<string, TableColumn> {
  const maxBytes: Record<string, number> = { varchar: 1020, varbinary: 200, text: 65_535, longtext: 4_294_967_295 };
  return new Map(
    columns.map(([name, dataType]) => [
      name.toLowerCase(),
      { name, dataType, collation: dataType in maxBytes ? collation : '', maxBytes: maxBytes[dataType] ?? null },
    ]),
  );
}

const PLAYERS_BODY: Array<[string, string]> = [
  ['license', 'varchar'],
  ['name', 'varchar'],
  ['money', 'text'],
  ['charinfo', 'text'],
  ['job', 'text'],
  ['gang', 'text'],
  ['position', 'text'],
  ['metadata', 'text'],
  ['inventory', 'longtext'],
];

/** The first qb-core table (qb-core@36a139c:qbcore.sql, April 2021): `#`, `steam`, latin1. */
export const columns2021 = tableColumns('latin1_swedish_ci', [
  ['#', 'int'],
  ['citizenid', 'varchar'],
  ['cid', 'int'],
  ['steam', 'varchar'],
  ...PLAYERS_BODY,
  ['last_updated', 'timestamp'],
]);

/** qb-core@main:qbcore.sql: no table charset, so the server default, here MariaDB's. */
export const columnsQbcore = tableColumns('utf8mb4_general_ci', [
  ['id', 'int'],
  ['citizenid', 'varchar'],
  ['cid', 'int'],
  ...PLAYERS_BODY,
  ['last_updated', 'timestamp'],
]);

/** qbx_core@main:qbx_core.sql with its ALTERs (docs/frameworks.md#qbox-players-table). */
export const columnsQbox = tableColumns('utf8mb4_unicode_ci', [
  ['id', 'int'],
  ['userId', 'int'],
  ['citizenid', 'varchar'],
  ['cid', 'int'],
  ...PLAYERS_BODY,
  ['phone_number', 'varchar'],
  ['last_updated', 'timestamp'],
  ['last_logged_out', 'timestamp'],
]);
