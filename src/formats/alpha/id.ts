import type { ParameterRule } from '../../contract/parameters';
import { ruleCheck } from '../../values/rule';

/**
 * The alpha id: the ESX `identifier` as stored, 1–64 characters of `[A-Za-z0-9:_.-]`. An id made
 * only of dots is refused: as a path segment it would be `.` or `..`, and the export must refuse
 * what the route refuses.
 */
export const ALPHA_ID_RULE: ParameterRule = {
  pattern: '^(?!\\.+$)[A-Za-z0-9:_.-]{1,64}$',
  wording: 'an ESX identifier: 1 to 64 characters of letters, digits and : _ . -, not dots alone',
  description:
    'The ESX `identifier` as stored (`char1:…`, bare 40-hex license, `steam:…`). When it starts with `license:` and is not found, it is tried again without that prefix.',
  example: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
  error: 'invalid_id',
};

export const isValidAlphaId = ruleCheck(ALPHA_ID_RULE);

const LICENSE_PREFIX = 'license:';

/**
 * The identifiers to try, in order. ESX 1.2+ stores the Rockstar license without its `license:`
 * prefix, while callers often hold the prefixed form FiveM hands out, so that form gets a second
 * try without the prefix.
 */
export function alphaIdCandidates(id: string): string[] {
  if (id.startsWith(LICENSE_PREFIX) && id.length > LICENSE_PREFIX.length) {
    return [id, id.slice(LICENSE_PREFIX.length)];
  }
  return [id];
}

/**
 * Every identifier a player's ESX citizens can have (docs/design.md §2.1): the license bare (ESX 1.2+),
 * with `license:` (older), and esx_multicharacter's `<prefix><n>:<hex>` for each slot
 * (`char1:` … `char4:` with its default Config.Prefix and Config.Slots).
 */
export function alphaLicenseIds(hex: string, prefix: string, maxCharacters: number): string[] {
  const ids = [hex, `${LICENSE_PREFIX}${hex}`];
  for (let slot = 1; slot <= maxCharacters; slot++) ids.push(`${prefix}${slot}:${hex}`);
  return ids;
}

/** The character slot an identifier names: n for `<prefix><n>:…`, 0 for a single-character id. */
export function characterSlot(identifier: string, prefix: string): number {
  if (!identifier.startsWith(prefix)) return 0;
  const slot = /^(\d+):/.exec(identifier.slice(prefix.length));
  return slot ? Number(slot[1]) : 0;
}
