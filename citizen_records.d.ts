// Generated from the contract and the zod schemas of citizen_records (npm run build): do not edit.

export interface AlphaRecord {
  /** The ESX identifier as stored: bare license hex, `char1:<hex>`, `steam:<hex>`, … */
  identifier: string;
  firstname: string;
  lastname: string;
  /** A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date. */
  dateofbirth: string | "";
  /** `m` or `f`; `""` when none is stored or the stored value is neither. */
  sex: "m" | "f" | "";
  /** As stored by esx_identity: centimetres on current servers, inches on pre-2022 ones. */
  height: number;
  /** Job name; `unemployed` when none is stored. */
  job: string;
  job_grade: number;
  /** Permission group; `user` when none is stored. */
  group: string;
  /** Account balances; an account the database does not hold is 0. */
  accounts: {
    /** Cash. */
    money: number;
    /** Bank balance. */
    bank: number;
    /** Dirty money. */
    black_money: number;
  };
  inventory: Array<{
    /** Item name as the inventory registers it, e.g. `water`, `WEAPON_PISTOL`. */
    name: string;
    count: number;
    /** Slot as stored by ox_inventory; for the classic ESX inventory (which has no slots) 1..n in item-name order. */
    slot: number;
  }>;
  /** Weapons of the classic ESX loadout; empty under ox_inventory, where weapons are inventory items. */
  loadout: Array<{
    /** Weapon name, e.g. `WEAPON_PISTOL`. */
    name: string;
    ammo: number;
  }>;
  metadata: {
    /** Ped health, 0 to 200 (ESX Legacy 1.9.4+; 0 on older servers). */
    health: number;
    /** Armour, 0 to 100. */
    armor: number;
  };
  /** Last saved world coordinates, heading dropped; the origin when none are stored. */
  position: {
    x: number;
    y: number;
    z: number;
  };
  /** Appearance in the fivem-appearance / illenium-appearance shape; a skinchanger skin is converted with illenium-appearance's mapping; no stored skin gives empty values. */
  skin: {
    /** Ped model, e.g. `mp_m_freemode_01`; `""` when no skin is stored. */
    model: string;
    eyeColor: number;
    hair: {
      style: number;
      color: number;
      highlight: number;
    };
    headBlend: {
      shapeFirst: number;
      shapeSecond: number;
      shapeMix: number;
      skinFirst: number;
      skinSecond: number;
      skinMix: number;
    };
    components: Array<{
      component_id: number;
      drawable: number;
      texture: number;
    }>;
    props: Array<{
      prop_id: number;
      drawable: number;
      texture: number;
    }>;
    /** fivem-appearance / illenium-appearance head overlays keyed by name, each usually `{style, opacity, color, secondColor}`. */
    headOverlays: Record<string, unknown>;
    /** Face features keyed by name (`noseWidth`, …), each a number from -1 to 1. */
    faceFeatures: Record<string, unknown>;
    /** Tattoos of every zone in one list, each as stored (`name`, `collection`, `zone`, …). */
    tattoos: Array<Record<string, unknown>>;
  };
  status: Array<{
    /** Status name, e.g. `hunger`, `thirst`, `drunk`. */
    name: string;
    /** Raw value, 0 to 1000000 in esx_status. */
    val: number;
    /** `val` as a percentage, 0 to 100. */
    percent: number;
  }>;
  is_dead: boolean;
  /** Character disabled by esx_multicharacter. */
  disabled: boolean;
  /** esx_property: a property name (v1), or the stored JSON text `{"id", "coords"}` (v2); `""` when none. */
  last_property: string;
  /** As stored, numbers written as decimal text; `""` when none. */
  phone_number: string;
}

export interface AlphaSummary {
  /** The ESX identifier as stored: bare license hex, `char1:<hex>`, `steam:<hex>`, … */
  identifier: string;
  firstname: string;
  lastname: string;
  /** A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date. */
  dateofbirth: string | "";
  /** `m` or `f`; `""` when none is stored or the stored value is neither. */
  sex: "m" | "f" | "";
  /** As stored by esx_identity: centimetres on current servers, inches on pre-2022 ones. */
  height: number;
  /** Job name; `unemployed` when none is stored. */
  job: string;
  job_grade: number;
  /** As stored, numbers written as decimal text; `""` when none. */
  phone_number: string;
}

