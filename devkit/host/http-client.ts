/**
 * A raw HTTP/1.1 client for the tests: sends the request target exactly as given (fetch would
 * normalise `/./` and `..`) and reports a request the server never answers as `answered: false`.
 */
import http from 'node:http';

export interface RawResponse {
  answered: true;
  status: number;
  /** Lower-cased names, as Node parses them. */
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  statusMessage: string;
  body: string;
}

export interface NoAnswer {
  answered: false;
  /** What ended the wait: the socket closed, or the client gave up. */
  reason: string;
}

export interface RawRequest {
  method?: string;
  /** Sent as given, in order; repeated names allowed. */
  headers?: Array<[string, string]>;
  body?: string;
  /** How long the client waits before it gives up. */
  timeoutMs?: number;
  /** Aborts the request, closing the connection, e.g. to make the server see a client leave. */
  signal?: AbortSignal;
}

export function rawRequest(base: string, target: string, options: RawRequest = {}): Promise<RawResponse | NoAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const headers: string[] = [];
    for (const [name, value] of options.headers ?? []) headers.push(name, value);
    // Node adds Host itself only for object headers; with a raw list the request would lack one.
    if (headers.length > 0 && !(options.headers ?? []).some(([name]) => name.toLowerCase() === 'host')) headers.unshift('Host', url.host);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: options.method ?? 'GET',
      path: target,
      headers: headers.length > 0 ? (headers as unknown as http.OutgoingHttpHeaders) : undefined,
      agent: false,
      setHost: true,
      signal: options.signal,
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ answered: false, reason: 'timeout' });
    }, options.timeoutMs ?? 5000);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          answered: true,
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body,
        });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve({ answered: false, reason: error.message });
    });
    req.end(options.body);
  });
}
