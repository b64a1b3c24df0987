/**
 * The rules path parameters follow. A rule is declared once: its pattern is both what the resource
 * checks before any query and the `pattern` of the OpenAPI document, and its wording is what the
 * 400 answer says the value must be. Each format declares its own `id` rule (src/formats); the
 * rules here are the same for every format. Query parameters have no rule of their own: each is
 * declared with its shape and wording (QueryParameter; search.ts declares the search's).
 */
import type { ErrorCode } from './errors';
import type { Shape } from './shapes';

export interface QueryParameter {
  readonly name: string;
  readonly shape: Shape;
  readonly description: string;
}

export interface ParameterRule {
  /** An anchored ECMAScript regular expression (no flags: JSON Schema patterns take none). */
  readonly pattern: string;
  /** Completes "The <name> must be …" in the 400 answer. */
  readonly wording: string;
  /** For the OpenAPI document. */
  readonly description: string;
  readonly example: string;
  /** The 400 code of a value that breaks the rule (also of a segment whose %-escapes are malformed). */
  readonly error: ErrorCode;
}

/**
 * A player's Rockstar license as callers hold it: `license:<40 hex>`, `license2:<40 hex>` or the 40
 * hex digits alone, in any case. FiveM hands out lower-case hex and the frameworks store it so.
 * Group 1 is the prefix's kind, group 2 the hex.
 */
export const LICENSE_RULE: ParameterRule = {
  pattern: '^(?:([Ll][Ii][Cc][Ee][Nn][Ss][Ee]2?):)?([0-9A-Fa-f]{40})$',
  wording: 'license:<40 hex digits>, license2:<40 hex digits> or the 40 hex digits alone',
  description:
    "The player's Rockstar license: `license:<40 hex>`, `license2:<40 hex>` or the 40 hex digits, in any case. A bare license matches both kinds.",
  example: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
  error: 'invalid_license',
};

/**
 * A number plate as an officer types it: 1 to 8 ASCII letters, digits and spaces once surrounding
 * whitespace is removed (the game's plates are 8 characters, padded with spaces). parsePlate
 * (src/vehicles/plate.ts) applies it and says which part was wrong; a test holds the two alike.
 */
export const PLATE_RULE: ParameterRule = {
  pattern: '^\\s*[A-Za-z0-9](?:[A-Za-z0-9 ]{0,6}[A-Za-z0-9])?\\s*$',
  wording: '1 to 8 ASCII letters, digits and spaces (inner spaces counted; surrounding whitespace ignored)',
  description:
    'A number plate: 1 to 8 ASCII letters, digits and spaces, matched ignoring case, surrounding spaces and one inner space (`ab 123`, `AB123` and ` AB 123 ` find the same vehicle).',
  example: 'ABC 123',
  error: 'invalid_plate',
};

/** Rules by the name routes give them; `id` is the format's own (FormatDeclaration.idRule). */
export const PARAMETER_RULES = { license: LICENSE_RULE, plate: PLATE_RULE } as const;

export type ParameterRuleName = 'id' | keyof typeof PARAMETER_RULES;