export interface BetaRecord {
  /** Row id in the players table */
  id: number;
  /** Unique citizen id as stored, a short code such as KQW48213 */
  citizenid: string;
  /** Platform license of the player, e.g. license:<hex> or license2:<hex> */
  license: string;
  /** Player user name as stored (may contain emoji) */
  name: string;
  /** Money by type; other money types a server adds are not part of the record */
  money: {
    /** Cash in hand */
    cash: number;
    /** Bank balance; may be negative */
    bank: number;
    /** Crypto balance */
    crypto: number;
  };
  /** Character identity */
  charinfo: {
    /** First name */
    firstname: string;
    /** Family name */
    lastname: string;
    /** A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date. */
    birthdate: string | "";
    /** Nationality */
    nationality: string;
    /** male or female; any other stored value as text */
    gender: string;
    /** Phone number */
    phone: string;
    /** Bank account number */
    account: string;
    /** Character slot of the player */
    cid: string;
  };
  /** The citizen's job */
  job: {
    /** Job name, e.g. police; unemployed when none */
    name: string;
    /** Job label shown to players */
    label: string;
    /** Job type, e.g. leo or ems; open-ended; none when the job has no type */
    type: string;
    /** Whether the player is a boss of this job */
    isboss: boolean;
    /** Whether the player is on duty */
    onduty: boolean;
    grade: {
      /** Grade name */
      name: string;
      /** Grade level, 0 for the lowest */
      level: number;
      /** Salary of this grade */
      payment: number;
      /** Whether this grade is a boss grade */
      isboss: boolean;
    };
    /** Salary */
    payment: number;
  };
  /** The citizen's gang */
  gang: {
    /** Gang name; none when not in a gang */
    name: string;
    /** Gang label shown to players */
    label: string;
    /** Whether the player is the gang's boss */
    isboss: boolean;
    grade: {
      /** Grade name */
      name: string;
      /** Grade level, 0 for the lowest */
      level: number;
      /** Whether this grade is a boss grade */
      isboss: boolean;
    };
  };
  /** Last saved world coordinates, heading dropped; the origin when none are stored. */
  position: {
    x: number;
    y: number;
    z: number;
  };
  /** Character state; values the row lacks take qb-core's PlayerDefaults */
  metadata: {
    /** Hunger level (100 is fed), from 0 to 100 */
    hunger: number;
    /** Thirst level (100 is quenched), from 0 to 100 */
    thirst: number;
    /** Stress level, from 0 to 100 */
    stress: number;
    /** Armor level, from 0 to 100 */
    armor: number;
    /** Character is dead */
    isdead: boolean;
    /** Character is handcuffed */
    ishandcuffed: boolean;
    /** Character is unconscious (last stand) */
    inlaststand: boolean;
    /** GPS ankle tracker active */
    tracker: boolean;
    /** Remaining jail time in minutes; 0 when not in jail */
    injail: number;
    /** Blood group, e.g. O+; empty when never generated */
    bloodtype: string;
    /** Fingerprint id */
    fingerprint: string;
    /** Wallet id, e.g. QB-48213377 */
    walletid: string;
    /** Radio call sign; NO CALLSIGN when none */
    callsign: string;
    /** Licences; a licence the row does not mention is false */
    licences: {
      /** Holds a driving licence */
      driver: boolean;
      /** Holds a weapon licence */
      weapon: boolean;
      /** Holds a business licence */
      business: boolean;
    };
    criminalrecord: {
      /** Has a criminal record */
      hasRecord: boolean;
    };
    phonedata: {
      /** Phone serial number */
      SerialNumber: number;
      /** Names of the apps installed on the phone */
      InstalledApps: Array<string>;
    };
  };
  /** Items by slot, in slot order */
  inventory: Array<{
    /** Item name */
    name: string;
    /** Quantity */
    count: number;
    /** Inventory slot the item is stored in */
    slot: number;
    /** Only the keys this item really has: a bread carries none, a weapon usually all five */
    metadata: {
      /** Item condition in percent; an expiring ox_inventory item gives its remaining lifetime, from 0 to 100 */
      durability?: number;
      /** Rounds loaded, for weapons */
      ammo?: number;
      /** Weapon serial number */
      serial?: string;
      /** Name of the registered owner of a weapon */
      registered?: string;
      /** Attached components and accessories (ox_inventory item names or GTA component names) */
      components?: Array<string>;
    };
  }>;
  /** Time of the last save of the row, ISO 8601 in UTC (e.g. 2026-11-20T18:04:05.000Z); empty when the table has no such time */
  last_updated: string | "";
}

