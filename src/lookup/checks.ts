/** The checks of a caller's value that several rooms share, each answering its 400 as a value. */
import type { ParameterRule } from '../contract/parameters';
import { fail, type Failure } from './envelope';
import type { Checked } from './pipeline';

/** What was wrong with an argument that is not a string, in words a caller can act on. */
export function notAString(value: unknown): string {
  // An HTTP segment with a malformed %-escape reaches the lookup as null, like a Lua nil.
  return value === null || value === undefined ? 'none was given, or its %-escapes are malformed' : `a ${typeof value} was given`;
}

/** What a format says of its `{id}`. */
export interface IdRule {
  readonly idRule: ParameterRule;
  isValidId(id: string): boolean;
}

/** The id when it follows the format's rule, else the 400 answer saying why. */
export function checkId(format: IdRule, given: unknown): Checked<string> {
  const { idRule: rule } = format;
  if (typeof given !== 'string')
    return { ok: false, refused: fail(rule.error, `The id must be a string, ${rule.wording}; ${notAString(given)}.`) };
  if (!format.isValidId(given)) return { ok: false, refused: fail(rule.error, `The id must be ${rule.wording}.`) };
  return { ok: true, value: given };
}

/** The 404 of a valid id no row has, for every room that looks a citizen up. */
export function noCitizen(format: string, id: string): Failure {
  return fail('citizen_not_found', `No citizen with id ${id} exists in format ${format}.`);
}
