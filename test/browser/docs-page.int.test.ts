/**
 * /docs as a CAD or bot author meets it: the page the built resource serves from the test host over
 * a real socket, opened in headless chromium, rendered by the vendored Redoc, showing every route and
 * every error code of the resource's own /openapi.json, while the browser asks for nothing outside
 * the resource. The HTTP side (headers, validators, no key, HEAD) is checked over the same socket.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/contract/errors';
import { waitFor } from '../../devkit/host/host-fixture';
import { rawRequest } from '../../devkit/host/http-client';
import { ROOT, startHarness, type Harness } from '../../devkit/resource-harness';
import { openBrowser, type Browser } from './chromium';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('docs_page', []);
});

afterAll(async () => {
  await harness?.close();
});

/** The error codes the document declares: the enum of every error envelope's `code`. */
function declaredErrorCodes(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) declaredErrorCodes(item, found);
  else if (node !== null && typeof node === 'object') {
    const code = (node as { properties?: { error?: { properties?: { code?: { enum?: unknown } } } } }).properties?.error?.properties?.code
      ?.enum;
    if (Array.isArray(code)) for (const c of code) found.add(String(c));
    for (const value of Object.values(node)) declaredErrorCodes(value, found);
  }
  return found;
}

describe('in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(harness.base);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  test('the page renders every route once and every error code of /openapi.json, and the browser asks for nothing outside the resource', async () => {
    const served = await harness.request('/openapi.json', { withKey: false });
    const document = JSON.parse(served.body) as { paths: Record<string, Record<string, { operationId: string }>> };
    const paths = Object.keys(document.paths);
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    const codes = [...declaredErrorCodes(document)].sort();
    // What the page must show is the whole API: the routes and the codes the resource answers.
    expect(paths).toContain('/docs');
    expect(codes).toEqual([...ERROR_CODES].sort());

    const resource = `${harness.base}/citizen_records`;
    const page = await browser.newPage();
    await page.goto(`${resource}/docs`);
    // Redoc's callback marks the outcome once the page is fully rendered (or the document failed).
    await page.waitForSelector('body[data-docs]', { timeout: 45_000 });
    expect(await page.getAttribute('body', 'data-docs')).toBe('rendered');

    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text, which is what a reader sees
    const shown = await page.innerText('body');
    expect(paths.filter((path) => !shown.includes(path))).toEqual([]);
    expect(codes.filter((code) => !shown.includes(code))).toEqual([]);
    // Each route is one entry (HEAD and the CORS preflight are notes on its GET, not entries of their own):
    // Redoc renders every operation as a section `tag/<tag>/operation/<operationId>` under its tag.
    const sections = await page.$$eval('[data-section-id^="tag/"][data-section-id*="/operation/"]', (nodes) =>
      nodes.map((node) => (node.getAttribute('data-section-id') ?? '').replace(/^.*\/operation\//, '')),
    );
    expect(sections.sort()).toEqual([...operationIds].sort());
    expect(operationIds).toHaveLength(paths.length);
    expect(shown).toContain('HEAD answers as GET, with the same status and headers and no body.');

    // What the page made the browser send over the network: itself and the document, from the resource, nothing else.
    expect([...new Set(browser.network)].sort()).toEqual([`GET ${resource}/docs`, `GET ${resource}/openapi.json`]);
    // In the page: nothing outside the resource was even tried (a blob: worker is the page's own code).
    const origin = new URL(harness.base).origin;
    expect(browser.pageRequests.filter((url) => !url.startsWith(`${resource}/`) && !url.startsWith(`blob:${origin}/`))).toEqual([]);
    expect(browser.problems).toEqual([]);
    await page.close();
  }, 90_000);
});

describe('over HTTP', () => {
  test('GET answers the page with no key: HTML, a week of caching, a strong ETag and a policy that runs only its own scripts', async () => {
    const response = await harness.request('/docs', { withKey: false });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const policy = response.headers['content-security-policy'] ?? '';
    expect(policy).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'; /);
    // The renderer the build vendored beside the bundle is in the page, byte for byte.
    expect(response.body.startsWith('<!doctype html>')).toBe(true);
    expect(response.body).toContain(readFileSync(join(ROOT, 'dist/redoc.standalone.js'), 'utf8'));
    // A trailing slash names the same page.
    const slash = await harness.request('/docs/', { withKey: false });
    expect([slash.status, slash.headers.etag, slash.body === response.body]).toEqual([200, response.headers.etag, true]);
  });

  test('If-None-Match with its tag answers 304 with no body and the same validators; HEAD has the headers and no body', async () => {
    const first = await harness.request('/docs', { withKey: false });
    const etag = first.headers.etag as string;
    const again = await harness.request('/docs', { withKey: false, headers: [['If-None-Match', etag]] });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect([again.headers.etag, again.headers['cache-control'], again.headers['content-security-policy']]).toEqual([
      etag,
      first.headers['cache-control'],
      first.headers['content-security-policy'],
    ]);
    const other = await harness.request('/docs', { withKey: false, headers: [['If-None-Match', '"something-else"']] });
    expect(other.status).toBe(200);
    const head = await harness.request('/docs', { withKey: false, method: 'HEAD' });
    expect([head.status, head.body, head.headers.etag, head.headers['content-type']]).toEqual([200, '', etag, 'text/html; charset=utf-8']);
  });

  test('a copy of the resource without the files the build ships beside the bundle answers /docs and /openapi.json 500 internal_error and logs what is missing; with a document, it serves that file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citizen-records-bare-'));
    const bare = (path: string) => rawRequest(harness.base, `/citizen_records_bare${path}`);
    try {
      mkdirSync(join(dir, 'dist'));
      copyFileSync(join(ROOT, 'fxmanifest.lua'), join(dir, 'fxmanifest.lua'));
      copyFileSync(join(ROOT, 'dist/server.js'), join(dir, 'dist/server.js'));
      harness.host.startResource(dir, 'citizen_records_bare');
      for (const [route, file] of [
        ['/docs', 'dist/redoc.standalone.js'],
        ['/openapi.json', 'openapi.json'],
      ]) {
        const answer = await bare(route);
        expect(answer.answered && [answer.status, JSON.parse(answer.body).error.code]).toEqual([500, 'internal_error']);
        await waitFor(
          () =>
            harness.host
              .linesOf('citizen_records_bare')
              .some((line) => line.includes(`${file} is missing from the resource's folder, and ${route} needs it`)),
          `the log line of ${file}`,
        );
      }
      // The document is read from the resource's folder when asked, not carried in the bundle.
      const document = '{"openapi": "3.1.0", "info": {"title": "a document of this folder"}}';
      writeFileSync(join(dir, 'openapi.json'), document);
      const openApi = await bare('/openapi.json');
      expect(openApi.answered && [openApi.status, openApi.body]).toEqual([200, document]);
    } finally {
      harness.host.stopResource('citizen_records_bare');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
