/**
 * node:http in front of the same request → response function the embedded resource binds to
 * SetHttpHandler (src/http/handle-request.ts). Paths keep the resource's prefix, `/citizen_records`,
 * stripped here as FXServer strips it there (raw, query string kept), so a consumer moves from the
 * game server to this service by changing the host and port alone. Anything outside the prefix is
 * the same 404 route_not_found an unknown route gets. A request body is never read.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest, HttpResponse } from '../http/exchange';

export const PREFIX = '/citizen_records';

/** The path as the handler takes it: the prefix stripped; a path outside it can match no route. */
export function pathInside(url: string): string {
  if (url === PREFIX || url.startsWith(`${PREFIX}?`)) return `/${url.slice(PREFIX.length)}`;
  if (url.startsWith(`${PREFIX}/`)) return url.slice(PREFIX.length);
  // No route has a segment `..`: the handler answers 404 route_not_found, as for any unknown route.
  return '/..';
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const LAST_RESORT: HttpResponse = {
  status: 500,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' },
  body: JSON.stringify({ success: false, error: { code: 'internal_error', message: 'The request could not be answered.' } }),
};

export interface Listening {
  server: Server;
  port: number;
  /** Stops taking connections, closes idle ones, and resolves when the last answer went out. */
  close(): Promise<void>;
}

export function listen(
  handle: (request: HttpRequest) => Promise<HttpResponse>,
  { port, host, log }: { port: number; host: string; log(message: string): void },
): Promise<Listening> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    // Data the client sends is drained, never read: no route takes a body.
    request.resume();
    const send = (answer: HttpResponse) => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    };
    handle({
      method: request.method ?? 'GET',
      path: pathInside(request.url ?? '/'),
      headers: headersOf(request),
      address: `${request.socket.remoteAddress ?? ''}:${request.socket.remotePort ?? ''}`,
    }).then(send, (error: unknown) => {
      log(`request handler failed: ${String(error)}`);
      send(LAST_RESORT);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
