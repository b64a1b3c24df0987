/**
 * Runs a Lua snippet as a resource of its own would run it, for tests of what a Lua caller of
 * citizen_records sees (the README's Lua examples): `exports.citizen_records:getBetaCitizen(id)`
 * awaits the export's Promise by itself, as on FXServer.
 */
import type { FxHost } from '../host/fx-host';
import { LuaResource } from './lua-resource';

export interface SnippetResult {
  /** What the snippet returned, as a JS resource would receive those values. */
  values: unknown[];
  /** The error that ended it (the text Lua gives, position included), or null. */
  error: string | null;
  /** The lines it printed (print, Citizen.Trace), SCRIPT ERROR lines included. */
  printed: string[];
}

/**
 * Starts resource `resource` (default `lua_snippet`) in `host`, runs `code` as its file
 * `snippet.lua`, waits until the code has ended (its awaits included), stops the resource and
 * answers what happened. The host's clock must run for anything the snippet waits on to happen:
 * with a manual clock, advance it meanwhile.
 */
export async function runLuaSnippet(host: FxHost, code: string, resource = 'lua_snippet'): Promise<SnippetResult> {
  const lua = await LuaResource.start(host, resource, []);
  const before = host.linesOf(resource).length;
  try {
    const { values, error } = await lua.runSnippet(code);
    return { values, error, printed: host.linesOf(resource).slice(before) };
  } finally {
    if (lua.running) lua.stop();
  }
}
