/** Reads the parts of an fxmanifest.lua the host needs: metadata keys and server scripts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Manifest {
  /** Every `key 'value'` and `key { 'a', 'b' }` entry, values in order, keys as written. */
  entries: Map<string, string[]>;
  serverScripts: string[];
}

const STRING = /'([^']*)'|"([^"]*)"/g;

export function readManifest(resourceDir: string): Manifest {
  const source = readFileSync(join(resourceDir, 'fxmanifest.lua'), 'utf8').replace(/--\[\[[\s\S]*?\]\]|--[^\n]*/g, '');
  const entries = new Map<string, string[]>();
  const statement = /([A-Za-z_][A-Za-z0-9_]*)\s*(\{[^}]*\}|'[^']*'|"[^"]*")/g;
  for (const match of source.matchAll(statement)) {
    const values = [...match[2].matchAll(STRING)].map((m) => m[1] ?? m[2]);
    entries.set(match[1], [...(entries.get(match[1]) ?? []), ...values]);
  }
  const serverScripts = [...(entries.get('server_script') ?? []), ...(entries.get('server_scripts') ?? [])];
  return { entries, serverScripts };
}
