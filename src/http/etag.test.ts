import { ifNoneMatchHits, weakEtag } from './etag';

test('the tag is weak, depends on the body only, and differs when the body does', () => {
  const tag = weakEtag('{"success":true,"data":{"a":1}}');
  expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  expect(weakEtag('{"success":true,"data":{"a":1}}')).toBe(tag);
  expect(weakEtag('{"success":true,"data":{"a":2}}')).not.toBe(tag);
});

test('If-None-Match: one tag (weak or strong spelling), a list, or *', () => {
  const tag = weakEtag('x');
  const strong = tag.slice(2);
  expect(ifNoneMatchHits(tag, tag)).toBe(true);
  expect(ifNoneMatchHits(strong, tag)).toBe(true);
  expect(ifNoneMatchHits(`W/"other", ${tag}`, tag)).toBe(true);
  expect(ifNoneMatchHits('*', tag)).toBe(true);
  expect(ifNoneMatchHits('W/"other"', tag)).toBe(false);
  expect(ifNoneMatchHits('', tag)).toBe(false);
  expect(ifNoneMatchHits(undefined, tag)).toBe(false);
});
