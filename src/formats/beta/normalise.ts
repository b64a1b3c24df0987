import type { Row } from '../../db/database';
import { asNumber, asString } from '../../values/coerce';
import { parseJsonColumn, type Warn } from '../../values/json-column';
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

/** The fields a search answers with (docs/design.md §2.7). */
export type BetaSummary = Pick<BetaRecord, 'id' | 'citizenid' | 'license' | 'name' | 'charinfo' | 'job' | 'gang' | 'last_updated'>;

/** Reads the row's JSON columns, warning once per unreadable one under the citizen's id. */
function jsonColumns(row: Row, citizenid: string, warn: NormaliseContext['warn']): (name: string) => unknown {
  const column = { citizen: citizenid, warn };
  return (name) => parseJsonColumn(row[name], name, column);
}

/**
 * The summary fields of one `players` row: the record's own, made by the same code
 * (normaliseBetaRow takes them from here), without the work the other fields cost.
 */
export function normaliseBetaSummary(row: Row, ctx: NormaliseContext): BetaSummary {
  const citizenid = asString(row.citizenid);
  const json = jsonColumns(row, citizenid, ctx.warn);
  return {
    id: asNumber(row.id),
    citizenid,
    license: asString(row.license),
    name: asString(row.name),
    charinfo: normaliseCharinfo(json('charinfo'), row.cid),
    job: normaliseJob(json('job'), ctx.groups?.jobs),
    gang: normaliseGang(json('gang'), ctx.groups?.gangs),
    last_updated: lastUpdatedIso(row[LAST_UPDATED_UNIX]),
  };
}

/**
 * The beta record of one `players` row as buildCitizenQuery selects it. Never throws: a column
 * that is missing, NULL or unreadable gives its field the default, and unreadable JSON warns once
 * per column.
 */
export function normaliseBetaRow(row: Row, ctx: NormaliseContext): BetaRecord {
  const summary = normaliseBetaSummary(row, ctx);
  const json = jsonColumns(row, summary.citizenid, ctx.warn);
  return {
    id: summary.id,
    citizenid: summary.citizenid,
    license: summary.license,
    name: summary.name,
    money: normaliseMoney(json('money')),
    charinfo: summary.charinfo,
    job: summary.job,
    gang: summary.gang,
    position: normalisePosition(json('position')),
    metadata: normaliseMetadata(json('metadata')),
    inventory: normaliseInventory(json('inventory'), ctx.nowMs),
    last_updated: summary.last_updated,
  };
}
