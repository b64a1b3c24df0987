/** SQL text helpers for the few identifiers the formats read (column names come from information_schema). */

export function quoteIdentifier(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``;
}

/** `col`, or `col AS alias` when the table spells the column otherwise than the normaliser reads it. */
export function selectAs(stored: string, alias: string): string {
  return stored === alias ? quoteIdentifier(stored) : `${quoteIdentifier(stored)} AS ${quoteIdentifier(alias)}`;
}

/**
 * The name a select-list item comes back under: its last quoted identifier, as quoteIdentifier,
 * selectAs and column-select.ts write every item (`col`, `… AS alias`); a query that re-selects
 * another's columns by name (the rosters' outer SELECT) reads them here.
 */
export function selectedName(item: string): string {
  const match = /`((?:[^`]|``)*)`$/.exec(item);
  if (!match) throw new Error(`a select-list item without a name at its end: ${item}`);
  return match[1].replace(/``/g, '`');
}
