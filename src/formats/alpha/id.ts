/**
 * The alpha id rule (DESIGN.md §2.1, §7): the ESX `identifier` as stored, 1–64 characters of
 * `[A-Za-z0-9:_.-]`. An id made only of dots is refused: as a path segment it would be `.` or
 * `..`, and the export must refuse what the route refuses.
 */
const ALPHA_ID = /^[A-Za-z0-9:_.-]{1,64}$/;
const ONLY_DOTS = /^\.+$/;

export function isValidAlphaId(id: string): boolean {
  return ALPHA_ID.test(id) && !ONLY_DOTS.test(id);
}

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
