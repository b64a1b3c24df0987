/**
 * The change feed running: its state loaded once the database answers (a state of another
 * database is not used), one sweep per format before the log is read, a poll every
 * changes_poll_ms, a sweep every changes_sweep_ms, the log saved every minute when it moved, the
 * kept data every KEPT_SAVE_EVERY_MS when it moved, both at stop. Each entry gives it the files
 * (src/assemble.ts: the resource's folder through LoadResourceFile/SaveResourceFile, a standalone
 * instance's state directory through node:fs) and the event; everything else is here, and runs
 * outside FXServer.
 */
import { fail, resourceStopping, type Envelope } from '../lookup/envelope';
import { answerChanges, feedOff } from './answer';
import { createFeed, detectChanges, keptPending, noteLiveChange, saveFeed, saveKept, stopFeed, type Feed, type FeedOptions } from './feed';
import { readState, STATE_FILES, writeStateFile, type StateFile } from './state-file';

/** How often the log is saved when it moved (the design's "every minute"). */
export const SAVE_EVERY_MS = 60_000;
/**
 * How often the kept data is saved when it moved: at 100,000 citizens and vehicles it is tens of
 * megabytes and most of a second of the main thread to write (bench/RESULTS.md, "Change feed"),
 * while a save it misses costs a restart only the lookups of the ids logged since (feed.ts).
 */
export const KEPT_SAVE_EVERY_MS = 10 * SAVE_EVERY_MS;
/** How often start-up looks whether the database answers yet. */
const START_POLL_MS = 250;

/**
 * The platform's part of the feed: where its state file lives, and who hears its batches. The
 * resource's folder and a server event in the game server (src/fivem/change-feed.ts), a state
 * directory and no event in a standalone instance (src/standalone/state-dir.ts).
 */
export interface FeedHome extends Pick<FeedOptions, 'emit'> {
  /** The text of the state file `file` (its name: STATE_FILES), or null when there is none. */
  loadState(file: StateFile): string | null;
  /** Writes the state file `file` whole; false when it could not. */
  saveState(file: StateFile, text: string): boolean;
  /** Where the state files live, for the warning when one cannot be written ("the resource's folder"). */
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
  /** When the kept data was last written. */
  keptSavedAt: number;
  /** The kept file written last lacks some format's kept data (before its first sweep): the next is due at once. */
  keptIncomplete: boolean;
}

/** Loads the state for `server` (or starts afresh, saying why once) and starts sweeping and polling. */
function begin(options: FeedServiceOptions, server: string): Running {
  const read = readState({ log: options.loadState('log'), kept: options.loadState('kept') }, server);
  if (read && !read.ok) {
    options.warn(
      `change feed: the saved state was not used because ${read.problem}; the feed starts afresh, and consumers' cursors answer 410 cursor_expired (they start a new snapshot)`,
    );
  }
  const feed = createFeed(options, read?.ok ? read.state : null);
  const formats = Object.keys(options.watches);
  for (const format of formats) void detectChanges(feed, format, 'sweep');
  const every = (ms: number, mode: 'sweep' | 'poll') =>
    setInterval(() => {
      for (const format of formats) void detectChanges(feed, format, mode);
    }, ms);
  const running: Running = {
    feed,
    server,
    timers: [every(options.pollMs, 'poll'), every(options.sweepMs, 'sweep')],
    saveFailed: false,
    keptSavedAt: options.now(),
    keptIncomplete: keptPending(feed),
  };
  // This run's number is on disk before any cursor of it is handed out (a crash then cannot start a
  // run of the same number whose sequence numbers would name other changes).
  save(options, running, 'due');
  running.timers.push(setInterval(() => save(options, running, 'due'), SAVE_EVERY_MS));
  return running;
}

/** Writes one state file; false (told once until a write succeeds) when it could not. */
function write(options: FeedServiceOptions, running: Running, file: StateFile): boolean {
  const body = file === 'log' ? saveFeed(running.feed) : saveKept(running.feed);
  const written = options.saveState(file, writeStateFile(file, body, running.server));
  if (!written && !running.saveFailed) {
    options.warn(`change feed: ${STATE_FILES[file]} could not be written in ${options.stateWhere}; cursors will not outlive a restart`);
  }
  running.saveFailed = !written;
  if (written) running.feed.unsaved[file] = false;
  return written;
}

/**
 * Saves what moved: the log, then the kept data when it is due (or at stop). The kept data is
 * written only over a log file at least as new, so that it never accounts for entries the log file
 * lacks (state-file.ts refuses such a pair).
 */
function save(options: FeedServiceOptions, running: Running, when: 'due' | 'stop'): void {
  const { unsaved } = running.feed;
  if (unsaved.log && !write(options, running, 'log')) return;
  const now = options.now();
  const due = when === 'stop' || running.keptIncomplete || now - running.keptSavedAt >= KEPT_SAVE_EVERY_MS;
  if (unsaved.kept && due && write(options, running, 'kept')) {
    running.keptSavedAt = now;
    running.keptIncomplete = keptPending(running.feed);
  }
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
      save(options, running, 'stop');
    },
  };
}
