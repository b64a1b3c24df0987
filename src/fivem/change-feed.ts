/**
 * The change feed's FiveM side: its state files in the resource's folder (LoadResourceFile,
 * SaveResourceFile) and the `citizen_records:changes` event for the resources that listen. The
 * feed itself is the core's (src/changes/service.ts), started by src/assemble.ts.
 */
import type { FeedHome } from '../changes/service';
import { STATE_FILES } from '../changes/state-file';
import { natives } from '../natives';

/** The server event with (format, changes) after each batch the feed logs. */
export const CHANGES_EVENT = 'citizen_records:changes';

export function resourceFeedHome(resourceName: string): FeedHome {
  return {
    loadState: (file) => natives.loadResourceFile(resourceName, STATE_FILES[file]),
    saveState: (file, text) => natives.saveResourceFile(resourceName, STATE_FILES[file], text),
    stateWhere: "the resource's folder",
    emit: (format, changes) => natives.emitEvent(CHANGES_EVENT, format, changes),
  };
}
