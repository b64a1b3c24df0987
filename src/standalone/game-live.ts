/**
 * The standalone service's live source: the embedded resource in the game server, over its own
 * HTTP routes (docs/standalone.md#live-data-from-the-game-server). No new route is needed there:
 *
 * - presence: `GET /citizen_records/{format}/citizens/{id}/presence`, which the resource answers
 *   from the online set its frameworks' events keep (no database query, no framework call);
 * - an online citizen's record: its record route, which answers him live (the framework's values
 *   merged over the game database's row, X-Record-Source: live), and the license route likewise;
 *   asked only for a citizen presence says is online, so one small request per lookup of an
 *   offline citizen (none while the answer is in the cache) and one more per online one.
 *
 * Every request has a short timeout. A game server that does not answer (down, refusing, too slow,
 * rate-limiting, a wrong key) is one warning; until it answers again, asked at most every few
 * seconds, every lookup answers from the database at once (X-Record-Source: database) and presence
 * answers offline, as without a game server at all. Never rejects, never a 500.
 */
import { OFFLINE, type LiveSource, type Presence, type WholeRoute } from '../live/source';

export interface GameLiveOptions {
  /** The game server's HTTP address (`http://10.0.0.5:30120`); the resource's prefix is added. */
  url: string;
  /** An API key of the embedded resource's api_keys. */
  key: string;
  /** How long one request may take (GAME_TIMEOUT_MS). */
  timeoutMs: number;
  warn(message: string): void;
  info(message: string): void;
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

/** A request to the game server gives up after this long: a live answer is a bonus, not worth a slow lookup. */
export const GAME_TIMEOUT_MS = 1000;
/** After a failure, the game server is left alone this long: lookups answer from the database meanwhile. */
const RETRY_AFTER_MS = 5000;

/** The resource's prefix, once: a configured address may carry it already. */
export function gameBase(url: string): string {
  return `${url.replace(/\/+$/, '').replace(/\/citizen_records$/, '')}/citizen_records`;
}

type Asked = { ok: true; status: number; body: { success?: boolean; data?: unknown }; live: boolean } | { ok: false; why: string };

export function createGameLiveSource(options: GameLiveOptions): LiveSource<Promise<Presence>> {
  const base = gameBase(options.url);
  let downUntil = -Infinity;
  let down = false;

  const failed = (why: string): Asked => {
    downUntil = options.now() + RETRY_AFTER_MS;
    if (!down) {
      down = true;
      options.warn(
        `the game server at ${options.url} does not answer (${why}): records and presence come from the database alone (X-Record-Source: database) until it does`,
      );
    }
    return { ok: false, why };
  };

  const ask = async (path: string): Promise<Asked> => {
    if (options.now() < downUntil) return { ok: false, why: 'left alone after a failure' };
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${options.key}` },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return failed(cause ?? (error instanceof Error ? error.message : String(error)));
    }
    let body: Asked & { ok: true };
    try {
      const parsed = (await response.json()) as { success?: boolean; data?: unknown };
      body = { ok: true, status: response.status, body: parsed, live: response.headers.get('x-record-source') === 'live' };
    } catch (error) {
      return failed(`an answer that is not JSON: ${String(error)}`);
    }
    // Trouble of the game server or of this service's access to it, not an answer about a citizen.
    if (response.status === 401 || response.status === 429 || response.status >= 500) return failed(`HTTP ${response.status}`);
    if (down) {
      down = false;
      options.info(`the game server at ${options.url} answers again: live records and presence come from it`);
    }
    return body;
  };

  return {
    async presence(format, id) {
      const asked = await ask(`/${format}/citizens/${encodeURIComponent(id)}/presence`);
      if (!asked.ok || asked.status !== 200 || !asked.body.success) return OFFLINE;
      const data = asked.body.data as Partial<Presence> | undefined;
      return data?.online === true ? { online: true, server_id: typeof data.server_id === 'number' ? data.server_id : null } : OFFLINE;
    },
    // The game server merges what its framework holds; here the whole record answers (wholeRecord).
    liveRow: () => Promise.resolve(null),
    // Nothing tells this service when someone logs in: a cached database answer lasts cache_ttl_ms.
    version: () => 0,
    unmergeable: () => undefined,
    // No framework events reach this service (the change feed is the game server's: docs/standalone.md#many-instances).
    watch: () => () => undefined,
    async wholeRecord(format: string, route: WholeRoute, key: string) {
      const path =
        route === 'citizen' ? `/${format}/citizens/${encodeURIComponent(key)}` : `/${format}/players/${encodeURIComponent(key)}/citizens`;
      const asked = await ask(path);
      return asked.ok && asked.status === 200 && asked.body.success === true && asked.live ? (asked.body.data ?? null) : null;
    },
  };
}
