/**
 * Generated citizens for the bench: ESX `users` and QBCore `players` rows in three sizes, cycling
 * small, typical, large by index, so every block of lookups sees the same mix. Typical follows the
 * fixture rows (a handful of items, a full skin); large has a 50-slot inventory with item metadata,
 * a skin with many tattoos and a long metadata column.
 */
import { Readable } from 'node:stream';
import type { Connection, QueryOptions, ResultSetHeader } from 'mysql2/promise';

export type Size = 'small' | 'typical' | 'large';
export const SIZES: readonly Size[] = ['small', 'typical', 'large'];

export const sizeOf = (index: number): Size => SIZES[index % 3];
export const alphaId = (index: number): string => `char1:${index.toString(16).padStart(40, '0')}`;
export const betaId = (index: number): string => `B${index.toString().padStart(7, '0')}`;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
/** The generated names: every eighth citizen of a format has the same first and last name (alphaName, betaName). */
export const FIRST = ['Lena', 'Marcus', 'Zoë', 'Ahmed', 'Keiko', 'Jonas', 'Priya', 'Mateo'];
export const LAST = ['Kowalczyk', 'Hale', 'Brandt', 'Haddad', 'Sato', 'Berg', 'Rao', 'Silva'];
/** First and last name of generated citizen `index` of each format (the formats pair them differently). */
export const alphaName = (index: number): [string, string] => [pick(FIRST, index), pick(LAST, index + 3)];
export const betaName = (index: number): [string, string] => [pick(FIRST, index), pick(LAST, index + 5)];
const ITEMS = ['water', 'burger', 'bandage', 'phone', 'lockpick', 'radio', 'ammo-9', 'WEAPON_PISTOL', 'cola', 'joint'];

function headOverlays(i: number): Record<string, unknown> {
  const names = [
    'blemishes',
    'beard',
    'eyebrows',
    'ageing',
    'makeUp',
    'blush',
    'complexion',
    'sunDamage',
    'lipstick',
    'moleAndFreckles',
    'chestHair',
    'bodyBlemishes',
  ];
  return Object.fromEntries(names.map((n, k) => [n, { style: (i + k) % 20, opacity: ((i + k) % 10) / 10, color: k % 5, secondColor: 0 }]));
}

function skin(i: number, size: Size): unknown {
  if (size === 'small') return { sex: i % 2, tshirt_1: 15, torso_1: 1, pants_1: 4, shoes_1: 1 };
  const tattoos = size === 'large' ? 24 : 1;
  return {
    model: i % 2 ? 'mp_f_freemode_01' : 'mp_m_freemode_01',
    headBlend: {
      shapeFirst: i % 45,
      shapeSecond: 4,
      shapeThird: 0,
      skinFirst: 21,
      skinSecond: 4,
      skinThird: 0,
      shapeMix: 0.35,
      skinMix: 0.6,
      thirdMix: 0,
    },
    faceFeatures: Object.fromEntries(
      [
        'noseWidth',
        'nosePeakHigh',
        'nosePeakSize',
        'noseBoneHigh',
        'nosePeakLowering',
        'noseBoneTwist',
        'eyeBrownHigh',
        'eyeBrownForward',
        'cheeksBoneHigh',
        'cheeksBoneWidth',
        'cheeksWidth',
        'eyesOpening',
        'lipsThickness',
        'jawBoneWidth',
        'jawBoneBackSize',
        'chinBoneLowering',
        'chinBoneLenght',
        'chinBoneSize',
        'chinHole',
        'neckThickness',
      ].map((n, k) => [n, ((i + k) % 21) / 10 - 1]),
    ),
    headOverlays: headOverlays(i),
    components: Array.from({ length: 12 }, (_, k) => ({ component_id: k, drawable: (i + k) % 60, texture: k % 3 })),
    props: [0, 1, 2, 6, 7].map((k) => ({ prop_id: k, drawable: ((i + k) % 12) - 1, texture: -1 })),
    hair: { style: i % 40, color: 2, highlight: 5, texture: 0 },
    tattoos: {
      ZONE_TORSO: Array.from({ length: tattoos }, (_, k) => ({
        name: `TAT_AR_${String(k).padStart(3, '0')}`,
        label: `Tattoo ${k}`,
        hashMale: `MP_Airraces_Tattoo_${String(k).padStart(3, '0')}_M`,
        hashFemale: `MP_Airraces_Tattoo_${String(k).padStart(3, '0')}_F`,
        zone: 'ZONE_TORSO',
        collection: 'mpairraces_overlays',
        opacity: 0.8,
      })),
    },
    eyeColor: i % 30,
  };
}

