/**
 * The change feed's home in the one standalone instance that serves it: its state files
 * (changes-state.dat and changes-kept.dat, the format the resource writes in its folder) in the
 * directory CITIZEN_RECORDS_STATE_DIR names, read and written with node:fs. No event: nothing
 * listens beside a standalone instance. The feed itself is the core's (src/changes/service.ts).
 *
 * A save is whole or not at all: the text goes to a temporary file in the same directory, is
 * flushed to the disk (fsync), and is renamed over the old file. rename(2) replaces the name
 * atomically within one file system (POSIX), so a crash or a power loss during a save leaves the
 * previous state or the new one, never half of one (docs/standalone.md#the-change-feed).
 */
import { accessSync, closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedHome } from '../changes/service';
import { STATE_FILES, type StateFile } from '../changes/state-file';
import { SettingsError, variableOf } from './settings';

/** Stops the start unless `dir` is a directory this process may read and write. */
function checkDirectory(dir: string): void {
  let problem: string | null = null;
  try {
    if (!statSync(dir).isDirectory()) problem = 'it is not a directory';
    else accessSync(dir, constants.R_OK | constants.W_OK);
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : 'this service may not read and write it';
  }
  if (problem)
    throw new SettingsError(`${variableOf('state_dir')} is "${dir}", but ${problem}: name a directory for the change feed's state`);
}

/** Writes `text` to `path` whole (temporary file, fsync, rename); false when it could not. */
function writeWhole(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return true;
  } catch {
    // What was written of the temporary file goes; when even that fails, the answer is the same.
    try {
      rmSync(temporary, { force: true });
    } catch {}
    return false;
  }
}

/**
 * The feed's home in `dir` (checked at once: a wrong directory stops the start). A state file that
 * cannot be read for another reason than its absence is told, and the feed starts afresh.
 */
export function stateDirHome(dir: string, warn: (message: string) => void): FeedHome {
  checkDirectory(dir);
  const pathOf = (file: StateFile) => join(dir, STATE_FILES[file]);
  return {
    loadState(file) {
      const path = pathOf(file);
      try {
        return readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          warn(`change feed: ${path} cannot be read (${(error as Error).message}); the feed starts afresh`);
        return null;
      }
    },
    saveState: (file, text) => writeWhole(pathOf(file), text),
    stateWhere: dir,
    emit: () => undefined,
  };
}
