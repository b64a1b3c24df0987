/**
 * The citizens loaded on this server, kept from the frameworks' load and unload events (and
 * rebuilt from the framework when it or this resource starts), so that a lookup of an offline
 * citizen calls no framework at all. One server id holds one character at a time: loading another
 * (multicharacter) replaces the one it held.
 */
export interface OnlineCitizen {
  /** The identifier as the framework holds it (ESX identifier, citizenid). */
  identifier: string;
  serverId: number;
}

export class OnlineSet {
  private readonly byKey = new Map<string, OnlineCitizen>();
  private readonly keyOfServerId = new Map<number, string>();
  private changes = 0;

  constructor(private readonly keyOf: (identifier: string) => string) {}

  get size(): number {
    return this.byKey.size;
  }

  /** Changes whenever someone comes or goes, so an answer cached before cannot outlive it. */
  get version(): number {
    return this.changes;
  }

  add(citizen: OnlineCitizen): void {
    this.removeServerId(citizen.serverId);
    const key = this.keyOf(citizen.identifier);
    const previous = this.byKey.get(key);
    // The same character on a new server id (a reconnect whose drop came late) leaves the old id.
    if (previous) this.keyOfServerId.delete(previous.serverId);
    this.byKey.set(key, citizen);
    this.keyOfServerId.set(citizen.serverId, key);
    this.changes++;
  }

  /** The citizen the server id held, now gone; undefined when it held none. */
  removeServerId(serverId: number): OnlineCitizen | undefined {
    const key = this.keyOfServerId.get(serverId);
    if (key === undefined) return undefined;
    const citizen = this.byKey.get(key);
    this.keyOfServerId.delete(serverId);
    this.byKey.delete(key);
    this.changes++;
    return citizen;
  }

  /** The citizen a server id holds now. */
  byServerId(serverId: number): OnlineCitizen | undefined {
    const key = this.keyOfServerId.get(serverId);
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** The first of `keys` that is online. */
  find(keys: readonly string[]): OnlineCitizen | undefined {
    for (const key of keys) {
      const citizen = this.byKey.get(key);
      if (citizen) return citizen;
    }
    return undefined;
  }

  /** Forgets everyone; answers who was online. */
  clear(): OnlineCitizen[] {
    const gone = [...this.byKey.values()];
    this.byKey.clear();
    this.keyOfServerId.clear();
    this.changes++;
    return gone;
  }
}

/** A server id as events and exports carry it (a number, or a string from Lua's `source`); null when it is none. */
export function serverIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 0xffffffff ? id : null;
}

/** The citizen an event or a list names, or null when it names no identifier or no server id. */
export function citizenOf(identifier: string, serverId: unknown): OnlineCitizen | null {
  const id = serverIdOf(serverId);
  return identifier !== '' && id !== null ? { identifier, serverId: id } : null;
}