export interface BetaSummary {
  /** Row id in the players table */
  id: number;
  /** Unique citizen id as stored, a short code such as KQW48213 */
  citizenid: string;
  /** Platform license of the player, e.g. license:<hex> or license2:<hex> */
  license: string;
  /** Player user name as stored (may contain emoji) */
  name: string;
  /** Character identity */
  charinfo: {
    /** First name */
    firstname: string;
    /** Family name */
    lastname: string;
    /** A date as `YYYY-MM-DD`; `""` when none is stored or it is no real calendar date. */
    birthdate: string | "";
    /** Nationality */
    nationality: string;
    /** male or female; any other stored value as text */
    gender: string;
    /** Phone number */
    phone: string;
    /** Bank account number */
    account: string;
    /** Character slot of the player */
    cid: string;
  };
  /** The citizen's job */
  job: {
    /** Job name, e.g. police; unemployed when none */
    name: string;
    /** Job label shown to players */
    label: string;
    /** Job type, e.g. leo or ems; open-ended; none when the job has no type */
    type: string;
    /** Whether the player is a boss of this job */
    isboss: boolean;
    /** Whether the player is on duty */
    onduty: boolean;
    grade: {
      /** Grade name */
      name: string;
      /** Grade level, 0 for the lowest */
      level: number;
      /** Salary of this grade */
      payment: number;
      /** Whether this grade is a boss grade */
      isboss: boolean;
    };
    /** Salary */
    payment: number;
  };
  /** The citizen's gang */
  gang: {
    /** Gang name; none when not in a gang */
    name: string;
    /** Gang label shown to players */
    label: string;
    /** Whether the player is the gang's boss */
    isboss: boolean;
    grade: {
      /** Grade name */
      name: string;
      /** Grade level, 0 for the lowest */
      level: number;
      /** Whether this grade is a boss grade */
      isboss: boolean;
    };
  };
  /** Time of the last save of the row, ISO 8601 in UTC (e.g. 2026-11-20T18:04:05.000Z); empty when the table has no such time */
  last_updated: string | "";
}

export interface Vehicle {
  /** The number plate as stored, trimmed and upper-case (1 to 8 characters in the game) */
  plate: string;
  /** The owner's id: the ESX identifier (alpha) or the citizenid (beta), usable with /{format}/citizens/{id} */
  owner: string;
  /** The owner's first and last name from their citizen row; `""` when that row or its names are missing */
  owner_name: string;
  /** Spawn name, e.g. `adder`: beta as stored; alpha from the model hash, by the framework's or the base game's list; `""` when unknown */
  model: string;
  /** Display name without brand, e.g. `Adder`; `""` when unknown (addon cars without a framework list) */
  label: string;
  /** The model's joaat hash as the game gives it, a signed 32-bit integer; 0 when none is stored */
  model_hash: number;
  /** Vehicle type. alpha: the `type` column as ESX stores it (`car`, `boat`, `aircraft`, …; `car` by default). beta: the framework's shared vehicles list's type (`automobile`, `bike`, `boat`, `heli`, `plane`, …), `""` without one */
  type: string;
  /** The job a fleet vehicle belongs to (ESX `job`, e.g. `police`); `""` for a private vehicle and always on beta */
  job: string;
  /** Where the vehicle is, as the garage scripts record it: `out` (in the world, or in a QBCore depot awaiting its fee), `garaged`, `impounded`; `unknown` for any other stored value */
  state: "out" | "garaged" | "impounded" | "unknown";
  /** Garage name: alpha `parking`, or `pound` while impounded; beta `garage` (the last garage, also while out); `""` when none */
  garage: string;
  /** Fuel level in percent; 100 when none is stored */
  fuel: number;
  /** Engine health as the game gives it, -4000 to 1000; 1000 when none is stored */
  engine: number;
  /** Body health, 0 to 1000; 1000 when none is stored */
  body: number;
  /** A fake plate fitted by a fake-plate script (beta `fakeplate`); `""` when none, and always on alpha */
  fakeplate: string;
  /** The stored vehicle properties (alpha `vehicle`, beta `mods`) as the framework saved them (colours, mods, extras, …); `{}` when absent or unreadable */
  properties: Record<string, unknown>;
}

