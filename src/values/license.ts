/**
 * A player's Rockstar license, parsed by the rule the contract declares (LICENSE_RULE: the same
 * pattern the OpenAPI document publishes).
 */
import { LICENSE_RULE } from '../contract/parameters';

export interface License {
  /** The 40 hex digits, lower case. */
  hex: string;
  /** The prefix the caller gave, or null for bare hex (which matches either kind). */
  kind: 'license' | 'license2' | null;
}

const LICENSE = new RegExp(LICENSE_RULE.pattern);

export function parseLicense(value: unknown): License | null {
  if (typeof value !== 'string') return null;
  const match = LICENSE.exec(value);
  if (!match) return null;
  return { hex: match[2].toLowerCase(), kind: match[1] ? (match[1].toLowerCase() as License['kind']) : null };
}
