/**
 * The convar citizen_records:api_keys: a comma-separated list of `name:key` entries or bare keys
 * (docs/design.md §2.3). Named keys can be told apart in logs and revoked alone; a bare key is named
 * after its position. Nothing here ever puts a key into a message: only names and positions.
 */

export interface ApiKey {
  /** Safe to log. */
  name: string;
  /** Never logged, never answered. */
  key: string;
}

/** Shorter keys are accepted but reported: a key is the only thing between the port and every record. */
export const MIN_STRONG_KEY_LENGTH = 16;

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function parseApiKeys(text: string): { keys: ApiKey[]; problems: string[] } {
  const keys: ApiKey[] = [];
  const problems: string[] = [];
  const entries = text.split(',').map((entry) => entry.trim());
  entries.forEach((entry, index) => {
    if (entry === '') return;
    const position = `entry ${index + 1}`;
    const colon = entry.indexOf(':');
    const name = colon === -1 ? `key${index + 1}` : entry.slice(0, colon).trim();
    const key = colon === -1 ? entry : entry.slice(colon + 1).trim();
    if (!NAME.test(name)) {
      problems.push(`${position} has a name that is not 1 to 64 letters, digits, _ . or -; that entry is ignored`);
      return;
    }
    if (key === '' || /\s/.test(key)) {
      problems.push(`${position} (${name}) has an empty key or one with spaces; that entry is ignored`);
      return;
    }
    if (keys.some((k) => k.name === name)) {
      problems.push(`${position} repeats the name ${name}; only the first entry of that name is used`);
      return;
    }
    if (key.length < MIN_STRONG_KEY_LENGTH) {
      problems.push(
        `${position} (${name}) is shorter than ${MIN_STRONG_KEY_LENGTH} characters and easy to guess; generate one with: openssl rand -hex 32`,
      );
    }
    keys.push({ name, key });
  });
  return { keys, problems };
}