/** Stable error codes; the HTTP status of each is in the README and /openapi.json. */
export type ErrorCode = 'invalid_id' | 'invalid_license' | 'invalid_query' | 'invalid_plate' | 'invalid_job' | 'unauthorized' | 'citizen_not_found' | 'vehicle_not_found' | 'job_not_found' | 'route_not_found' | 'method_not_allowed' | 'cursor_expired' | 'rate_limited' | 'internal_error' | 'format_unavailable' | 'database_unavailable' | 'server_busy' | 'resource_stopping' | 'database_timeout';

export interface Success<T> {
  success: true;
  data: T;
}

export interface Failure {
  success: false;
  error: { code: ErrorCode; message: string; requestId?: string };
}

/** What every route answers and every export resolves with: it never rejects for an expected failure. */
export type Envelope<T> = Success<T> | Failure;

/** GET /health and getHealth (which resolves to the failure resource_stopping once the resource stops). */
export interface Health {
  success: boolean;
  data: {
    /** `ok` when the database is usable. */
    status: "ok" | "degraded";
    database: "connected" | "unavailable";
    /** Each format: `available`, `unavailable` (its table is missing), `pending` (not inspected yet) or `disabled` (citizen_records:formats). */
    formats: {
      alpha: "available" | "unavailable" | "pending" | "disabled";
      beta: "available" | "unavailable" | "pending" | "disabled";
    };
    /** Each format's vehicles: `available`, `unavailable` (its vehicles table, or its citizens table, is missing), `pending` or `disabled`, as for `formats`. Never changes `status`: a server without a garage script still serves citizens. */
    vehicles: {
      alpha: "available" | "unavailable" | "pending" | "disabled";
      beta: "available" | "unavailable" | "pending" | "disabled";
    };
    /** The resource's version. */
    version: string;
    /** Only from the standalone service reading a replica: how far behind its primary it is. Not replicating, or more than `max_lag_s` behind, makes `status` `degraded` (503), so a load balancer turns to another instance. */
    replica?: {
      /** Seconds behind the primary (`Seconds_Behind_Master` / `Seconds_Behind_Source`); null while it is not replicating. */
      lag_s: number | null;
      /** citizen_records:replica_max_lag_s: more lag than this makes `status` `degraded`. */
      max_lag_s: number;
      /** Both replication threads (I/O and SQL) are running. */
      replicating: boolean;
    };
  };
}

