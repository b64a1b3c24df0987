/**
 * The built bundle, loaded the way FXServer loads it, answers over a real socket and through
 * its exports from a second resource; with and without a database.
 */
import { FxHost } from '../../devkit/host/fx-host';
import { rawRequest } from '../../devkit/host/http-client';
import { REQUEST_ID, ROOT, startHarness, type Harness } from '../../devkit/resource-harness';

describe('the built resource with oxmysql connected to an empty database', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('loads', []);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('GET /health answers ok with the documented headers', async () => {
    const response = await h.request('/health');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(JSON.parse(response.body)).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: 'connected',
        formats: { alpha: 'unavailable', beta: 'unavailable' },
        vehicles: { alpha: 'unavailable', beta: 'unavailable' },
        version: '0.1.0',
      },
    });
  });

  test('the resource prefix matches case-insensitively and the query string is ignored', async () => {
    const response = await rawRequest(h.base, '/CITIZEN_RECORDS/health/?probe=1%20');
    expect(response.answered && response.status).toBe(200);
  });

  test('any other path is a 404 route_not_found envelope', async () => {
    for (const path of [
      '/',
      '/nothing',
      '/health/extra',
      '//health',
      '/alpha/citizens//',
      '/./health',
      '/health/..',
      '/%ZZ',
      '/alpha/citizens/a/b',
    ]) {
      const response = await h.request(path);
      const body = JSON.parse(response.body) as { success: boolean; error: { code: string; message: string; requestId: string } };
      expect({ path, status: response.status, code: body.error?.code }).toEqual({ path, status: 404, code: 'route_not_found' });
      expect(body.success).toBe(false);
      expect(body.error.message).toMatch(/No route/);
      expect(body.error.requestId).toBe(response.headers['x-request-id']);
      expect(Object.keys(body).sort()).toEqual(['error', 'success']);
    }
  });

  test('/alpha/citizens and /alpha/citizens/ without an id are the search, which needs a name or a phone', async () => {
    for (const path of ['/alpha/citizens', '/alpha/citizens/']) {
      const response = await h.request(path);
      expect({ path, status: response.status, code: JSON.parse(response.body).error?.code }).toEqual({
        path,
        status: 400,
        code: 'invalid_query',
      });
    }
  });

  test('a method other than GET, HEAD or OPTIONS is 405 with an Allow header', async () => {
    const response = await h.request('/health', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(response.body).error.code).toBe('method_not_allowed');
  });

  test('OPTIONS answers 204 with Allow and the common headers, no body', async () => {
    const response = await h.request('/alpha/citizens/char1:abc', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
    expect(response.body).toBe('');
  });

  test('HEAD answers the GET status and headers with no body', async () => {
    const response = await h.request('/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('');
  });

  test('a format whose table is missing answers 501 format_unavailable, over HTTP and export alike', async () => {
    const response = await h.request('/beta/citizens/ABC12345');
    expect(response.status).toBe(501);
    const viaHttp = JSON.parse(response.body);
    expect(viaHttp.error.code).toBe('format_unavailable');
    const viaExport = (await h.callExport('getBetaCitizen', 'ABC12345')) as typeof viaHttp;
    expect(viaExport).toEqual({ success: false, error: { code: 'format_unavailable', message: viaHttp.error.message } });
  });

  test('a second resource calls getHealth and gets the same envelope as HTTP', async () => {
    const viaExport = await h.callExport('getHealth');
    const viaHttp = JSON.parse((await h.request('/health')).body);
    expect(viaExport).toEqual(viaHttp);
  });
});

describe('the built resource without oxmysql', () => {
  let host: FxHost;
  let base: string;

  beforeAll(async () => {
    host = new FxHost({ handlerTimeoutMs: 2000, convars: { 'citizen_records:allow_anonymous': 'true' } });
    base = await host.listen();
    host.startResource(ROOT, 'citizen_records');
  });
  afterEach(() => expect(host.takeViolations()).toEqual([]));
  afterAll(() => host.close());

  test('health is 503 degraded with the database unavailable, the formats not inspected yet', async () => {
    const response = await rawRequest(base, '/citizen_records/health');
    expect(response.answered && response.status).toBe(503);
    expect(response.answered && JSON.parse(response.body)).toEqual({
      success: false,
      data: {
        status: 'degraded',
        database: 'unavailable',
        formats: { alpha: 'pending', beta: 'pending' },
        vehicles: { alpha: 'pending', beta: 'pending' },
        version: '0.1.0',
      },
    });
  });

  test('a lookup answers 503 database_unavailable at once, with Retry-After', async () => {
    const response = await rawRequest(base, '/citizen_records/alpha/citizens/char1:abc');
    expect(response.answered && response.status).toBe(503);
    expect(response.answered && response.headers['retry-after']).toBe('5');
    expect(response.answered && JSON.parse(response.body).error.code).toBe('database_unavailable');
  });

  test('an invalid id is 400 invalid_id before the database is asked', async () => {
    for (const path of ['/alpha/citizens/bad%20id', '/alpha/citizens/%E0%A4%A', '/beta/citizens/ABC-123', '/alpha/citizens/...']) {
      const response = await rawRequest(base, `/citizen_records${path}`);
      expect({ path, status: response.answered && response.status }).toEqual({ path, status: 400 });
      expect(response.answered && JSON.parse(response.body).error.code).toBe('invalid_id');
    }
  });
});
