/** The stand-in's typeCast of oxmysql's unreleased HEAD; v2.14.1's is the one src/db/oxmysql-type-cast.ts holds. */
import type { TypeCastField, TypeCastNext } from 'mysql2';
import { textTypeCast } from '../../src/db/oxmysql-type-cast';

/**
 * The typeCast of oxmysql's unreleased commit 887d841
 * (docs/platform.md#the-unreleased-tinyint-change): TINYINT(1) and BIT(1) read the field, then for
 * NULL or anything but 0/1 call next(), which reads the row's packet a second time, so the value is
 * garbage and the columns after it are shifted. The same mysql2 calls, so the same corruption;
 * everything else as v2.14.1.
 */
export function headTypeCast(field: TypeCastField, next: TypeCastNext): unknown {
  if (field.type === 'TINY' && field.length === 1) {
    const value = field.string();
    return value === '0' ? false : value === '1' ? true : next();
  }
  if (field.type === 'BIT') {
    const buffer = field.buffer();
    if (buffer?.length !== 1) return next();
    return buffer[0] === 0 ? false : buffer[0] === 1 ? true : next();
  }
  return textTypeCast(field, next);
}
