/**
 * A player's Rockstar license as callers hold it (docs/design.md §2.1): `license:<40 hex>`,
 * `license2:<40 hex>` or the 40 hex digits alone, in any case. FiveM hands out lower-case hex,
 * and the frameworks store it so.
 */
export interface License {
  /** The 40 hex digits, lower case. */
  hex: string;
  /** The prefix the caller gave, or null for bare hex (which matches either kind). */
  kind: 'license' | 'license2' | null;
}

const LICENSE = /^(?:(license2?):)?([0-9a-f]{40})$/i;

export function parseLicense(value: unknown): License | null {
  if (typeof value !== 'string') return null;
  const match = LICENSE.exec(value);
  if (!match) return null;
  return { hex: match[2].toLowerCase(), kind: match[1] ? (match[1].toLowerCase() as License['kind']) : null };
}

/** The most citizens one player's list holds; more is no real server's data, and the list stays bounded. */
export const MAX_CITIZENS_PER_LICENSE = 64;
