/**
 * The emulated game port against docs/platform.md#sethttphandler-routing, #the-request-object,
 * #request-bodies and #what-the-test-host-reproduces items 14–16, 23–25: routing,
 * the request object a handler receives, body delivery, and one connection's requests in order.
 */
import net from 'node:net';
import { FxHost } from './fx-host';
import { violationKinds, waitFor } from './host-fixture';
import { rawRequest, type RawRequest, type RawResponse } from './http-client';

const ECHO = `
SetHttpHandler((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.send(JSON.stringify({ keys: Object.keys(req), path: req.path, method: req.method, address: req.address, headers: req.headers }));
});`;

interface Echo {
  keys: string[];
  path: string;
  method: string;
  address: string;
  headers: Record<string, string>;
}

let host: FxHost;
let base: string;

beforeAll(async () => {
  // No test here waits for the handler timeout; it only ends what a test leaves unanswered, and
  // must outlast a 300 KB body and the handlers' own 150-200 ms waits on a busy machine.
  host = new FxHost({ handlerTimeoutMs: 5000 });
  base = await host.listen();
  host.startScript('web', ECHO);
});
afterEach(() => expect(host.takeViolations()).toEqual([]));
afterAll(() => host.close());

async function answer(target: string, options?: RawRequest): Promise<RawResponse> {
  const response = await rawRequest(base, target, options);
  if (!response.answered) throw new Error(`${target} got no answer: ${response.reason}`);
  return response;
}

async function echo(target: string, options?: RawRequest): Promise<Echo> {
  return JSON.parse((await answer(target, options)).body) as Echo;
}

