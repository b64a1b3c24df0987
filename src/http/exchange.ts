/** The HTTP request and response as the API layer sees them, free of FXServer's objects. */

export interface HttpRequest {
  method: string;
  /** Raw path as FXServer gives it (query kept, not decoded). */
  path: string;
  /** Header names lower-cased; FXServer passes them as the client spelled them. */
  headers: Record<string, string>;
  /** The peer address, `ip:port`. */
  address: string;
}

export interface HttpResponse {
  status: number;
  /** Every value a string: FXServer fails on anything else. */
  headers: Record<string, string>;
  body: string;
}

/** Header names lower-cased; where two spellings of one name were sent, the first seen wins. */
export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (!(key in out)) out[key] = String(value);
  }
  return out;
}
