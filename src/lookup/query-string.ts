/**
 * A paged route's query string (the text after `?`, undecoded) read into its values: `+` and
 * `%20` are spaces, an empty value counts as absent (a form's `dob=`), an unknown parameter or one
 * given twice is refused, as is a malformed %-escape. The route checks the values themselves.
 */

export type QueryValues<P extends string> = { ok: true; values: Partial<Record<P, string>> } | { ok: false; message: string };

/** How a value is shown back in a message: quoted, and cut when long. */
export function shownValue(value: string): string {
  const chars = [...value];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : value);
}

/** `a, b and c`. */
export function listWords(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The values of `raw`; `what` names the route's question in messages (`a search`). */
export function readQueryString<P extends string>(raw: string, parameters: readonly P[], what: string): QueryValues<P> {
  const values: Partial<Record<P, string>> = {};
  const seen = new Set<string>();
  const hash = raw.indexOf('#');
  const text = hash === -1 ? raw : raw.slice(0, hash);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return {
        ok: false,
        message: `The query string has a malformed %-escape in ${shownValue(pair)}; encode each parameter's value with encodeURIComponent.`,
      };
    }
    if (!(parameters as readonly string[]).includes(name)) {
      return { ok: false, message: `Unknown parameter ${shownValue(name)}; ${what} takes ${listWords(parameters)}.` };
    }
    if (seen.has(name)) return { ok: false, message: `Parameter ${name} is given more than once; give each parameter once.` };
    seen.add(name);
    if (value !== '') values[name as P] = value;
  }
  return { ok: true, values };
}