describe('routing and request.path', () => {
  test.each([
    ['/web/a/b?x=%20&y=%2F', '/a/b?x=%20&y=%2F'],
    ['/web', '/'],
    ['/web/', '/'],
    ['/WEB/x', '/x'],
    ['/wEb/Mixed/Case', '/Mixed/Case'],
    ['/web//x', '//x'],
    ['/web/%2e%2e/secret', '/%2e%2e/secret'],
  ])('%s reaches the handler as %s', async (target, path) => {
    expect((await echo(target)).path).toBe(path);
  });

  test.each(['/nope/x?y=1', '/webx/y', '/w%65b/x', '/'])('%s is an unknown route: 404 with no content type', async (target) => {
    const response = await answer(target);
    expect(response.status).toBe(404);
    expect(response.body).toBe(`Route ${target} not found.`);
    expect(response.headers['content-type']).toBeUndefined();
  });

  test('a started resource without a handler answers 404 Not found. as text/plain', async () => {
    host.startScript('quiet', 'globalThis.loaded = true;');
    const response = await answer('/quiet/anything');
    expect(response.status).toBe(404);
    expect(response.body).toBe('Not found.');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  test('a stopped resource is no longer routed', async () => {
    host.startScript('gone', ECHO);
    expect((await echo('/gone/x')).path).toBe('/x');
    host.stopResource('gone');
    expect((await answer('/gone/x')).body).toBe('Route /gone/x not found.');
  });

  test('HEAD and OPTIONS reach the handler unchanged', async () => {
    expect((await echo('/web/o', { method: 'OPTIONS' })).method).toBe('OPTIONS');
    const head = await answer('/web/h', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(violationKinds(host)).toEqual(['head-body']);
  });
});

describe('the request and response objects', () => {
  test('the response object has exactly writeHead, write and send', async () => {
    host.startScript(
      'shape',
      `SetHttpHandler((req, res) => res.send(JSON.stringify(Object.keys(res).map((k) => k + ':' + typeof res[k]))));`,
    );
    expect(JSON.parse((await answer('/shape/x')).body)).toEqual(['writeHead:function', 'write:function', 'send:function']);
  });

  test('has exactly the six keys of RequestWrap and the TCP peer as address', async () => {
    const seen = await echo('/web/k');
    expect([...seen.keys].sort()).toEqual(['address', 'headers', 'method', 'path', 'setCancelHandler', 'setDataHandler']);
    expect(seen.address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  test('header names arrive as spelled, first duplicate wins, case variants both kept, keys sorted bytewise', async () => {
    const { headers } = await echo('/web/h', {
      headers: [
        ['x-case', 'lower'],
        ['X-Dup', 'first'],
        ['X-Case', 'upper'],
        ['X-Dup', 'second'],
        ['accept', '*/*'],
      ],
    });
    expect(headers['X-Dup']).toBe('first');
    expect(headers['X-Case']).toBe('upper');
    expect(headers['x-case']).toBe('lower');
    expect(headers['x-dup']).toBeUndefined();
    const keys = Object.keys(headers);
    expect(keys.filter((k) => k !== 'Host' && k !== 'Connection')).toEqual(['X-Case', 'X-Dup', 'accept', 'x-case']);
    expect(keys).toEqual([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });

  test.each([
    [50, true],
    [51, false],
  ])('%i headers: answered %s (the parser takes at most 50)', async (count, answered) => {
    const headers: Array<[string, string]> = [
      ['Host', 'x'],
      ['Connection', 'close'],
      ...Array.from({ length: count - 2 }, (_, i): [string, string] => [`X-H${i}`, 'v']),
    ];
    expect((await rawRequest(base, '/web/many', { headers })).answered).toBe(answered);
  });
});

describe('body delivery', () => {
  beforeAll(() => {
    host.startScript(
      'body',
      `
      SetHttpHandler((req, res) => {
        const calls = [];
        const reply = () => res.send(JSON.stringify(calls));
        const record = (data) => calls.push({ type: Object.prototype.toString.call(data), isContextArrayBuffer: data instanceof ArrayBuffer,
          text: typeof data === 'string' ? data : new TextDecoder().decode(new Uint8Array(data)) });
        if (req.path === '/late') {
          setTimeout(() => req.setDataHandler((data) => { record(data); reply(); }), 150);
        } else if (req.path === '/binary') {
          req.setDataHandler((data) => { record(data); reply(); }, 'binary');
        } else if (req.path === '/none') {
          req.setDataHandler(record);
          setTimeout(reply, 200);
        } else {
          req.setDataHandler((data) => { record(data); setTimeout(reply, 150); });
        }
      });`,
    );
  });

  const calls = async (target: string, options: RawRequest) =>
    JSON.parse((await answer(`/body${target}`, options)).body) as Array<{ type: string; isContextArrayBuffer: boolean; text: string }>;

  test('a body in many TCP chunks reaches the data handler once, whole, as a UTF-8 string', async () => {
    const big = `é${'x'.repeat(300_000)}ü`;
    const seen = await calls('/text', { method: 'POST', body: big });
    expect(seen).toHaveLength(1);
    expect(seen[0].type).toBe('[object String]');
    expect(seen[0].text).toBe(big);
  });

  test("'binary' delivers an ArrayBuffer of the resource's own realm", async () => {
    const seen = await calls('/binary', { method: 'POST', body: 'bïn' });
    expect(seen).toEqual([{ type: '[object ArrayBuffer]', isContextArrayBuffer: true, text: 'bïn' }]);
  });

  test('a handler registered after the body arrived still gets it', async () => {
    expect(await calls('/late', { method: 'PUT', body: 'kept' })).toEqual([
      { type: '[object String]', isContextArrayBuffer: false, text: 'kept' },
    ]);
  });

  test.each([
    ['a GET', { method: 'GET' }],
    ['a POST with Content-Length: 0', { method: 'POST', headers: [['Content-Length', '0']] as Array<[string, string]> }],
  ])('the data handler never fires for %s', async (_what, options) => {
    expect(await calls('/none', options)).toEqual([]);
  });
});

/** Opens a raw connection, writes `text` and collects what comes back. */
function connectRaw(text: string): { socket: net.Socket; received: () => string } {
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.write(text);
  return { socket, received: () => received };
}

describe('one connection', () => {
  test('an HTTP/1.1 request without Host still reaches the handler (picohttpparser does not require one)', async () => {
    const { socket, received } = connectRaw('GET /web/nohost HTTP/1.1\r\nX-Only: 1\r\n\r\n');
    await waitFor(() => received().endsWith('0\r\n\r\n'), 'the response');
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain('"path":"/nohost"');
    expect(received()).toContain('"headers":{"X-Only":"1"}');
    socket.destroy();
  });

  test('pipelined requests are served one at a time, the next only after send()', async () => {
    host.startScript(
      'queue',
      `globalThis.served = []; globalThis.held = null;
      SetHttpHandler((req, res) => {
        served.push(req.path);
        if (req.path === '/first') held = res; else res.send(req.path);
      });`,
    );
    const served = () => host.evaluate('queue', 'served.join()') as string;
    const { socket, received } = connectRaw('GET /queue/first HTTP/1.1\r\nHost: x\r\n\r\nGET /queue/second HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => served() === '/first', 'the first request');
    // Another connection is served meanwhile, so the second request had every chance to start.
    expect((await answer('/queue/other')).body).toBe('/other');
    expect(served()).toBe('/first,/other');
    host.evaluate('queue', `held.send('/first')`);
    await waitFor(() => /\/second[\s\S]*0\r\n\r\n$/.test(received()), 'both responses');
    expect(served()).toBe('/first,/other,/second');
    expect(received().indexOf('/first')).toBeLessThan(received().indexOf('/second'));
    socket.destroy();
  });

  test('the tenth request on one connection is answered with Connection: close', async () => {
    const { socket, received } = connectRaw('GET /web/n HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(10));
    await waitFor(() => (received().match(/\r\n0\r\n\r\n/g) ?? []).length === 10, 'ten responses');
    const connection = [...received().matchAll(/^Connection: (.*)\r$/gim)].map((m) => m[1]);
    expect(connection).toEqual([...Array(9).fill('keep-alive'), 'close']);
    socket.destroy();
  });

  test('a request body over 5 MiB closes the connection with no response', async () => {
    host.startScript('big', `SetHttpHandler((req, res) => req.setDataHandler((data) => res.send(String(data.length))));`);
    const limit = 5 * 1024 * 1024;
    // Ten megabytes through loopback take seconds on a busy machine: the client waits up to 12 s
    // each, so that no answer means the connection was closed, not that the client gave up.
    const timeoutMs = 12_000;
    expect((await answer('/big/x', { method: 'POST', body: 'x'.repeat(limit - 1024), timeoutMs })).body).toBe(String(limit - 1024));
    expect(await rawRequest(base, '/big/x', { method: 'POST', body: 'x'.repeat(limit + 1), timeoutMs })).toMatchObject({
      answered: false,
      reason: expect.not.stringMatching(/^timeout$/),
    });
  }, 30_000);

  test('the cancel handler fires when the client leaves before send()', async () => {
    host.startScript(
      'cancel',
      `globalThis.events = [];
      SetHttpHandler((req, res) => {
        events.push('handler');
        req.setCancelHandler(() => events.push('cancelled'));
      });`,
    );
    const events = () => host.evaluate('cancel', 'events.join()') as string;
    const abort = new AbortController();
    const pending = rawRequest(base, '/cancel/wait', { signal: abort.signal });
    await waitFor(() => events() === 'handler', 'the handler');
    abort.abort();
    expect((await pending).answered).toBe(false);
    await waitFor(() => events() !== 'handler', 'the cancel handler');
    expect(events()).toBe('handler,cancelled');
  });
});

describe('listening', () => {
  test('a port already taken rejects with EADDRINUSE, and the host can still listen elsewhere and close', async () => {
    const other = new FxHost({ clock: 'manual' });
    const takenPort = Number(new URL(base).port);
    await expect(other.listen(takenPort)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const elsewhere = await other.listen();
    expect(new URL(elsewhere).port).not.toBe(String(takenPort));
    await other.close();
  });
});
