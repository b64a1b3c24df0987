/**
 * The game port of the emulated server: a real HTTP/1.1 socket on 127.0.0.1 that routes
 * `/<resource>/…` to the resource's SetHttpHandler with FXServer's request and response
 * objects (docs/platform.md#sethttphandler-routing to #handler-errors-and-async-handlers,
 * #what-the-test-host-reproduces items 14–25).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { AnyFunction, Resource } from './resource';
import type { ViolationKind } from './violations';

/** What the gateway asks of its host (fx-host.ts is one): the resources to route to, their handlers, the violations to record. */
export interface GatewayHost {
  startedResources(): Resource[];
  callHttpHandler(resource: Resource, request: unknown, response: unknown): unknown;
  violation(resource: string, kind: ViolationKind, detail: string): void;
}

const MAX_BUFFERED_REQUEST = 5 * 1024 * 1024;
const MAX_HEADERS = 50;
const REQUESTS_PER_CONNECTION = 10;

/**
 * FXServer's own reason phrases (net-http-server HttpResponse::GetStatusMessage); a code missing
 * here (308, 418, …) gets an empty phrase, where Node would supply its own.
 */
const REASON_PHRASES: Record<number, string> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Time-out',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Request Entity Too Large',
  414: 'Request-URI Too Large',
  415: 'Unsupported Media Type',
  416: 'Requested Range not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Time-out',
  505: 'HTTP Version not Supported',
};

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isArrayBuffer(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return `object ${JSON.stringify(value).slice(0, 60)}`;
  return typeof value;
}

/** Header names as the client spelled them; for a repeated spelling the first value wins; keys sorted bytewise. */
function headersAsSent(rawHeaders: string[]): Record<string, string> {
  const collected = new Map<string, string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (!collected.has(rawHeaders[i])) collected.set(rawHeaders[i], rawHeaders[i + 1]);
  }
  const out: Record<string, string> = {};
  for (const name of [...collected.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[name] = collected.get(name) as string;
  return out;
}

function peerAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? '0.0.0.0';
  return address.includes(':') ? `[${address}]:${socket.remotePort}` : `${address}:${socket.remotePort}`;
}

export class HttpGateway {
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Requests on one connection are served one at a time, as FXServer parses the next only after send(). */
  private readonly queues = new WeakMap<Socket, Promise<void>>();
  private readonly served = new WeakMap<Socket, number>();
  /**
   * Requests handed to a resource's handler, and those it answered with send(), since the start:
   * what a test waits on to know every request it sent is in the resource's hands.
   */
  readonly counts = { handed: 0, answered: 0 };

  constructor(
    private readonly host: GatewayHost,
    private readonly timeoutMs: number,
  ) {}

  listen(port = 0): Promise<string> {
    // picohttpparser accepts an HTTP/1.1 request without Host; Node would answer 400 itself.
    const server = http.createServer({ maxHeaderSize: 64 * 1024, requireHostHeader: false }, (req, res) => this.enqueue(req, res));
    // FXServer's head has no Keep-Alive line; Node adds one whenever an idle timeout is set.
    server.keepAliveTimeout = 0;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // A port already taken (another FXServer, a demo still running) is the caller's to report:
    // unheard, the 'error' event would reach the process as an uncaught exception.
    return new Promise((resolveUrl, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        this.server = server;
        resolveUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((r) => server.close(r));
  }

  private enqueue(req: http.IncomingMessage, res: http.ServerResponse): void {
    const socket = req.socket;
    const previous = this.queues.get(socket) ?? Promise.resolve();
    const done = previous.then(() => new Promise<void>((finish) => this.serve(req, res, finish)));
    this.queues.set(socket, done);
  }

  /** The started resource whose `/<name>/` prefix (case-insensitive) the path falls under. */
  private route(rawPath: string): { resource: Resource; path: string } | null {
    const lower = rawPath.toLowerCase();
    const candidates = this.host.startedResources().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const resource of candidates) {
      const prefix = `/${resource.name.toLowerCase()}/`;
      if (lower.startsWith(prefix)) return { resource, path: `/${rawPath.slice(prefix.length)}` };
      if (lower === prefix.slice(0, -1)) return { resource, path: '/' };
    }
    return null;
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse, finish: () => void): void {
    const socket = req.socket;
    const count = (this.served.get(socket) ?? 0) + 1;
    this.served.set(socket, count);
    if (req.rawHeaders.length / 2 > MAX_HEADERS) {
      socket.destroy();
      finish();
      return;
    }
    const rawPath = req.url ?? '/';
    const routed = this.route(rawPath);
    if (!routed) {
      res.writeHead(404).end(`Route ${rawPath} not found.`);
      finish();
      return;
    }
    const { resource, path } = routed;
    if (!resource.httpHandler) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.');
      finish();
      return;
    }
    new Exchange(this.host, resource, req, res, path, count >= REQUESTS_PER_CONNECTION, this.timeoutMs, this.counts, finish).start();
  }
}

