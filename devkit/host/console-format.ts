/** FXServer's console formatting (docs/platform.md#console): one line per call. */
import { format } from 'node:util';

function stringifyDroppingCycles(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (v !== null && typeof v === 'object') {
        if (seen.has(v)) return undefined;
        seen.add(v);
      }
      return v;
    },
    2,
  );
}

function formatOne(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return value;
  if (value instanceof Error || Object.prototype.toString.call(value) === '[object Error]') {
    return String((value as Error).stack ?? value);
  }
  if (value instanceof Map) {
    return `Map {\n${[...value].map(([k, v]) => `  ${formatOne(k)} => ${formatOne(v)}`).join('\n')}\n}`;
  }
  if (value instanceof Set) return `Set {\n${[...value].map((v) => `  ${formatOne(v)}`).join('\n')}\n}`;
  if (typeof value === 'object') return stringifyDroppingCycles(value);
  return String(value);
}

export function formatConsoleArgs(args: unknown[]): string {
  if (typeof args[0] === 'string' && /%[sdfoO]/.test(args[0])) return format(...(args as [string, ...unknown[]]));
  return args.map(formatOne).join(' ');
}