function slots(size: Size): number {
  return size === 'small' ? 2 : size === 'typical' ? 7 : 50;
}

function alphaInventory(i: number, size: Size): unknown[] {
  return Array.from({ length: slots(size) }, (_, k) => {
    const name = pick(ITEMS, i + k);
    const item: Record<string, unknown> = { name, count: 1 + ((i + k) % 40), slot: k + 1 };
    if (size !== 'small' && k % 2 === 0) {
      item.metadata =
        name === 'WEAPON_PISTOL'
          ? {
              durability: 93.7,
              ammo: 11,
              components: ['at_flashlight'],
              serial: `${i}KTR${k}`,
              registered: `${pick(FIRST, i)} ${pick(LAST, i)}`,
            }
          : { durability: 1773360000 + k, degrade: 4320, label: `${name} ${k}` };
    }
    return item;
  });
}

function longMetadata(size: Size): Record<string, unknown> {
  if (size !== 'large') return {};
  return Object.fromEntries(Array.from({ length: 120 }, (_, k) => [`note_${k}`, `entry ${k}: ${'x'.repeat(40)}`]));
}

export function alphaRow(index: number): unknown[] {
  const size = sizeOf(index);
  return [
    alphaId(index),
    JSON.stringify({ bank: 1000 + index, black_money: index % 500, money: index % 3000 }),
    'user',
    JSON.stringify(alphaInventory(index, size)),
    index % 4 ? 'police' : 'unemployed',
    index % 5,
    '[]',
    JSON.stringify({ health: 200, armor: index % 100, lastPlaytime: index * 7, jobDuty: index % 2 === 0, ...longMetadata(size) }),
    JSON.stringify({ x: 441.8338623046875 + index, y: -981.9259643554688, z: 30.68960571289062, heading: 87.24681091308594 }),
    ...alphaName(index),
    `${String(1 + (index % 28)).padStart(2, '0')}/07/19${60 + (index % 40)}`,
    index % 2 ? 'f' : 'm',
    160 + (index % 40),
    JSON.stringify(skin(index, size)),
    JSON.stringify([
      { name: 'hunger', val: 712400, percent: 71.24 },
      { name: 'thirst', val: 655300, percent: 65.53 },
      { name: 'drunk', val: 0, percent: 0 },
    ]),
    0,
    index + 1,
    0,
    `555-${String(index % 10000).padStart(4, '0')}`,
  ];
}
/** The `users` columns alphaRow fills, in its order. */
const ALPHA_COLUMNS = [
  'identifier',
  'accounts',
  'group',
  'inventory',
  'job',
  'job_grade',
  'loadout',
  'metadata',
  'position',
  'firstname',
  'lastname',
  'dateofbirth',
  'sex',
  'height',
  'skin',
  'status',
  'is_dead',
  'id',
  'disabled',
  'phone_number',
];

function betaInventory(i: number, size: Size): unknown[] {
  return Array.from({ length: slots(size) }, (_, k) => {
    const name = pick(ITEMS, i + k).toLowerCase();
    const info = size === 'small' || k % 2 ? '' : { quality: 97.45, serie: `${i}Kq${k}`, ammo: k, label: `${name} ${k}` };
    return { name, amount: 1 + ((i + k) % 40), info, type: name.startsWith('weapon') ? 'weapon' : 'item', slot: k + 1 };
  });
}