/** One request/response pair and the rules FXServer applies to it. */
class Exchange {
  private headSent = false;
  private ended = false;
  private body: Buffer | null = null;
  private dataHandler: { cb: AnyFunction; binary: boolean } | null = null;
  private dataDelivered = false;
  private cancelHandler: AnyFunction | null = null;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: GatewayHost,
    private readonly resource: Resource,
    private readonly req: http.IncomingMessage,
    private readonly res: http.ServerResponse,
    private readonly path: string,
    private readonly closeAfter: boolean,
    timeoutMs: number,
    private readonly counts: HttpGateway['counts'],
    private readonly finish: () => void,
  ) {
    // A request the script never answers hangs until FXServer's handler timeout drops the socket;
    // a bare send() ended the exchange for the script but put nothing on the wire, so it hangs too.
    this.timer = setTimeout(() => {
      if (!this.res.writableEnded) this.req.socket.destroy();
      this.finish();
    }, timeoutMs);
  }

  private violation(kind: ViolationKind, detail: string): void {
    this.host.violation(this.resource.name, kind, `${this.req.method} ${this.path}: ${detail}`);
  }

  start(): void {
    const chunks: Buffer[] = [];
    let size = 0;
    this.req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BUFFERED_REQUEST) {
        this.req.socket.destroy();
        return;
      }
      chunks.push(chunk);
    });
    this.req.on('end', () => {
      if (size > 0 && size <= MAX_BUFFERED_REQUEST) {
        this.body = Buffer.concat(chunks);
        this.deliverBody();
      }
    });
    this.res.on('close', () => {
      if (!this.ended) {
        clearTimeout(this.timer);
        this.finish();
        if (this.cancelHandler) this.callScript(this.cancelHandler, [], 'cancel handler');
      }
    });

    const request = {
      address: peerAddress(this.req.socket),
      headers: headersAsSent(this.req.rawHeaders),
      method: this.req.method ?? 'GET',
      path: this.path,
      setDataHandler: (...args: unknown[]) => {
        const [cb, mode] = args;
        if (args.length > 1 && typeof mode !== 'string') throw new TypeError('setDataHandler: mode must be a string');
        if (typeof cb !== 'function') return;
        this.dataHandler = { cb: cb as AnyFunction, binary: mode === 'binary' };
        this.deliverBody();
      },
      setCancelHandler: (cb: unknown) => {
        if (typeof cb === 'function') this.cancelHandler = cb as AnyFunction;
      },
    };
    const response = {
      writeHead: (...args: unknown[]) => this.writeHead(args),
      write: (...args: unknown[]) => this.write(args[0]),
      send: (...args: unknown[]) => this.send(args),
    };

    // The handler runs in a later macrotask, never inside the socket read.
    setImmediate(() => {
      this.counts.handed += 1;
      try {
        const result = this.host.callHttpHandler(this.resource, request, response) as { then?: unknown } | null;
        if (result && typeof result.then === 'function') {
          (result as Promise<unknown>).then(undefined, (error: unknown) => this.violation('unhandled-rejection', String(error)));
        }
      } catch (error) {
        this.violation('handler-throw', String(error));
      }
    });
  }

  /**
   * Calls a callback the script handed over. Its throw was already printed on the resource side
   * (SCRIPT ERROR in call ref); the server side ignores it, so it must not reach the host's loop.
   */
  private callScript(cb: AnyFunction, args: unknown[], what: string): void {
    try {
      cb(...args);
    } catch (error) {
      this.violation('handler-throw', `${what}: ${String(error)}`);
    }
  }

  private deliverBody(): void {
    if (!this.body || !this.dataHandler || this.dataDelivered) return;
    this.dataDelivered = true;
    const { cb, binary } = this.dataHandler;
    const body = this.body;
    const data = binary ? body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) : body.toString('utf8');
    setImmediate(() => this.callScript(cb, [data], 'data handler'));
  }

  private writeHead(args: unknown[]): void {
    if (this.ended) {
      this.violation('write-after-send', 'writeHead after send');
      return;
    }
    const [status, headers] = args;
    if (!Number.isInteger(status)) {
      this.violation('header-value', `status ${describe(status)}`);
      throw new TypeError(`writeHead: status must be an integer, got ${describe(status)}`);
    }
    if (args.length >= 2 && !isPlainObject(headers)) {
      this.violation('header-value', `headers argument ${describe(headers)}`);
      throw new TypeError(`writeHead: headers must be an object, got ${describe(headers)}`);
    }
    const lines: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries((headers as Record<string, unknown>) ?? {})) {
      const valid = typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
      if (!valid) {
        this.violation('header-value', `header ${name} is ${describe(value)}`);
        throw new TypeError(`writeHead: header ${name} must be a string or an array of strings, got ${describe(value)}`);
      }
      // SetHeader replaces a header of the same name, whatever its case.
      for (const existing of Object.keys(lines)) if (existing.toLowerCase() === name.toLowerCase()) delete lines[existing];
      lines[name] = value as string | string[];
    }
    if (this.headSent) return;
    this.commit(status as number, lines);
  }

  private commit(status: number, lines: Record<string, string | string[]>): void {
    this.headSent = true;
    for (const name of Object.keys(lines)) if (name.toLowerCase() === 'content-length') delete lines[name];
    if (this.closeAfter) lines.Connection = 'close';
    try {
      this.res.writeHead(status, REASON_PHRASES[status] ?? '', lines);
      this.res.flushHeaders();
    } catch (error) {
      this.violation('header-value', String(error));
      throw new TypeError(String(error));
    }
  }

  private checkData(data: unknown, what: string): string | ArrayBuffer {
    if (typeof data === 'string' || isArrayBuffer(data)) return data;
    this.violation('write-type', `${what}(${describe(data)})`);
    throw new TypeError(`${what}: data must be a string or an ArrayBuffer, got ${describe(data)}`);
  }

  private writeData(data: string | ArrayBuffer): void {
    if (!this.headSent) this.commit(200, {});
    const bytes = typeof data === 'string' ? data : Buffer.from(data);
    if (this.req.method === 'HEAD' && bytes.length > 0) {
      // FXServer does not special-case HEAD: the body would go on the wire and break the connection.
      this.violation('head-body', `${bytes.length} bytes written to a HEAD response`);
    }
    this.res.write(bytes);
  }

  private write(data: unknown): void {
    if (this.ended) {
      this.violation('write-after-send', 'write after send');
      return;
    }
    this.writeData(this.checkData(data, 'write'));
  }

  private send(args: unknown[]): void {
    if (this.ended) {
      this.violation('write-after-send', 'send after send');
      return;
    }
    if (args.length >= 1) {
      if (args[0] === null || args[0] === undefined) {
        this.violation('send-argument', `send(${describe(args[0])})`);
        throw new TypeError('send: data must be a string or an ArrayBuffer');
      }
      this.writeData(this.checkData(args[0], 'send'));
    }
    this.ended = true;
    this.cancelHandler = null;
    if (!this.headSent) {
      // Nothing was ever committed: the real server writes nothing and the client waits.
      this.violation('bare-send', 'send() with no head and no data: the client gets no answer');
      return;
    }
    clearTimeout(this.timer);
    this.res.end();
    this.counts.answered += 1;
    this.finish();
  }
}
