import { asBoolean, asNumber, asRecord, asString, clamp } from '../../values/coerce';
import { readLuaTable } from '../../values/lua-table';
import { METADATA_DEFAULTS } from './defaults';
import type { BetaMetadata } from './schema';

/** A 0–100 gauge; an unusable value is the default, an out-of-range one the nearest bound. */
function gauge(value: unknown, fallback: number): number {
  return clamp(asNumber(value, fallback), 0, 100);
}

/**
 * Every licence the record names; one the row does not mention is false (docs/design.md §3.2), even
 * `driver`, which qb-core's PlayerDefaults would grant: the record does not claim a licence the
 * database does not hold. Qbox's extra `id` licence is not part of the record.
 */
function licences(value: unknown): BetaMetadata['licences'] {
  const stored = asRecord(value) ?? {};
  return {
    driver: asBoolean(stored.driver),
    weapon: asBoolean(stored.weapon),
    business: asBoolean(stored.business),
  };
}

function appName(entry: unknown): string {
  const app = asRecord(entry);
  return app ? asString(app.app, asString(app.name)) : asString(entry);
}

/**
 * App names. qb-phone keeps an object keyed by app name (`{"spotify": {"app": "spotify"}}`);
 * other phones keep a list of names or of `{app}` / `{name}` objects. `[]` is an empty table
 * either way.
 */
function installedApps(value: unknown): string[] {
  const table = readLuaTable(value);
  const names = table.kind === 'map' ? table.entries.map(([key]) => key) : table.items.map(appName);
  return names.filter((name) => name !== '');
}

/** `metadata`: qb-core's PlayerDefaults for what the row lacks, gauges kept within 0–100. */
export function normaliseMetadata(value: unknown): BetaMetadata {
  const stored = asRecord(value) ?? {};
  const phonedata = asRecord(stored.phonedata) ?? {};
  return {
    hunger: gauge(stored.hunger, METADATA_DEFAULTS.hunger),
    thirst: gauge(stored.thirst, METADATA_DEFAULTS.thirst),
    stress: gauge(stored.stress, METADATA_DEFAULTS.stress),
    armor: gauge(stored.armor, METADATA_DEFAULTS.armor),
    isdead: asBoolean(stored.isdead, METADATA_DEFAULTS.isdead),
    ishandcuffed: asBoolean(stored.ishandcuffed, METADATA_DEFAULTS.ishandcuffed),
    inlaststand: asBoolean(stored.inlaststand, METADATA_DEFAULTS.inlaststand),
    tracker: asBoolean(stored.tracker, METADATA_DEFAULTS.tracker),
    injail: asNumber(stored.injail, METADATA_DEFAULTS.injail),
    bloodtype: asString(stored.bloodtype),
    fingerprint: asString(stored.fingerprint),
    walletid: asString(stored.walletid),
    callsign: asString(stored.callsign, METADATA_DEFAULTS.callsign),
    licences: licences(stored.licences),
    criminalrecord: {
      hasRecord: asBoolean(asRecord(stored.criminalrecord)?.hasRecord, METADATA_DEFAULTS.hasRecord),
    },
    phonedata: {
      SerialNumber: asNumber(phonedata.SerialNumber),
      InstalledApps: installedApps(phonedata.InstalledApps),
    },
  };
}