export function betaRow(index: number): unknown[] {
  const size = sizeOf(index);
  const citizenid = betaId(index);
  const [first, last] = betaName(index);
  return [
    index + 1000,
    citizenid,
    1 + (index % 4),
    `license:${index.toString(16).padStart(40, 'a')}`,
    `${first}${index}`,
    JSON.stringify({ cash: index % 1000, bank: 18250.5 + index, crypto: 0 }),
    JSON.stringify({
      firstname: first,
      lastname: last,
      birthdate: '1993-02-17',
      gender: index % 2,
      backstory: 'placeholder backstory',
      nationality: 'German',
      phone: `415${String(index).padStart(7, '0')}`,
      account: `US04QBCore${String(index).padStart(10, '0')}`,
      cid: 1 + (index % 4),
    }),
    JSON.stringify({
      name: 'police',
      label: 'Law Enforcement',
      payment: 75,
      type: 'leo',
      onduty: index % 2 === 0,
      isboss: false,
      grade: { name: 'Officer', level: 1, payment: 75, isboss: false },
    }),
    JSON.stringify({ name: 'none', label: 'No Gang Affiliation', isboss: false, grade: { name: 'none', level: 0, isboss: false } }),
    JSON.stringify({ x: 441.8338623046875, y: -981.9259643554688 - index, z: 30.68960571289062, w: 12.5 }),
    JSON.stringify({
      hunger: 87.39999999999999,
      thirst: 88.6,
      stress: 3,
      isdead: false,
      inlaststand: false,
      armor: 0,
      ishandcuffed: false,
      tracker: false,
      injail: 0,
      jailitems: [],
      status: [],
      phone: [],
      rep: [],
      callsign: 'NO CALLSIGN',
      bloodtype: 'O+',
      fingerprint: `Kq${index}Z84`,
      walletid: `QB-${index}`,
      criminalrecord: { hasRecord: false },
      licences: { driver: true, business: false, weapon: index % 3 === 0 },
      ...(size === 'typical' ? { skin: skin(index, size) } : {}),
      ...longMetadata(size),
      ...(size === 'large' ? { skin: skin(index, size) } : {}),
    }),
    JSON.stringify(betaInventory(index, size)),
  ];
}
/** The `players` columns betaRow fills, in its order. */
const BETA_COLUMNS = ['id', 'citizenid', 'cid', 'license', 'name', 'money', 'charinfo', 'job', 'gang', 'position', 'metadata', 'inventory'];

/**
 * One field of a `LOAD DATA` line in its default format (fields ended by a tab, lines by a newline,
 * `\\` escaping; https://mariadb.com/kb/en/load-data-infile/): NULL is `\N`, and a backslash, tab,
 * newline, carriage return or NUL in the value is escaped.
 */
export function loadDataField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r\0]/g, (c) => LOAD_DATA_ESCAPES[c]);
}
const LOAD_DATA_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

/**
 * The lines of `count` rows as LOAD DATA reads them, in chunks of about 1 MB: mysql2 sends each
 * chunk as one packet, which must stay under max_allowed_packet (16 MB by default).
 */
function* loadDataChunks(count: number, row: (index: number) => unknown[]): Generator<Buffer> {
  let chunk = '';
  for (let index = 0; index < count; index++) {
    chunk += `${row(index).map(loadDataField).join('\t')}\n`;
    if (chunk.length > 1 << 20) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

/**
 * Streams `count` generated rows (`row(index)`: the values of `columns`, in order) into `table` with
 * one LOAD DATA LOCAL INFILE; the server's local_infile must be ON (MariaDB's default). LOCAL turns
 * what an INSERT would refuse (a duplicate key, a value too long) into warnings and skipped rows,
 * so any warning or missing row fails here instead.
 */
export async function loadRows(
  admin: Connection,
  table: string,
  columns: readonly string[],
  count: number,
  row: (index: number) => unknown[],
): Promise<void> {
  const [result] = await admin.query<ResultSetHeader>({
    sql: `LOAD DATA LOCAL INFILE 'generated' INTO TABLE \`${table}\` CHARACTER SET utf8mb4 (${columns.map((c) => `\`${c}\``).join(', ')})`,
    infileStreamFactory: () => Readable.from(loadDataChunks(count, row)),
  } as QueryOptions);
  if (result.affectedRows !== count || result.warningStatus !== 0) {
    const [warnings] = await admin.query('SHOW WARNINGS LIMIT 5');
    throw new Error(
      `LOAD DATA into ${table}: ${result.affectedRows} of ${count} rows, ${result.warningStatus} warnings: ${JSON.stringify(warnings)}`,
    );
  }
}

/**
 * Inserts `count` citizens of each format. LOAD DATA rather than INSERTs: 10,000 citizens of each
 * took 20 s as multi-row INSERTs of 300 rows, 4.5 s this way (mysql2 escapes every value of an
 * INSERT in JavaScript, the server parses it again); 100,000 take about a minute.
 */
export async function insertCitizens(admin: Connection, count: number): Promise<void> {
  await loadRows(admin, 'users', ALPHA_COLUMNS, count, alphaRow);
  await loadRows(admin, 'players', BETA_COLUMNS, count, betaRow);
}
