import type { Row } from '../../db/database';
import { asNumber, asString } from '../common/coerce';
import { parseJsonColumn, type Warn } from '../common/json-column';
import { normaliseCharinfo } from './charinfo';
import { normaliseInventory } from './inventory';
import { normaliseGang, normaliseJob } from './job';
import { lastUpdatedIso } from './last-updated';
import { normaliseMetadata } from './metadata';
import { normaliseMoney } from './money';
import { normalisePosition } from './position';
import { LAST_UPDATED_UNIX } from './query';
import type { BetaRecord } from './schema';
import type { GroupCatalogs } from './group-catalog';

export interface NormaliseContext {
  warn: Warn;
  /** Unix epoch ms of the lookup, for ox_inventory expiry times. */
  nowMs: number;
  /** Job and gang definitions of the qb-core or qbx_core running beside the resource, if any. */
  groups?: GroupCatalogs;
}

/**
 * The beta record of one `players` row as buildCitizenQuery selects it. Never throws: a column
 * that is missing, NULL or unreadable gives its field the default, and unreadable JSON warns once
 * per column.
 */
export function normaliseBetaRow(row: Row, ctx: NormaliseContext): BetaRecord {
  const citizenid = asString(row.citizenid);
  const column = { citizen: citizenid, warn: ctx.warn };
  const json = (name: string): unknown => parseJsonColumn(row[name], name, column);
  return {
    id: asNumber(row.id),
    citizenid,
    license: asString(row.license),
    name: asString(row.name),
    money: normaliseMoney(json('money')),
    charinfo: normaliseCharinfo(json('charinfo'), row.cid),
    job: normaliseJob(json('job'), ctx.groups?.jobs),
    gang: normaliseGang(json('gang'), ctx.groups?.gangs),
    position: normalisePosition(json('position')),
    metadata: normaliseMetadata(json('metadata')),
    inventory: normaliseInventory(json('inventory'), ctx.nowMs),
    last_updated: lastUpdatedIso(row[LAST_UPDATED_UNIX]),
  };
}
