/**
 * The change feed running: its state loaded once the database answers (a state file of another
 * database is not used), one sweep per format before the log is read, a poll every
 * changes_poll_ms, a sweep every changes_sweep_ms, the state saved every minute when something
 * changed and at stop. Each entry gives it the file (src/assemble.ts: the resource's folder through
 * LoadResourceFile/SaveResourceFile, a standalone instance's state directory through node:fs) and
 * the event; everything else is here, and runs outside FXServer.
 */
import { fail, resourceStopping, type Envelope } from '../lookup/envelope';
import { answerChanges, feedOff } from './answer';
import { createFeed, detectChanges, noteLiveChange, saveFeed, stopFeed, type Feed, type FeedOptions } from './feed';
import { readStateFile, STATE_FILE, writeStateFile } from './state-file';

/** How often the state is saved when something changed (the design's "every minute"). */
export const SAVE_EVERY_MS = 60_000;
/** How often start-up looks whether the database answers yet. */
const START_POLL_MS = 250;

/**
 * The platform's part of the feed: where its state file lives, and who hears its batches. The
 * resource's folder and a server event in the game server (src/fivem/change-feed.ts), a state
 * directory and no event in a standalone instance (src/standalone/state-dir.ts).
 */
export interface FeedHome extends Pick<FeedOptions, 'emit'> {
  /** The state file's text, or null when there is none. */
  loadState(): string | null;
  /** Writes the state file whole; false when it could not. */
  saveState(text: string): boolean;
  /** Where the state file lives, for the warning when it cannot be written ("the resource's folder"). */
  stateWhere: string;
}

export interface FeedServiceOptions extends FeedOptions, FeedHome {
  pollMs: number;
  sweepMs: number;
  /** What names the database the state describes (its name): a state of another one is not used. */
  databaseName(): Promise<string>;
}

export interface FeedService {
  answer(format: string, input: unknown, via: 'http' | 'export'): Promise<Envelope<unknown>>;
  /** A framework event about the online citizen `id` of `format`. */
  liveChange(format: string, id: string): void;
  /** Saves the state, answers every held request, stops every timer. */
  stop(): void;
}

interface Running {
  feed: Feed;
  server: string;
  timers: Array<ReturnType<typeof setInterval>>;
  /** The last save failed (told once until one succeeds). */
  saveFailed: boolean;
}

/** Loads the state for `server` (or starts afresh, saying why once) and starts sweeping and polling. */
function begin(options: FeedServiceOptions, server: string): Running {
  const text = options.loadState();
  const read = text === null ? null : readStateFile(text, server);
  if (read && !read.ok) {
    options.warn(
      `change feed: ${STATE_FILE} was not used because ${read.problem}; the feed starts afresh, and consumers' cursors answer 410 cursor_expired (they start a new snapshot)`,
    );
  }
  const feed = createFeed(options, read?.ok ? read.feed : null);
  const formats = Object.keys(options.watches);
  for (const format of formats) void detectChanges(feed, format, 'sweep');
  const every = (ms: number, mode: 'sweep' | 'poll') =>
    setInterval(() => {
      for (const format of formats) void detectChanges(feed, format, mode);
    }, ms);
  const running: Running = { feed, server, timers: [every(options.pollMs, 'poll'), every(options.sweepMs, 'sweep')], saveFailed: false };
  running.timers.push(setInterval(() => save(options, running), SAVE_EVERY_MS));
  return running;
}

function save(options: FeedServiceOptions, running: Running): void {
  if (!running.feed.dirty) return;
  const saved = options.saveState(writeStateFile(saveFeed(running.feed), running.server));
  if (!saved && !running.saveFailed) {
    options.warn(`change feed: ${STATE_FILE} could not be written in ${options.stateWhere}; cursors will not outlive a restart`);
  }
  running.saveFailed = !saved;
  if (!saved) running.feed.dirty = true;
}

export function startFeedService(options: FeedServiceOptions): FeedService {
  let running: Running | null = null;
  let starting: Promise<Running | null> | null = null;
  let stopped = false;
  const start = (): Promise<Running | null> => {
    starting ??= options.databaseName().then(
      (server) => {
        if (!stopped) running = begin(options, server);
        return running;
      },
      () => {
        starting = null;
        return null;
      },
    );
    return starting;
  };
  const waiting = options.on
    ? setInterval(() => {
        if (options.databaseReady()) void start().then((begun) => begun && waiting && clearInterval(waiting));
      }, START_POLL_MS)
    : null;
  return {
    async answer(format, input, via) {
      if (!options.on) return feedOff();
      if (stopped) return resourceStopping();
      const now = running ?? (options.databaseReady() ? await start() : null);
      if (!now) return fail('database_unavailable', 'The change feed has not reached the database yet; try again shortly.');
      return answerChanges(now.feed, format, input, via);
    },
    liveChange(format, id) {
      if (running) noteLiveChange(running.feed, format, id);
    },
    stop() {
      stopped = true;
      if (waiting) clearInterval(waiting);
      if (!running) return;
      for (const timer of running.timers) clearInterval(timer);
      stopFeed(running.feed);
      save(options, running);
    },
  };
}
