/**
 * Number plates as callers type them and as the frameworks store them.
 *
 * The game's plates are at most 8 characters, padded with spaces to 8
 * (citizenfx/natives@4192e98:VEHICLE/GetVehicleNumberPlateText.md; citizenfx/fivem#2978). ESX and
 * QBCore store them trimmed (es_extended@1.1.0:client/functions.lua `ESX.Math.Trim`, qb-core
 * `QBCore.Functions.GetPlate`), Qbox as ox_lib reads them, untrimmed (ox_lib
 * resource/vehicleProperties/client.lua `GetVehicleNumberPlateText`). Generated plates differ in
 * where a space goes (esx_vehicleshop `ABC 123`, qb-vehicleshop `1AB234CD`), and officers type
 * them with or without it, in any case.
 *
 * So a plate is matched ignoring case, surrounding spaces and one inner space, by asking the key
 * for every form the typed plate can be stored in: one `plate IN (…)` over the index, never a scan
 * (also for the plates nobody owns, which is most of what an officer runs). Case and trailing
 * spaces are left to the column's collation: every collation the frameworks create is
 * case-insensitive and PAD SPACE (`'GTR' = 'GTR     '`; MariaDB's CHAR page,
 * https://mariadb.com/kb/en/char/), so Qbox's padded plates are found too. MySQL 8's own default,
 * utf8mb4_0900_ai_ci, is NO PAD; a padded plate in such a column is not found (docs/vehicles-and-search.md).
 */

/** The longest plate the game shows, spaces counted. */
export const MAX_PLATE_LENGTH = 8;

export interface PlateQuery {
  /** The plate as typed, surrounding whitespace removed: the preferred spelling. */
  typed: string;
  /** Every distinct form to look up, at most 10: as typed, upper-case, without spaces, and with one space at each inner position. */
  forms: string[];
}

export type PlateParse = { ok: true; plate: PlateQuery } | { ok: false; problem: string };

const PLATE = /^[A-Za-z0-9 ]+$/;
const NOT_PLATE = /[^A-Za-z0-9 ]/u;

/** How a character the rule refuses is named in the message: itself when printable ASCII, else its code point. */
function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code >= 0x21 && code <= 0x7e ? `"${char}"` : point;
}

/**
 * The plate rule: after trimming, 1 to 8 ASCII letters, digits and spaces (inner spaces counted).
 * Anything else is refused with what was wrong, before any query.
 */
export function parsePlate(value: unknown): PlateParse {
  if (typeof value !== 'string') {
    const given = value === null || value === undefined ? 'none was given, or its %-escapes are malformed' : `a ${typeof value} was given`;
    return { ok: false, problem: `a plate is a string: ${given}` };
  }
  const typed = value.trim();
  if (typed === '') return { ok: false, problem: 'the plate is empty: give 1 to 8 letters, digits and spaces' };
  if (!PLATE.test(typed)) {
    const bad = NOT_PLATE.exec(typed)?.[0] ?? '';
    return { ok: false, problem: `the plate contains ${describeCharacter(bad)}: a plate holds only ASCII letters, digits and spaces` };
  }
  if (typed.length > MAX_PLATE_LENGTH) {
    return {
      ok: false,
      problem: `the plate has ${typed.length} characters: a plate has at most ${MAX_PLATE_LENGTH}, spaces inside counted`,
    };
  }
  return { ok: true, plate: { typed, forms: plateForms(typed) } };
}

/**
 * The stored forms a valid typed plate can match. Forms longer than the game's 8 characters are
 * left out: no plate the game wrote can have them.
 */
function plateForms(typed: string): string[] {
  const upper = typed.toUpperCase();
  const compact = upper.replace(/ /g, '');
  const forms = new Set([typed, upper, compact]);
  for (let at = 1; at < compact.length && compact.length < MAX_PLATE_LENGTH; at++) {
    forms.add(`${compact.slice(0, at)} ${compact.slice(at)}`);
  }
  return [...forms];
}

/** A stored plate as the record shows it: trimmed (Qbox pads to 8) and upper-case. */
export function displayPlate(stored: string): string {
  return stored.trim().toUpperCase();
}
