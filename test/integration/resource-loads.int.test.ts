/**
 * The built bundle, loaded the way FXServer loads it, answers over a real socket and through
 * its exports from a second resource.
 */
import { resolve } from 'node:path';
import { FxHost } from '../host/fx-host';
import { rawRequest, type RawResponse } from '../host/http-client';

const ROOT = resolve(__dirname, '../..');

async function get(base: string, path: string): Promise<RawResponse> {
  const response = await rawRequest(base, `/citizen_records${path}`);
  if (!response.answered) throw new Error(`GET ${path} got no answer: ${response.reason}`);
  return response;
}

describe('the built resource in the FXServer host', () => {
  let host: FxHost;
  let base: string;

  beforeAll(async () => {
    host = new FxHost({ handlerTimeoutMs: 2000 });
    base = await host.listen();
    host.startResource(ROOT, 'citizen_records');
  });

  afterEach(() => expect(host.takeViolations()).toEqual([]));
  afterAll(() => host.close());

  test('GET /health answers the health envelope with the documented headers', async () => {
    const response = await get(base, '/health');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.parse(response.body)).toEqual({ success: true, data: { status: 'ok', version: '0.1.0' } });
  });

  test('the resource prefix matches case-insensitively and the query string is ignored', async () => {
    const response = await rawRequest(base, '/CITIZEN_RECORDS/health/?probe=1%20');
    expect(response.answered && response.status).toBe(200);
  });

  test('any other path is a 404 route_not_found envelope', async () => {
    for (const path of ['/', '/nothing', '/health/extra', '//health', '/alpha/citizens/', '/./health', '/health/..', '/%ZZ']) {
      const response = await get(base, path);
      const body = JSON.parse(response.body) as { success: boolean; error: { code: string; message: string } };
      expect({ path, status: response.status, code: body.error?.code }).toEqual({ path, status: 404, code: 'route_not_found' });
      expect(body.success).toBe(false);
      expect(body.error.message).toMatch(/No route/);
      expect(Object.keys(body).sort()).toEqual(['error', 'success']);
    }
  });

  test('a method other than GET, HEAD or OPTIONS is 405 with an Allow header', async () => {
    const response = await rawRequest(base, '/citizen_records/health', { method: 'POST', body: '{}' });
    expect(response.answered && response.status).toBe(405);
    expect(response.answered && response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  test('HEAD answers the GET status and headers with no body', async () => {
    const response = await rawRequest(base, '/citizen_records/health', { method: 'HEAD' });
    expect(response.answered && response.status).toBe(200);
    expect(response.answered && response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  test('a second resource calls the export and gets the same envelope as HTTP', async () => {
    host.startScript(
      'caller',
      `on('caller:health', async () => { globalThis.result = await exports.citizen_records.getHealth(); });`,
    );
    host.evaluate('caller', `emit('caller:health')`);
    await new Promise((r) => setTimeout(r, 50));
    const viaExport = host.evaluate('caller', 'JSON.stringify(globalThis.result)') as string;
    const viaHttp = (await get(base, '/health')).body;
    expect(JSON.parse(viaExport)).toEqual(JSON.parse(viaHttp));
  });
});
