/** The beta id rule (docs/design.md §2.1): a `citizenid`, 1–50 characters of `[A-Za-z0-9]`. */
const CITIZEN_ID = /^[A-Za-z0-9]{1,50}$/;

export function isValidCitizenId(id: string): boolean {
  return CITIZEN_ID.test(id);
}
