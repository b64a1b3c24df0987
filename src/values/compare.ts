/**
 * Orders strings by UTF-16 code units: the same everywhere, unlike `localeCompare`, whose result
 * depends on the host's ICU data and locale.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
