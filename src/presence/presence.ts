/**
 * The presence room: whether a citizen is online now, from the set the frameworks' load and unload
 * events keep. Memory only: no database query, no framework call, so no gate and no cache (the
 * standalone service asks the game server's, which is memory only there).
 */
import { checkId, type IdRule } from '../lookup/checks';
import { formatDisabled, ok, type Envelope } from '../lookup/envelope';
import type { LiveSource, Presence } from '../live/source';

export interface PresenceOptions {
  formats: Readonly<Record<string, IdRule>>;
  enabled: ReadonlySet<string>;
  live: LiveSource;
}

export async function answerPresence(options: PresenceOptions, format: string, given: unknown): Promise<Envelope<Presence>> {
  const checked = checkId(options.formats[format], given);
  if (!checked.ok) return checked.refused;
  if (!options.enabled.has(format)) return formatDisabled(format);
  return ok(await options.live.presence(format, checked.value));
}
