/**
 * Weak validators for record responses (docs/design.md §2.2, §7). Weak because the record is a
 * normalised view: equal JSON, not equal bytes of the stored row, is what the tag promises.
 */
import { createHash } from 'node:crypto';

export function weakEtag(body: string): string {
  return `W/${strongEtag(body)}`;
}

/** A strong validator, for a body that is the same bytes on every answer (the /docs page). */
export function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body, 'utf8').digest('base64url')}"`;
}

/** If-None-Match: `*`, one tag or a list, compared weakly (RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
