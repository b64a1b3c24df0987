/**
 * oxmysql's parameter handling for the query family (docs/platform.md#parameters-of-the-query-family)
 * and for prepare/rawExecute (#parameters-of-prepare-and-rawexecute), re-implemented from the
 * documented behaviour.
 */

export class ParameterError extends Error {}

/** Named tokens `:name`, `@name`, `:1`, skipping quoted literals. */
const NAMED_TOKEN = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|([:@])([A-Za-z0-9_]+)/g;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function noUndefined(values: unknown[]): unknown[] {
  return values.map((v) => (v === undefined ? null : v));
}

function fromOneBasedKeys(record: Record<string, unknown>): unknown[] {
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(record)) {
    const index = Number(key);
    if (Number.isInteger(index) && index >= 1) values[index - 1] = value;
  }
  return Array.from(values, (v) => v);
}

function placeholderCount(sql: string): number {
  return (sql.match(/\?(?!\?)/g) ?? []).length;
}

/** The SQL and positional values oxmysql's query family sends to mysql2. */
export function queryArguments(sql: unknown, parameters: unknown): { sql: string; values: unknown[] } {
  if (typeof sql !== 'string') throw new ParameterError(`Expected query to be a string but received ${typeof sql} instead.`);
  let text = sql;
  let values: unknown[];
  if (parameters === null || parameters === undefined || typeof parameters === 'function') {
    values = [];
  } else if (isPlainObject(parameters) && /[:@]/.test(sql)) {
    const named: unknown[] = [];
    text = sql.replace(NAMED_TOKEN, (whole, prefix: string | undefined, name: string | undefined) => {
      if (!prefix || !name) return whole;
      const value = parameters[name] ?? parameters[`${prefix}${name}`] ?? parameters[`:${name}`] ?? parameters[`@${name}`];
      named.push(value === undefined ? null : value);
      return '?';
    });
    values = named;
  } else if (isPlainObject(parameters)) {
    values = fromOneBasedKeys(parameters);
  } else {
    values = Array.isArray(parameters) ? [...parameters] : [parameters];
  }
  const expected = placeholderCount(text);
  if (expected > 0 && values.length > expected) {
    throw new ParameterError(`Expected ${expected} parameters, but received ${values.length}.`);
  }
  while (values.length < expected) values.push(null);
  return { sql: text, values: noUndefined(values) };
}

/** The parameter sets prepare/rawExecute run: one set, or a batch for an array of arrays/objects. */
export function executeParameterSets(sql: string, parameters: unknown): unknown[][] {
  const expected = placeholderCount(sql);
  const normalise = (set: unknown): unknown[] => {
    const values = isPlainObject(set) ? fromOneBasedKeys(set) : Array.isArray(set) ? [...set] : [];
    // An empty set against placeholders goes to the server as it is, and the server refuses it.
    if (values.length > 0) while (values.length < expected) values.push(null);
    return noUndefined(values);
  };
  if (Array.isArray(parameters) && parameters.length > 0 && parameters.every((p) => Array.isArray(p) || isPlainObject(p))) {
    return parameters.map(normalise);
  }
  return [normalise(parameters)];
}
