/**
 * qb-core's `QBConfig.Player.PlayerDefaults` (config.lua; the same set in older cores'
 * `CheckPlayerData`): what the framework itself fills in for a value a row lacks, so the record
 * shows what the game would. Defaults qb-core draws at random (phone, account, bloodtype,
 * fingerprint, walletid, phone SerialNumber) have no fixed value; the record gives the type's empty
 * value for those instead.
 */

/** `QBConfig.Money.MoneyTypes`, the start amounts. */
export const MONEY_DEFAULTS = { cash: 500, bank: 5000, crypto: 0 } as const;

export const CHARINFO_DEFAULTS = {
  firstname: 'Firstname',
  lastname: 'Lastname',
  gender: 0,
  nationality: 'USA',
} as const;

/** PlayerDefaults' top-level `cid`, the last fallback of `charinfo.cid`. */
export const DEFAULT_CID = 1;

/**
 * PlayerDefaults' job and gang: what qb-core gives a player whose row names none (NULL, `[]`, no
 * `name`). Not the job list's `unemployed`/`none` entries: the gang's differ from them.
 */
export const JOB_DEFAULTS = {
  name: 'unemployed',
  label: 'Civilian',
  type: 'none',
  onduty: false,
  isboss: false,
  payment: 10,
  grade: { name: 'Freelancer', level: 0, payment: 10, isboss: false },
} as const;

export const GANG_DEFAULTS = {
  name: 'none',
  label: 'No Gang Affiliation',
  isboss: false,
  grade: { name: 'none', level: 0, isboss: false },
} as const;

/** `QBConfig.DefaultSpawn` without its heading: PlayerDefaults' `position`. */
export const DEFAULT_POSITION = { x: -1035.71, y: -2731.87, z: 12.86 } as const;

export const METADATA_DEFAULTS = {
  hunger: 100,
  thirst: 100,
  stress: 0,
  armor: 0,
  isdead: false,
  inlaststand: false,
  ishandcuffed: false,
  tracker: false,
  injail: 0,
  callsign: 'NO CALLSIGN',
  hasRecord: false,
} as const;
