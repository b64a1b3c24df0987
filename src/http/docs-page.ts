/**
 * GET /docs: the OpenAPI document rendered for people (CAD and bot authors) by Redoc 2's standalone
 * bundle (https://github.com/Redocly/redoc), which the build vendors from npm next to the server
 * bundle (scripts/docs-renderer.mjs). One HTML page holds the renderer and a few lines that start
 * it on this resource's /openapi.json: one request for the page, one for the document.
 *
 * Inlined rather than served from a script route of its own:
 * - the Content-Security-Policy can pin the page's two scripts by their SHA-256 (CSP Level 3
 *   hash-source). 'self' would allow any script the origin serves, and the origin is the whole game
 *   server: every resource's SetHttpHandler answers on it;
 * - no URL of a second file to work out: the page is reached as /docs and /docs/, under whatever
 *   prefix a reverse proxy puts in front;
 * - the renderer changes only with a release, like the page, so a separate file would not be cached
 *   any longer.
 * The document is fetched, not inlined, so a page kept in a browser's cache still shows the API the
 * resource serves now.
 */
import { createHash } from 'node:crypto';
import { OPERATIONS } from '../contract/operations';
import { ifNoneMatchHits, strongEtag } from './etag';
import type { HttpResponse } from './exchange';
import { commonHeaders } from './respond';

/** Where the build writes the renderer, relative to the resource folder; read with LoadResourceFile. */
export const DOCS_RENDERER_FILE = 'dist/redoc.standalone.js';
/** Where the build writes the OpenAPI document (src/generate/files.ts), read the same way: /openapi.json serves it, the page fetches that. */
export const OPENAPI_FILE = 'openapi.json';

export interface DocsPage {
  body: string;
  etag: string;
  contentSecurityPolicy: string;
}

/**
 * Redoc's options (Redocly/redoc docs/config.md, "Versions: 2.x"): required properties first, and
 * the system's fonts in place of the Roboto and Montserrat Redoc names but does not bundle (no font
 * is fetched). Redoc 2 renders every operation and response at once; its search runs in a Web Worker.
 */
const REDOC_OPTIONS = {
  sortRequiredPropsFirst: true,
  theme: {
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      code: { fontFamily: 'ui-monospace, "SFMono-Regular", Consolas, "Liberation Mono", monospace' },
    },
  },
};

/**
 * Starts the renderer on the document beside this page: the page's last path segment (`docs` or
 * `docs/`) becomes the document's. Redoc calls the callback once the page is fully rendered, or with
 * the error (Redocly/redoc docs/deployment/html.md, "The Redoc object"); it marks the outcome on
 * <body data-docs>, for whoever waits on the page.
 */
function startScript(openApiSegment: string): string {
  return [
    '(function () {',
    `  var documentPath = location.pathname.replace(/[^/]*\\/?$/, ${JSON.stringify(openApiSegment)});`,
    `  Redoc.init(documentPath, ${JSON.stringify(REDOC_OPTIONS)}, document.getElementById('redoc'), function (error) {`,
    "    document.body.setAttribute('data-docs', error ? 'failed' : 'rendered');",
    '  });',
    '})();',
  ].join('\n');
}

/** `<script` or `</script` as the tokenizer reads a tag: followed by whitespace, `/` or `>`. */
const SCRIPT_START_TAG = /<script[\t\n\f\r />]/i;
const SCRIPT_END_TAG = /<\/script[\t\n\f\r />]/i;

/**
 * Whether `text` can stand between <script> and </script> as it is (HTML Living Standard §4.12.1.3,
 * "Restrictions for contents of script elements"): no end tag, and no `<script` between a `<!--`
 * and the next `-->`, which would make the tokenizer read past the real end tag. Redoc's bundle
 * holds `<!--` in regular expressions (Prism's and marked's HTML grammars), each closed before any
 * `<script`: allowed. A `-->` is looked for after the whole `<!--`, which refuses a little more
 * than the standard (`<!-->`), never less.
 */
function inlinable(text: string): boolean {
  if (SCRIPT_END_TAG.test(text)) return false;
  for (let at = text.indexOf('<!--'); at !== -1; ) {
    const close = text.indexOf('-->', at + 4);
    if (SCRIPT_START_TAG.test(text.slice(at + 4, close === -1 ? undefined : close))) return false;
    at = close === -1 ? -1 : text.indexOf('<!--', close + 3);
  }
  return true;
}

function inlineScript(text: string): string {
  if (!inlinable(text)) throw new Error('a script for /docs would end its <script> element early, and cannot be inlined in the page');
  return `<script>${text}</script>`;
}

function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Where the contract serves the OpenAPI document, which the page renders. */
export function documentPath(): string {
  const document = OPERATIONS.find((operation) => operation.answer.kind === 'document');
  if (!document) throw new Error('the contract declares no OpenAPI document for /docs to render');
  return document.path;
}

/**
 * The page, its validator and its policy; `openApiPath` is the document's path. Called once, at the
 * first request for /docs: one SHA-256 pass over the renderer (about 1.1 MB).
 */
export function buildDocsPage(renderer: string, openApiPath = documentPath()): DocsPage {
  const start = startScript(openApiPath.replace(/^\//, ''));
  const rendererHash = scriptHash(renderer);
  const startHash = scriptHash(start);
  const page = (rendererElement: string) =>
    [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>citizen_records API</title>',
      // Without an icon of its own, a browser asks the server root for /favicon.ico: outside the resource.
      '<link rel="icon" href="data:,">',
      '</head>',
      '<body style="margin:0">',
      `<noscript>This page renders the API description with JavaScript. Without it, read the description itself: GET ${openApiPath} beside this page.</noscript>`,
      '<div id="redoc"></div>',
      rendererElement,
      inlineScript(start),
      '</body>',
      '</html>',
      '',
    ].join('\n');
  const body = page(inlineScript(renderer));
  const contentSecurityPolicy = [
    "default-src 'none'",
    // The two scripts of the page, and nothing else.
    `script-src ${rendererHash} ${startHash}`,
    // Redoc styles through styled-components, which writes <style> elements at run time: they can
    // be allowed only as inline styles (a nonce must differ on each answer, and this page is cached).
    // Images only from data: URLs and fonts from nowhere (default-src): no style can make a request.
    "style-src 'unsafe-inline'",
    'img-src data:',
    // The document, fetched from the same resource.
    "connect-src 'self'",
    // The search index runs in a worker the renderer makes from a blob: URL of its own code.
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  // The page with the renderer's digest in the renderer's place names the page as surely as the page
  // itself, without a second pass over the renderer.
  return { body, etag: strongEtag(page(rendererHash)), contentSecurityPolicy };
}

/**
 * Cached for a week, then revalidated with the ETag (a 304 costs a few hundred bytes): the URL names
 * no version, so after an upgrade a browser may keep the previous renderer for up to that long,
 * while the document it shows is always fetched afresh. Public: the page holds nothing of a client.
 */
export const DOCS_CACHE_CONTROL = 'public, max-age=604800';

/** The page's 200, or 304 when If-None-Match holds its tag; the same headers on both. */
export function docsResponse(page: DocsPage, requestId: string, ifNoneMatch: string | undefined): HttpResponse {
  const headers = {
    ...commonHeaders(requestId),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': DOCS_CACHE_CONTROL,
    ETag: page.etag,
    'Content-Security-Policy': page.contentSecurityPolicy,
    // Links in the rendered document lead to other sites; they need not learn this server's address.
    'Referrer-Policy': 'no-referrer',
  };
  if (ifNoneMatchHits(ifNoneMatch, page.etag)) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: page.body };
}
