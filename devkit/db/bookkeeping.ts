/**
 * What the counts of queries asked (the oxmysql stand-in's, the TCP relay's for the real oxmysql)
 * leave out: the resource reading `information_schema` about its tables. That is its own
 * bookkeeping, at start and compared in the background at most once a minute
 * (src/lookup/prepared.ts), not a lookup a request asked for; counted, a comparison started by an
 * earlier request lands in whatever window a test is counting.
 */
export function isTableInspection(sql: string): boolean {
  return /\binformation_schema\./i.test(sql);
}
