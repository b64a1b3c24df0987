/**
 * oxmysql v2.14.1's type conversion (docs/platform.md#typecast): `typeCast` for the text
 * protocol, and the dates-only conversion plus byte arrays of its patched mysql2 for the binary
 * protocol. One description of it for both of its users: the standalone service's mysql2 adapter
 * (db/mysql2.ts), which reads rows exactly as the embedded resource receives them through
 * oxmysql, and the devkit's oxmysql stand-in. Types only from mysql2, so the FXServer bundle,
 * which never loads this file, is not concerned.
 */
import type { FieldPacket, TypeCastField, TypeCastNext } from 'mysql2';

const BLOB_TYPES = new Set([249, 250, 251, 252]);
const BINARY_STRING_TYPES = new Set([253, 254, 15]);
const BIT = 16;
const DATE_TYPES = new Set([10, 14]);
const DATETIME_TYPES = new Set([7, 12, 17, 18]);
const BINARY_CHARSET = 63;

/** mysql2 typeCast of the query family: dates as local-time epoch ms, TINYINT(1)/BIT(1) as booleans. */
export function textTypeCast(field: TypeCastField, next: TypeCastNext): unknown {
  switch (field.type) {
    case 'DATE': {
      const s = field.string();
      return s === null ? null : new Date(`${s} 00:00:00`).getTime();
    }
    case 'DATETIME':
    case 'DATETIME2':
    case 'TIMESTAMP':
    case 'TIMESTAMP2': {
      const s = field.string();
      return s === null ? null : new Date(s).getTime();
    }
    case 'TINY':
      return field.length === 1 ? field.string() === '1' : next();
    case 'BIT': {
      const bytes = field.buffer();
      if (field.length === 1) return bytes?.[0] === 1;
      return bytes ? bytes[0] : undefined;
    }
    default:
      return next();
  }
}

/**
 * The typeCast `prepare`/`rawExecute` pass per call, as oxmysql passes its typeCastExecute. Without
 * one, mysql2 ≥ 3.x applies the pool's textTypeCast to the binary protocol too, which turned
 * TINYINT(1) and BIT into booleans and dates into NaN/null there. Dates and bytes are converted
 * afterwards by castExecuteRows.
 */
export const executeTypeCast = (_field: TypeCastField, next: TypeCastNext): unknown => next();

/** Binary BLOBs of the text protocol come back as arrays of byte numbers (NULL as `[null]`). */
export function castTextRows(rows: Record<string, unknown>[], fields: FieldPacket[]): void {
  const blobs = fields.filter((f) => BLOB_TYPES.has(f.columnType ?? -1) && f.characterSet === BINARY_CHARSET).map((f) => f.name);
  if (blobs.length === 0) return;
  for (const row of rows) {
    for (const name of blobs) {
      const value = row[name];
      row[name] = value === null ? [null] : Buffer.isBuffer(value) ? [...value] : value;
    }
  }
}

/** The binary protocol (read with dateStrings): dates as epoch ms, every binary value as a byte array. */
export function castExecuteRows(rows: Record<string, unknown>[], fields: FieldPacket[]): void {
  for (const field of fields) {
    const type = field.columnType ?? -1;
    const binary = field.characterSet === BINARY_CHARSET && (BLOB_TYPES.has(type) || BINARY_STRING_TYPES.has(type) || type === BIT);
    for (const row of rows) {
      const value = row[field.name];
      if (value === null || value === undefined) continue;
      if (DATE_TYPES.has(type)) {
        const time = new Date(`${String(value)} 00:00:00`).getTime();
        row[field.name] = Number.isNaN(time) ? null : time;
      } else if (DATETIME_TYPES.has(type)) {
        row[field.name] = new Date(String(value)).getTime();
      } else if (binary && Buffer.isBuffer(value)) {
        row[field.name] = [...value];
      }
    }
  }
}