/** exports.citizen_records, as another server resource calls it. */
export interface CitizenRecordsExports {
  /** Health of the resource and its database, without personal data */
  getHealth(): Promise<Health | Failure>;
  /** One citizen in format alpha */
  getAlphaCitizen(id: string): Promise<Envelope<AlphaRecord>>;
  /** One citizen in format beta */
  getBetaCitizen(id: string): Promise<Envelope<BetaRecord>>;
  /** Citizens in format alpha found by name, birth date or phone */
  searchAlphaCitizens(query?: {
    /** 2 to 64 characters, up to 3 words of at least 2 characters; every word must match the start of the first or the last name, case- and accent-insensitively (`jo smi` finds John Smith and Smith Johnson). `%` and `_` match themselves. `name` or `phone` is needed. */
    name?: string;
    /** Birth date `YYYY-MM-DD`: narrows the search to citizens born that day, however the server stores the date. */
    dob?: string;
    /** 3 to 20 digits once spaces, `-`, `.`, `(`, `)` and a leading `+` are dropped (in a URL write `+` as `%2B`); matches the whole stored number compared the same way. */
    phone?: string;
    /** Citizens per page, 1 to 50 written in digits (20 when absent). */
    limit?: number;
    /** The `next` of the previous page, with the same name, dob and phone. At most 200 citizens are reachable; then `next` is null. */
    cursor?: string;
  }): Promise<Envelope<{
    /** By last name, first name, then id; a missing name last. */
    citizens: Array<AlphaSummary>;
    /** The `cursor` of the next page; null when there is none, or when 200 citizens have been served (narrow the search). */
    next: string | null;
  }>>;
  /** Citizens in format beta found by name, birth date or phone */
  searchBetaCitizens(query?: {
    /** 2 to 64 characters, up to 3 words of at least 2 characters; every word must match the start of the first or the last name, case- and accent-insensitively (`jo smi` finds John Smith and Smith Johnson). `%` and `_` match themselves. `name` or `phone` is needed. */
    name?: string;
    /** Birth date `YYYY-MM-DD`: narrows the search to citizens born that day, however the server stores the date. */
    dob?: string;
    /** 3 to 20 digits once spaces, `-`, `.`, `(`, `)` and a leading `+` are dropped (in a URL write `+` as `%2B`); matches the whole stored number compared the same way. */
    phone?: string;
    /** Citizens per page, 1 to 50 written in digits (20 when absent). */
    limit?: number;
    /** The `next` of the previous page, with the same name, dob and phone. At most 200 citizens are reachable; then `next` is null. */
    cursor?: string;
  }): Promise<Envelope<{
    /** By last name, first name, then id; a missing name last. */
    citizens: Array<BetaSummary>;
    /** The `cursor` of the next page; null when there is none, or when 200 citizens have been served (narrow the search). */
    next: string | null;
  }>>;
  /** Every citizen of one player in format alpha, in character-slot order */
  getAlphaCitizensByLicense(license: string): Promise<Envelope<Array<AlphaRecord>>>;
  /** Every citizen of one player in format beta, in character-slot order */
  getBetaCitizensByLicense(license: string): Promise<Envelope<Array<BetaRecord>>>;
  /** The vehicle of one number plate in format alpha, matched ignoring case and spacing */
  getAlphaVehicle(plate: string): Promise<Envelope<Vehicle>>;
  /** The vehicle of one number plate in format beta, matched ignoring case and spacing */
  getBetaVehicle(plate: string): Promise<Envelope<Vehicle>>;
  /** One citizen's vehicles in format alpha, ordered by plate */
  getAlphaCitizenVehicles(id: string): Promise<Envelope<Array<Vehicle>>>;
  /** One citizen's vehicles in format beta, ordered by plate */
  getBetaCitizenVehicles(id: string): Promise<Envelope<Array<Vehicle>>>;
  /** Whether one citizen in format alpha is online, and his server id */
  getAlphaPresence(id: string): Promise<Envelope<{
    /** The character is loaded by the framework on this server now. */
    online: boolean;
    /** The player's server id (source) while online; null otherwise. */
    server_id: number | null;
  }>>;
  /** Whether one citizen in format beta is online, and his server id */
  getBetaPresence(id: string): Promise<Envelope<{
    /** The character is loaded by the framework on this server now. */
    online: boolean;
    /** The player's server id (source) while online; null otherwise. */
    server_id: number | null;
  }>>;
  /** The jobs the server defines in format alpha, with online counts */
  getAlphaJobs(): Promise<Envelope<{
    /** Every job the server defines, `unemployed` included, by name. */
    jobs: Array<{
      /** The name routes take (`police`). */
      name: string;
      /** Its label for people. */
      label: string;
      /** Lowest first. */
      grades: Array<{
        /** The grade number (0 the lowest in every framework). */
        grade: number;
        /** Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`). */
        name: string;
        /** Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name). */
        label: string;
        /** The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it). */
        isboss?: boolean;
        /** Its pay (ESX `salary`, qb-core `payment`). */
        payment?: number;
      }>;
      /** Citizens holding it who are online now (from the framework, no query). */
      online: number;
      /** Of those, on duty now. */
      on_duty: number;
    }>;
  }>>;
  /** The jobs the server defines in format beta, with online counts */
  getBetaJobs(): Promise<Envelope<{
    /** Every job the server defines, `unemployed` included, by name. */
    jobs: Array<{
      /** The name routes take (`police`). */
      name: string;
      /** Its label for people. */
      label: string;
      /** Lowest first. */
      grades: Array<{
        /** The grade number (0 the lowest in every framework). */
        grade: number;
        /** Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`). */
        name: string;
        /** Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name). */
        label: string;
        /** The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it). */
        isboss?: boolean;
        /** Its pay (ESX `salary`, qb-core `payment`). */
        payment?: number;
      }>;
      /** Citizens holding it who are online now (from the framework, no query). */
      online: number;
      /** Of those, on duty now. */
      on_duty: number;
    }>;
  }>>;
  /** The members of one job in format alpha, highest grade first */
  getAlphaJobMembers(job: string, query?: {
    /** Only members at this grade or above: a whole number written in digits (`-` allowed). */
    grade_min?: number;
    /** `true`: only members online now; `false`: only those offline. */
    online?: boolean;
    /** `true`: only members on duty now (online, and the framework says so); `false`: the others. */
    on_duty?: boolean;
    /** Members per page, 1 to 50 written in digits (20 when absent). */
    limit?: number;
    /** The `next` of the previous page, with the same job and filters. */
    cursor?: string;
  }): Promise<Envelope<{
    /** By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the job. */
    members: Array<AlphaSummary & {
      /** The member's grade: the framework's while he is online, else the database's. */
      grade: number;
      /** The grade's name as the server defines it; null when it defines no such grade. */
      grade_name: string | null;
      /** Online now. */
      online: boolean;
      /** The player's server id while online; null otherwise. */
      server_id: number | null;
      /** On duty now, as the framework says; never while offline, never for a second job (Qbox). */
      on_duty: boolean;
    }>;
    /** The `cursor` of the next page; null on the last page. */
    next: string | null;
  }>>;
  /** The members of one job in format beta, highest grade first */
  getBetaJobMembers(job: string, query?: {
    /** Only members at this grade or above: a whole number written in digits (`-` allowed). */
    grade_min?: number;
    /** `true`: only members online now; `false`: only those offline. */
    online?: boolean;
    /** `true`: only members on duty now (online, and the framework says so); `false`: the others. */
    on_duty?: boolean;
    /** Members per page, 1 to 50 written in digits (20 when absent). */
    limit?: number;
    /** The `next` of the previous page, with the same job and filters. */
    cursor?: string;
  }): Promise<Envelope<{
    /** By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the job. */
    members: Array<BetaSummary & {
      /** The member's grade: the framework's while he is online, else the database's. */
      grade: number;
      /** The grade's name as the server defines it; null when it defines no such grade. */
      grade_name: string | null;
      /** Online now. */
      online: boolean;
      /** The player's server id while online; null otherwise. */
      server_id: number | null;
      /** On duty now, as the framework says; never while offline, never for a second job (Qbox). */
      on_duty: boolean;
    }>;
    /** The `cursor` of the next page; null on the last page. */
    next: string | null;
  }>>;
  /** How many citizens holding one job are online in format alpha */
  getAlphaJobCount(job: string): Promise<Envelope<{
    /** Citizens holding it who are online now (from the framework, no query). */
    online: number;
    /** Of those, on duty now. */
    on_duty: number;
  }>>;
  /** How many citizens holding one job are online in format beta */
  getBetaJobCount(job: string): Promise<Envelope<{
    /** Citizens holding it who are online now (from the framework, no query). */
    online: number;
    /** Of those, on duty now. */
    on_duty: number;
  }>>;
  /** The gangs the server defines in format beta, with online counts */
  getBetaGangs(): Promise<Envelope<{
    /** Every gang the server defines, `none` included, by name. */
    gangs: Array<{
      /** The name routes take (`police`). */
      name: string;
      /** Its label for people. */
      label: string;
      /** Lowest first. */
      grades: Array<{
        /** The grade number (0 the lowest in every framework). */
        grade: number;
        /** Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`). */
        name: string;
        /** Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name). */
        label: string;
        /** The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it). */
        isboss?: boolean;
        /** Its pay (ESX `salary`, qb-core `payment`). */
        payment?: number;
      }>;
      /** Citizens holding it who are online now (from the framework, no query). */
      online: number;
    }>;
  }>>;
  /** The members of one gang in format beta, highest grade first */
  getBetaGangMembers(gang: string, query?: {
    /** Only members at this grade or above: a whole number written in digits (`-` allowed). */
    grade_min?: number;
    /** `true`: only members online now; `false`: only those offline. */
    online?: boolean;
    /** Members per page, 1 to 50 written in digits (20 when absent). */
    limit?: number;
    /** The `next` of the previous page, with the same job and filters. */
    cursor?: string;
  }): Promise<Envelope<{
    /** By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the gang. */
    members: Array<BetaSummary & {
      /** The member's grade: the framework's while he is online, else the database's. */
      grade: number;
      /** The grade's name as the server defines it; null when it defines no such grade. */
      grade_name: string | null;
      /** Online now. */
      online: boolean;
      /** The player's server id while online; null otherwise. */
      server_id: number | null;
    }>;
    /** The `cursor` of the next page; null on the last page. */
    next: string | null;
  }>>;
  /** How many citizens holding one gang are online in format beta */
  getBetaGangCount(gang: string): Promise<Envelope<{
    /** Citizens holding it who are online now (from the framework, no query). */
    online: number;
  }>>;
  /** What changed among the citizens and vehicles of format alpha, from a snapshot on */
  getAlphaChanges(query?: {
    /** The `next` of the previous page of this format. Absent: a snapshot starts (every current citizen and vehicle as an upsert), and its `next` carries on with what changed since it began. A cursor the feed no longer knows is 410 `cursor_expired`: start again without one. */
    cursor?: string;
    /** Changes per page, 1 to 500 written in digits (100 when absent); with `include=record` at most 50 (50 when absent). A shorter page means caught up. */
    limit?: number;
    /** Seconds, 0 to 30 (0 when absent): when nothing is new, the answer is held until a change of this format comes or the time is up (long poll); beyond `citizen_records:changes_max_waiting` held at once, it comes at once, empty. */
    wait?: number;
    /** `record`: each upsert carries `record`, the citizen or vehicle exactly as its route answers it now; an upsert whose record is gone by then comes as a delete. Costs 5 requests of the rate limit instead of 1. */
    include?: "record";
  }): Promise<Envelope<{
    /** In the order they happened; at least once and in order for each id. */
    changes: Array<{
      kind: "citizen" | "vehicle";
      /** The citizen's id as its route takes it (`identifier`, `citizenid`), or the vehicle's plate as the vehicle route answers it. */
      id: string;
      /** `upsert`: it exists now (new or changed); `delete`: it is gone. */
      op: "upsert" | "delete";
      /** `database`: seen in the tables; `live`: seen in the framework's memory for an online citizen. */
      source: "database" | "live";
      /** When the change was seen, ISO 8601 in UTC. */
      at: string;
      /** With `include=record`, on upserts only: the record (kind citizen) or the vehicle, as its route answers it. */
      record?: AlphaRecord | Vehicle;
    }>;
    /** The `cursor` of the next page: never null; keep it and ask again. */
    next: string;
  }>>;
  /** What changed among the citizens and vehicles of format beta, from a snapshot on */
  getBetaChanges(query?: {
    /** The `next` of the previous page of this format. Absent: a snapshot starts (every current citizen and vehicle as an upsert), and its `next` carries on with what changed since it began. A cursor the feed no longer knows is 410 `cursor_expired`: start again without one. */
    cursor?: string;
    /** Changes per page, 1 to 500 written in digits (100 when absent); with `include=record` at most 50 (50 when absent). A shorter page means caught up. */
    limit?: number;
    /** Seconds, 0 to 30 (0 when absent): when nothing is new, the answer is held until a change of this format comes or the time is up (long poll); beyond `citizen_records:changes_max_waiting` held at once, it comes at once, empty. */
    wait?: number;
    /** `record`: each upsert carries `record`, the citizen or vehicle exactly as its route answers it now; an upsert whose record is gone by then comes as a delete. Costs 5 requests of the rate limit instead of 1. */
    include?: "record";
  }): Promise<Envelope<{
    /** In the order they happened; at least once and in order for each id. */
    changes: Array<{
      kind: "citizen" | "vehicle";
      /** The citizen's id as its route takes it (`identifier`, `citizenid`), or the vehicle's plate as the vehicle route answers it. */
      id: string;
      /** `upsert`: it exists now (new or changed); `delete`: it is gone. */
      op: "upsert" | "delete";
      /** `database`: seen in the tables; `live`: seen in the framework's memory for an online citizen. */
      source: "database" | "live";
      /** When the change was seen, ISO 8601 in UTC. */
      at: string;
      /** With `include=record`, on upserts only: the record (kind citizen) or the vehicle, as its route answers it. */
      record?: BetaRecord | Vehicle;
    }>;
    /** The `cursor` of the next page: never null; keep it and ask again. */
    next: string;
  }>>;
}
