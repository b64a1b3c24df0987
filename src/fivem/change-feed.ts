/**
 * The change feed's FiveM side: its state file in the resource's folder (LoadResourceFile,
 * SaveResourceFile) and the `citizen_records:changes` event for the resources that listen. The
 * feed itself is the core's (src/changes/service.ts), started by src/assemble.ts.
 */
import type { FeedHome } from '../changes/service';
import { STATE_FILE } from '../changes/state-file';
import { natives } from '../natives';

/** The server event with (format, changes) after each batch the feed logs. */
export const CHANGES_EVENT = 'citizen_records:changes';

export function resourceFeedHome(resourceName: string): FeedHome {
  return {
    loadState: () => natives.loadResourceFile(resourceName, STATE_FILE),
    saveState: (text) => natives.saveResourceFile(resourceName, STATE_FILE, text),
    stateWhere: "the resource's folder",
    emit: (format, changes) => natives.emitEvent(CHANGES_EVENT, format, changes),
  };
}
