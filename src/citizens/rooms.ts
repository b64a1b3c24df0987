/**
 * The citizens room: a record by id, and every citizen of one player by license. Both read the
 * format's own lookups (its `prepare`), merge what the framework holds for an online citizen over
 * his row (live records), and run as key lookups (an index serves them on every framework's schema).
 */
import { LICENSE_RULE } from '../contract/parameters';
import type { Database } from '../db/database';
import { tableLabel, type FormatLookups, type FormatOptions, type LiveContext, type LiveRead } from '../formats/format';
import type { AnyFormat } from '../formats/registry';
import { parseLicense, type License } from '../values/license';
import { checkId, noCitizen, notAString } from '../lookup/checks';
import { fail, ok } from '../lookup/envelope';
import type { Checked, Room } from '../lookup/pipeline';
import type { Preparation } from '../lookup/prepared';
import type { LiveSource, WholeRoute } from '../live/source';
import { MET_MERGED, type Looked } from '../lookup/looked';

/** The format's citizen lookups, null where its table is missing. */
export type CitizenTables = FormatLookups<unknown> | null;

/** The citizen lookups are bound by the format's own `prepare`, null when its table is missing. */
export function citizenPreparation(options: FormatOptions): Preparation<AnyFormat, CitizenTables> {
  return {
    tables: (format) => format.tables,
    prepare: (db: Database, format) => format.prepare(db, options),
    found: (bound) => bound !== null,
    label: (format) => `${tableLabel(format)} table`,
  };
}

const NOBODY_ONLINE: LiveRead = Object.freeze({ online: false, parts: null });

/** What the framework holds for the citizens a lookup of `format` meets, asked only for those online. */
export function liveContext(live: LiveSource, format: string): LiveContext {
  return {
    read: async (id) =>
      (await live.presence(format, id)).online ? { online: true, parts: await live.liveRow(format, id) } : NOBODY_ONLINE,
    unmergeable: (parts) => live.unmergeable(parts),
  };
}

export interface CitizenRoomOptions {
  /** Every format of the registry, by name. */
  formats: Readonly<Record<string, AnyFormat>>;
  /** Each format's live context (liveContext), by name. */
  live: Readonly<Record<string, LiveContext>>;
  /** The live source's whole records, where it answers them (LiveSource.wholeRecord). */
  wholeRecord?: LiveSource['wholeRecord'];
}

/**
 * A lookup that met someone online, answered whole by a source that answers whole records (the
 * standalone service's game server); the database's answer where it has none.
 */
async function wholeWhenOnline<T>(
  options: CitizenRoomOptions,
  format: string,
  route: WholeRoute,
  key: string,
  looked: Looked<T>,
): Promise<Looked<T | unknown>> {
  if (!looked.met.online || !options.wholeRecord) return looked;
  const whole = await options.wholeRecord(format, route, key);
  return whole === null ? looked : { value: whole, met: MET_MERGED };
}

function usable(formats: CitizenRoomOptions['formats'], format: string, bound: CitizenTables): Checked<FormatLookups<unknown>> {
  if (bound) return { ok: true, value: bound };
  const why = `Format ${format} needs the ${tableLabel(formats[format])} table, which this server's database does not have.`;
  return { ok: false, refused: fail('format_unavailable', why) };
}

/** A citizen by the format's id: 404 citizen_not_found when no row has it. */
export function citizenRoom(options: CitizenRoomOptions): Room<string, CitizenTables, FormatLookups<unknown>> {
  return {
    input: (format, given) => checkId(options.formats[format], given),
    key: (id) => `id\u0000${id}`,
    what: (id) => `lookup of ${id}`,
    runner: 'lookup',
    usable: (format, bound) => usable(options.formats, format, bound),
    async answer({ format, input: id, tables }) {
      const { value, met } = await wholeWhenOnline(options, format, 'citizen', id, await tables.byId(id, options.live[format]));
      return { value: value === null ? noCitizen(format, id) : ok(value), met };
    },
  };
}

/** Every citizen of one player, in character-slot order; `[]` when he has none. */
export function licenseRoom(options: CitizenRoomOptions): Room<License, CitizenTables, FormatLookups<unknown>> {
  return {
    input: (_format, given) => checkLicense(given),
    key: (license) => `license\u0000${licenseKey(license)}`,
    what: (license) => `lookup of license ${licenseKey(license)}`,
    runner: 'lookup',
    usable: (format, bound) => usable(options.formats, format, bound),
    async answer({ format, input: license, tables }) {
      const looked = await tables.byLicense(license, options.live[format]);
      const { value, met } = await wholeWhenOnline(options, format, 'license', licenseText(license), looked);
      return { value: ok(value), met };
    },
  };
}

/** The license as the license route takes it, in the form it was asked in. */
function licenseText(license: License): string {
  return license.kind ? `${license.kind}:${license.hex}` : license.hex;
}

function licenseKey(license: License): string {
  return `${license.kind ?? ''}:${license.hex}`;
}

function checkLicense(given: unknown): Checked<License> {
  const license = parseLicense(given);
  if (license) return { ok: true, value: license };
  const what = typeof given === 'string' ? '' : `; ${notAString(given)}`;
  return { ok: false, refused: fail(LICENSE_RULE.error, `The license must be ${LICENSE_RULE.wording}${what}.`) };
}
