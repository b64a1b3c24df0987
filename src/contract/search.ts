/**
 * The rules of a citizen search (docs/design.md §2.7), declared once: src/search/query.ts
 * checks a query by them, the operation in operations.ts publishes them (OpenAPI, consumer types,
 * README), and their wording is what a 400 invalid_query says.
 */
import type { QueryParameter } from './parameters';

export const SEARCH_LIMIT = { min: 1, max: 50, default: 20 } as const;
/** Results one search can page through; then `next` is null and the caller narrows the search. */
export const SEARCH_REACH = 200;
export const NAME_LENGTH = { min: 2, max: 64 } as const;
export const MAX_NAME_TERMS = 3;
export const MIN_TERM_LENGTH = 2;
export const PHONE_DIGITS = { min: 3, max: 20 } as const;
/** The characters a phone number may be written with besides digits (and one leading `+`). */
export const PHONE_SEPARATORS = [' ', '-', '.', '(', ')'] as const;
/** Requests of the key's rate limit one search costs: it scans, where a lookup reads one key. */
export const SEARCH_COST = 10;

/** The query parameters, in the order documents list them. */
export const SEARCH_PARAMETERS = [
  {
    name: 'name',
    shape: { type: 'string' },
    description:
      `${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters, up to ${MAX_NAME_TERMS} words of at least ${MIN_TERM_LENGTH} characters; every word must ` +
      'match the start of the first or the last name, case- and accent-insensitively (`jo smi` finds John Smith and Smith Johnson). ' +
      '`%` and `_` match themselves. `name` or `phone` is needed.',
  },
  {
    name: 'dob',
    shape: { type: 'string' },
    description: 'Birth date `YYYY-MM-DD`: narrows the search to citizens born that day, however the server stores the date.',
  },
  {
    name: 'phone',
    shape: { type: 'string' },
    description:
      `${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits once spaces, \`-\`, \`.\`, \`(\`, \`)\` and a leading \`+\` are dropped (in a URL write \`+\` as \`%2B\`); ` +
      'matches the whole stored number compared the same way.',
  },
  {
    name: 'limit',
    shape: { type: 'integer' },
    description: `Citizens per page, ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max} written in digits (${SEARCH_LIMIT.default} when absent).`,
  },
  {
    name: 'cursor',
    shape: { type: 'string' },
    description: `The \`next\` of the previous page, with the same name, dob and phone. At most ${SEARCH_REACH} citizens are reachable; then \`next\` is null.`,
  },
] as const satisfies readonly QueryParameter[];

export type SearchParameter = (typeof SEARCH_PARAMETERS)[number]['name'];
