/**
 * The change feed's FiveM side: its state file in the resource's folder (LoadResourceFile,
 * SaveResourceFile) and the `citizen_records:changes` event for the resources that listen. The
 * feed itself is the core's (src/changes/service.ts).
 */
import { startFeedService, type FeedService, type FeedServiceOptions } from '../changes/service';
import { STATE_FILE } from '../changes/state-file';
import { natives } from '../natives';

/** The server event with (format, changes) after each batch the feed logs. */
export const CHANGES_EVENT = 'citizen_records:changes';

export function startChangeFeed(resourceName: string, options: Omit<FeedServiceOptions, 'loadState' | 'saveState' | 'emit'>): FeedService {
  return startFeedService({
    ...options,
    loadState: () => natives.loadResourceFile(resourceName, STATE_FILE),
    saveState: (text) => natives.saveResourceFile(resourceName, STATE_FILE, text),
    emit: (format, changes) => natives.emitEvent(CHANGES_EVENT, format, changes),
  });
}
