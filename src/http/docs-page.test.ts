import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { buildDocsPage, docsResponse } from './docs-page';

/** Stands in for Redoc's standalone bundle: a classic script that defines the global `Redoc`. */
const RENDERER = 'var Redoc = { init: function () { throw new Error("the page started the wrong renderer"); } }; /* ü, ✓ */';

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(policy.split('; ').map((d) => [d.slice(0, d.indexOf(' ')), d.slice(d.indexOf(' ') + 1)]));
}

/** Why the page cannot hold `renderer`, or null when it can. */
function refusal(renderer: string): string | null {
  try {
    buildDocsPage(renderer, '/openapi.json');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('the page inlines the renderer and its start script, and the policy runs exactly those two and nothing else', () => {
  const page = buildDocsPage(RENDERER, '/openapi.json');
  const scripts = scriptsOf(page.body);
  expect(scripts).toHaveLength(2);
  expect(scripts[0]).toBe(RENDERER);
  const policy = directives(page.contentSecurityPolicy);
  expect(policy).toEqual({
    'default-src': "'none'",
    'script-src': `${sha256(scripts[0])} ${sha256(scripts[1])}`,
    'style-src': "'unsafe-inline'",
    'img-src': 'data:',
    'connect-src': "'self'",
    'worker-src': 'blob:',
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
  });
  // Nothing on the page names another origin, and the browser is not sent to the server root for an icon.
  expect(page.body).not.toMatch(/https?:\/\//);
  expect(page.body).toContain('<link rel="icon" href="data:,">');
  expect(page.body.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
});

test.each([
  ['/citizen_records/docs', '/citizen_records/openapi.json'],
  ['/citizen_records/docs/', '/citizen_records/openapi.json'],
  ['/game/citizen_records/docs', '/game/citizen_records/openapi.json'],
])('opened at %s, the page renders the document at %s and marks the outcome', (pathname, documentPath) => {
  const page = buildDocsPage(RENDERER, '/openapi.json');
  const start = scriptsOf(page.body)[1];
  const calls: unknown[][] = [];
  const marks: Array<[string, string]> = [];
  const container = { id: 'redoc' };
  runInNewContext(start, {
    location: { pathname },
    document: {
      getElementById: (id: string) => (id === 'redoc' ? container : null),
      body: { setAttribute: (n: string, v: string) => marks.push([n, v]) },
    },
    Redoc: { init: (...args: unknown[]) => calls.push(args) },
  });
  expect(calls).toHaveLength(1);
  const [url, options, element, done] = calls[0] as [string, Record<string, unknown>, unknown, (error?: Error) => void];
  expect([url, element]).toEqual([documentPath, container]);
  expect(options).toMatchObject({ sortRequiredPropsFirst: true });
  expect(marks).toEqual([]);
  done();
  done(new Error('Failed to load'));
  expect(marks).toEqual([
    ['data-docs', 'rendered'],
    ['data-docs', 'failed'],
  ]);
});

test('a renderer that would end its script element early is refused; one whose <!-- closes before any <script is inlined', () => {
  for (const renderer of [
    'var s = "</script>";',
    'var s = "</SCRIPT\t";',
    'var s = "</script/";',
    'var r = /<!--<script>/;',
    'var a = "<!--", b = "<SCRIPT ", c = "-->";',
    'var a = "<!--"; var b = "<script>";',
  ]) {
    expect({ renderer, refused: refusal(renderer) }).toEqual({ renderer, refused: expect.stringMatching(/cannot be inlined/) });
  }
  for (const renderer of [
    'var r = /<!--(?:(?!<!--)[\\s\\S])*?-->/;',
    'var a = "<!-- x -->", b = "<script>";',
    'var s = "</scripts>";',
    'var t = "<scripture>";',
  ]) {
    expect(scriptsOf(buildDocsPage(renderer, '/openapi.json').body)[0]).toBe(renderer);
  }
});

test('the ETag is strong, the same for the same page and different for another renderer', () => {
  const page = buildDocsPage(RENDERER, '/openapi.json');
  expect(page.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(buildDocsPage(RENDERER, '/openapi.json').etag).toBe(page.etag);
  expect(buildDocsPage(`${RENDERER} `, '/openapi.json').etag).not.toBe(page.etag);
  expect(buildDocsPage(RENDERER, '/api.json').etag).not.toBe(page.etag);
});

test('the answer: HTML with a week of caching, its ETag and policy; 304 with the same headers when If-None-Match holds the tag', () => {
  const page = buildDocsPage(RENDERER, '/openapi.json');
  const ok = docsResponse(page, 'req-1', undefined);
  expect(ok).toEqual({
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=604800',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': 'req-1',
      ETag: page.etag,
      'Content-Security-Policy': page.contentSecurityPolicy,
      'Referrer-Policy': 'no-referrer',
    },
    body: page.body,
  });
  for (const header of [page.etag, `W/${page.etag}`, `"other", ${page.etag}`, '*']) {
    expect({ header, answer: docsResponse(page, 'req-1', header) }).toEqual({
      header,
      answer: { status: 304, headers: ok.headers, body: '' },
    });
  }
  expect(docsResponse(page, 'req-1', '"other"').status).toBe(200);
});
