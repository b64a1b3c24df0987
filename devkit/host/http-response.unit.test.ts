/**
 * The response object and handler failures against docs/platform.md#the-response-object,
 * #handler-errors-and-async-handlers and #what-the-test-host-reproduces items 17–22: what the
 * script may pass, what reaches the client, and when the client gets nothing.
 */
import { FxHost } from './fx-host';
import { violationKinds, waitFor } from './host-fixture';
import { rawRequest, type RawRequest, type RawResponse } from './http-client';

let host: FxHost;
let base: string;

beforeAll(async () => {
  host = new FxHost({ handlerTimeoutMs: 400 });
  base = await host.listen();
  host.startScript('resp', '');
});
afterEach(() => expect(host.takeViolations()).toEqual([]));
afterAll(() => host.close());

/** Makes `body` the resource's handler, with `req` and `res` in scope. */
function handle(body: string): void {
  host.evaluate('resp', `SetHttpHandler((req, res) => { ${body} });`);
}

async function answer(options?: RawRequest): Promise<RawResponse> {
  const response = await rawRequest(base, '/resp/x', options);
  if (!response.answered) throw new Error(`no answer: ${response.reason}`);
  return response;
}

describe('writeHead', () => {
  test.each([
    ['a numeric header value', `200, { 'X-Count': 5 }`],
    ['a boolean header value', `200, { 'X-Flag': true }`],
    ['an array with a number', `200, { 'X-List': ['a', 1] }`],
    ['headers passed as null', `200, null`],
    ['headers passed as undefined', `200, undefined`],
    ['a status given as a string', `'200', {}`],
  ])('%s is a header-value violation and a TypeError in the resource', async (_what, args) => {
    handle(`
      let caught = 'nothing';
      try { res.writeHead(${args}); } catch (e) { caught = e instanceof TypeError ? 'TypeError' : 'other'; }
      res.writeHead(299, { 'X-Caught': caught });
      res.send('');`);
    const response = await answer();
    expect(response.status).toBe(299);
    expect(response.headers['x-caught']).toBe('TypeError');
    expect(violationKinds(host)).toEqual(['header-value']);
  });

  test('writeHead(status) with the headers argument omitted is fine', async () => {
    handle(`res.writeHead(204); res.send();`);
    expect((await answer()).status).toBe(204);
  });

  test('a second writeHead is ignored: the first status and headers reach the client', async () => {
    handle(`res.writeHead(201, { 'X-First': '1' }); res.writeHead(500, { 'X-Second': '2' }); res.send('ok');`);
    const response = await answer();
    expect(response.status).toBe(201);
    expect(response.headers['x-first']).toBe('1');
    expect(response.headers['x-second']).toBeUndefined();
    expect(response.body).toBe('ok');
  });

  test('names keep the script spelling, a later same-name header replaces an earlier one, arrays give one line each', async () => {
    handle(`res.writeHead(200, { 'X-Name': 'a', 'x-NAME': 'b', 'Set-Cookie': ['c=1', 'd=2'] }); res.send('');`);
    const { rawHeaders } = await answer();
    const lines = [];
    for (let i = 0; i < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
    expect(lines.filter((l) => /^(x-name|set-cookie):/i.test(l))).toEqual(['x-NAME: b', 'Set-Cookie: c=1', 'Set-Cookie: d=2']);
  });
});

describe('what the server adds', () => {
  test('only Date, Connection and chunked encoding; a script Content-Length is removed', async () => {
    handle(`res.writeHead(200, { 'Content-Length': '2', 'X-Mine': 'y' }); res.send('hello');`);
    const response = await answer({ headers: [['Connection', 'keep-alive']] });
    expect(response.body).toBe('hello');
    const names = response.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names.sort()).toEqual(['connection', 'date', 'transfer-encoding', 'x-mine']);
    expect(response.headers['transfer-encoding']).toBe('chunked');
  });

  test.each([
    [200, 'OK'],
    [408, 'Request Time-out'],
    [308, ''],
    [418, ''],
  ])("status %i carries the reason phrase of FXServer's fixed table: %p", async (status, phrase) => {
    handle(`res.writeHead(${status}, {}); res.send('');`);
    expect(await answer()).toMatchObject({ status, statusMessage: phrase });
  });

  test('write() without writeHead commits status 200', async () => {
    handle(`res.write('a'); res.send('b');`);
    const response = await answer();
    expect([response.status, response.body]).toEqual([200, 'ab']);
  });
});

