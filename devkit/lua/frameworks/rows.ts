/**
 * Database rows the stand-ins log characters in from, as oxmysql hands them over (JSON columns
 * as text), written like the rows each framework saves (values invented).
 */

/** A qb-core `players` row: qb-inventory items in slots 1, 2 and 4. */
export function qbCoreRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    citizenid: 'KQW48213',
    cid: 1,
    license: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
    name: 'Zoë',
    money: '{"cash":742,"bank":18250.5,"crypto":0}',
    charinfo:
      '{"firstname":"Zoë","lastname":"Brandt","birthdate":"1993-02-17","gender":1,"nationality":"German","phone":"4157732901","account":"US04QBCore5821337741","cid":1}',
    job: '{"name":"police","label":"Law Enforcement","payment":75,"type":"leo","onduty":true,"isboss":false,"grade":{"name":"Officer","level":1,"payment":75,"isboss":false}}',
    gang: '{"name":"none","label":"No Gang Affiliation","isboss":false,"grade":{"name":"none","level":0,"isboss":false}}',
    position: '{"x":441.8338623046875,"y":-981.9259643554688,"z":30.68960571289062}',
    metadata:
      '{"hunger":87.4,"thirst":88.6,"stress":3,"isdead":false,"inlaststand":false,"armor":0,"ishandcuffed":false,"tracker":false,"injail":0,"jailitems":[],"status":[],"phone":[],"rep":[],"callsign":"NO CALLSIGN","bloodtype":"O+","fingerprint":"Kq271Z84bRt3019","walletid":"QB-48213377","criminalrecord":{"hasRecord":false},"licences":{"driver":true,"business":false,"weapon":true},"inside":{"apartment":[]}}',
    inventory:
      '[{"name":"id_card","amount":1,"info":{"citizenid":"KQW48213","firstname":"Zoë"},"type":"item","slot":1},{"name":"weapon_pistol","amount":1,"info":{"serie":"48KQz7AB193lMnP","quality":97.45,"ammo":36},"type":"weapon","slot":2},{"name":"sandwich","amount":3,"info":"","type":"item","slot":4}]',
    last_updated: '2026-07-19 22:41:09',
    ...overrides,
  };
}

/** A qbx_core `players` row: position with heading, items owned by ox_inventory. */
export function qbxRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userId: 341,
    citizenid: 'QX7M2K9B',
    cid: 1,
    license: 'license2:51d0c8a2e9f74b36c1a05d9e8f27b4c63e0a19d5',
    name: 'Ana',
    money: '{"cash":500,"bank":5000,"crypto":0}',
    charinfo:
      '{"firstname":"Ana","lastname":"Łukasik","birthdate":"1999-08-05","gender":1,"nationality":"Poland","phone":"7318820455","account":"US07QBX1934588127","cid":1}',
    job: '{"name":"ambulance","label":"EMS","payment":50,"type":"ems","onduty":false,"isboss":false,"bankAuth":false,"grade":{"name":"Paramedic","level":1}}',
    gang: '{"name":"none","label":"No Gang","isboss":false,"bankAuth":false,"grade":{"name":"Unaffiliated","level":0}}',
    position: '{"x":-1037.7110595703125,"y":-2737.9296875,"z":20.169275283813477,"w":329.0516052246094}',
    metadata:
      '{"health":200,"hunger":71.6,"thirst":74.4,"stress":0,"isdead":false,"inlaststand":false,"armor":0,"ishandcuffed":false,"tracker":false,"injail":0,"jailitems":[],"status":[],"phone":[],"bloodtype":"A-","callsign":"NO CALLSIGN","fingerprint":"4KX9Q2M7ZB1C8RT","walletid":"QB-73104482","criminalrecord":{"hasRecord":false},"licences":{"id":true,"driver":true,"weapon":false},"inside":{"apartment":[]}}',
    inventory: '[{"name":"money","count":500,"slot":1},{"name":"bandage","count":6,"slot":2},{"name":"phone","count":1,"slot":3}]',
    phone_number: null,
    last_updated: '2026-07-19 22:41:09',
    ...overrides,
  };
}

/** An es_extended Legacy 1.13 `users` row (ox_inventory-style inventory column when ox runs). */
export function esxRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    identifier: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
    ssn: '412-37-8820',
    accounts: '{"bank":48210,"black_money":250,"money":1840}',
    group: 'user',
    inventory: '{"bread":2,"water":3,"phone":1}',
    job: 'police',
    job_grade: 2,
    loadout: '[{"name":"WEAPON_PISTOL","ammo":11,"components":["clip_default"],"tintIndex":0}]',
    metadata: '{"health":200,"armor":35,"lastPlaytime":86512,"jobDuty":true}',
    position: '{"x":441.8338623046875,"y":-981.9259643554688,"z":30.68960571289062,"heading":87.24681091308594}',
    firstname: 'Lena',
    lastname: 'Kowalczyk',
    dateofbirth: '14/07/1994',
    sex: 'f',
    height: 168,
    ...overrides,
  };
}

/** What reads a stored row: a connection of mysql2 (`TestDatabase.admin`). */
interface RowReader {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/**
 * A character's stored row as oxmysql hands it to a framework at login: JSON columns as text, a
 * TIMESTAMP as `YYYY-MM-DD hh:mm:ss` (the database's session zone is UTC), never a Date.
 */
export async function storedRow(db: RowReader, table: string, key: string, id: string): Promise<Record<string, unknown>> {
  const [rows] = (await db.query(`SELECT * FROM \`${table}\` WHERE \`${key}\` = ?`, [id])) as [Array<Record<string, unknown>>];
  if (rows.length === 0) throw new Error(`no row of ${table} has ${key} ${id}`);
  return Object.fromEntries(
    Object.entries(rows[0]).map(([column, value]) => [
      column,
      value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : value,
    ]),
  );
}
