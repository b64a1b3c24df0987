/**
 * What a record may carry so that HTTP (JSON.stringify) and the exports (FXServer's msgpack) give
 * the same value (docs/design.md §4): no nesting deeper than MAX_JSON_DEPTH (a few thousand levels fit
 * in a TEXT column and overflow the stack of every recursive walker after us), no own
 * `__proto__`/`constructor`/`prototype` keys (an own `__proto__` becomes the export caller's
 * prototype), non-finite numbers as JSON gives them (`null`), and no lone surrogates (msgpack
 * encodes strings as UTF-8, where a lone surrogate has no spelling): String.prototype.toWellFormed
 * (ES2024; in Node 20, and in the Node 22 of every FXServer build the manifest accepts) replaces
 * each by U+FFFD, as a UTF-8 encoder would.
 */

/** Deeper than any framework's data (skins nest 4 levels, qb metadata 5). */
export const MAX_JSON_DEPTH = 32;

/**
 * True when no array or object inside `value` lies deeper than `maxDepth` levels. It recurses, at
 * most `maxDepth` calls deep, and allocates nothing: it runs on every JSON column of every lookup.
 * It descends only into arrays and objects, testing leaves in the loop: most values of a column
 * are leaves, and a call for each made this walk about a quarter of the cost of the JSON.parse
 * before it in the server's profile.
 */
export function depthWithin(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return true;
  return childrenWithin(value, maxDepth);
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** `container` is an array or object at the top of `maxDepth` levels. */
function childrenWithin(container: object, maxDepth: number): boolean {
  if (maxDepth < 1) return false;
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const item: unknown = container[i];
      if (isContainer(item) && !childrenWithin(item, maxDepth - 1)) return false;
    }
    return true;
  }
  for (const key in container) {
    const item = (container as Record<string, unknown>)[key];
    if (isContainer(item) && !childrenWithin(item, maxDepth - 1)) return false;
  }
  return true;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A copy of a decoded JSON value that both boundaries carry unchanged. Call it only on values
 * whose depth is bounded (parseJsonColumn refuses deeper ones), as it recurses.
 */
export function plainJson(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plainJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key.toWellFormed()] = plainJson(item);
  }
  return out;
}
