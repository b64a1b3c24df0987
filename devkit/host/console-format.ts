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

/**
 * The SGR colour of each FXServer colour code `^0`–`^9`, as its console writes them to a terminal
 * (citizenfx/fivem code/client/citicore/console/Console.Base.cpp, `g_colors`): bright white, red,
 * green, bright yellow, blue, cyan, magenta, reset, dark red, dark blue.
 */
const SGR_OF_CODE = [97, 91, 32, 93, 94, 36, 35, 0, 31, 34];
const COLOUR_CODE = /\^([0-9])/g;
const RESET = '\x1b[0m';

export interface ConsoleLineOptions {
  /** Colour codes become terminal colours (a TTY); otherwise they are dropped, as a log file wants. */
  ansi: boolean;
}

/**
 * What the server console shows for one printed text: each of its lines behind the channel
 * right-aligned in 20 columns. FXServer cuts a longer channel to its first 20 characters
 * (`[script:citizen_recor]`, Console.Base.cpp `WriteChannel`); this console prints it whole, since
 * a resource's name is how its lines are told apart. A colour set on one line carries on to the
 * next, as there (`lastColor`), and every line ends reset, so nothing after it is coloured.
 */
export function consoleLines(channel: string, text: string, { ansi }: ConsoleLineOptions): string {
  const prefix = `[${channel.padStart(20)}] `;
  let colour: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const start = colour ?? '';
      const body = line.replace(COLOUR_CODE, (_code, digit: string) => {
        if (!ansi) return '';
        const sgr = `\x1b[${SGR_OF_CODE[Number(digit)]}m`;
        colour = digit === '7' ? null : sgr;
        return sgr;
      });
      return `${prefix}${start}${body}${colour ? RESET : ''}\n`;
    })
    .join('');
}
