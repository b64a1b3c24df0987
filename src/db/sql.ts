/** SQL text helpers for the few identifiers the formats read (column names come from information_schema). */

export function quoteIdentifier(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``;
}

/** `col`, or `col AS alias` when the table spells the column otherwise than the normaliser reads it. */
export function selectAs(stored: string, alias: string): string {
  return stored === alias ? quoteIdentifier(stored) : `${quoteIdentifier(stored)} AS ${quoteIdentifier(alias)}`;
}