describe('write and send data', () => {
  test.each([
    ['write', 'a Uint8Array', 'new Uint8Array([104, 105])'],
    ['send', 'a Uint8Array', 'new Uint8Array([104, 105])'],
    ['write', 'a Buffer', "Buffer.from('hi')"],
    ['send', 'a Buffer', "Buffer.from('hi')"],
    ['write', 'a number', '42'],
  ])('%s(%s) is a write-type violation and a TypeError in the resource', async (method, _what, value) => {
    handle(`
      let caught = 'nothing';
      try { res.${method}(${value}); } catch (e) { caught = e instanceof TypeError ? 'TypeError' : 'other'; }
      res.send(caught);`);
    const response = await answer();
    expect([response.status, response.body]).toEqual([200, 'TypeError']);
    expect(violationKinds(host)).toEqual(['write-type']);
  });

  test('strings and ArrayBuffers arrive intact, UTF-8 included', async () => {
    handle(`
      const bytes = new TextEncoder().encode('wörld ✓');
      res.write('héllo ');
      res.send(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));`);
    expect((await answer()).body).toBe('héllo wörld ✓');
  });

  test.each(['undefined', 'null'])('send(%s) passed explicitly throws in the resource', async (value) => {
    handle(`
      let caught = 'nothing';
      try { res.send(${value}); } catch (e) { caught = e instanceof TypeError ? 'TypeError' : 'other'; }
      res.send(caught);`);
    expect((await answer()).body).toBe('TypeError');
    expect(violationKinds(host)).toEqual(['send-argument']);
  });

  test('writes after send are recorded and never reach the client', async () => {
    handle(`res.send('first'); res.write('second'); res.send('third'); res.writeHead(500, {});`);
    const response = await answer();
    expect([response.status, response.body]).toEqual([200, 'first']);
    expect(violationKinds(host)).toEqual(['write-after-send', 'write-after-send', 'write-after-send']);
  });

  test('a body written to a HEAD response is a head-body violation', async () => {
    handle(`res.writeHead(200, {}); res.send('body');`);
    const response = await answer({ method: 'HEAD' });
    expect([response.status, response.body]).toEqual([200, '']);
    expect(violationKinds(host)).toEqual(['head-body']);
  });
});

describe('responses the client never gets', () => {
  test('a bare send() with no head sends nothing', async () => {
    handle(`res.send();`);
    expect((await rawRequest(base, '/resp/x')).answered).toBe(false);
    expect(violationKinds(host)).toEqual(['bare-send']);
  });

  test("send('') with no head is a complete empty response", async () => {
    handle(`res.send('');`);
    expect(await answer()).toMatchObject({ status: 200, body: '' });
  });

  test('a synchronous throw prints SCRIPT ERROR in call ref in the resource channel and leaves the client waiting', async () => {
    handle(`throw new Error('handler exploded');`);
    const before = host.linesOf('resp').length;
    expect((await rawRequest(base, '/resp/x')).answered).toBe(false);
    expect(host.linesOf('resp').slice(before)).toEqual([expect.stringMatching(/^\^1SCRIPT ERROR in call ref: Error: handler exploded/)]);
    expect(violationKinds(host)).toEqual(['handler-throw']);
  });

  test("an async handler's rejection is an unhandled rejection; what it sent still arrives", async () => {
    host.evaluate('resp', `SetHttpHandler(async (req, res) => { res.send('sent'); throw new Error('after send'); });`);
    expect((await answer()).body).toBe('sent');
    const seen: string[] = [];
    await waitFor(() => {
      seen.push(...violationKinds(host));
      return seen.length > 0;
    }, 'the rejection');
    expect(seen).toEqual(['unhandled-rejection']);
  });

  test('a throwing data handler is printed and recorded; the host keeps serving', async () => {
    handle(`req.setDataHandler(() => { throw new Error('bad body'); });`);
    const before = host.linesOf('resp').length;
    expect((await rawRequest(base, '/resp/x', { method: 'POST', body: 'x' })).answered).toBe(false);
    expect(host.linesOf('resp').slice(before)).toEqual([expect.stringMatching(/SCRIPT ERROR in call ref: Error: bad body/)]);
    expect(violationKinds(host)).toEqual(['handler-throw']);
    handle(`res.send('still here');`);
    expect((await answer()).body).toBe('still here');
  });
});
