/**
 * The API over HTTP, as a function from request to response, in the order of checks of
 * docs/design.md §7: route (404), method (405), then, for the record routes only, auth (401), rate
 * limit (429), and the lookup (id 400, database). /health, /openapi.json, /docs and OPTIONS need no key.
 * It never throws; a bug becomes 500 internal_error, logged with its request id.
 */
import { fail } from '../lookup/envelope';
import type { Api } from '../api/handlers';
import { costOf, type DataOperationId } from '../contract/operations';
import { describeError, type Logger } from '../logger';
import type { AuthOutcome, Authenticator } from './auth';
import { corsHeaders, preflightHeaders, type CorsOrigins } from './cors';
import { buildDocsPage, docsResponse, type DocsPage } from './docs-page';
import { ifNoneMatchHits } from './etag';
import type { HttpRequest, HttpResponse } from './exchange';
import type { RateLimiter } from './rate-limit';
import { commonHeaders, envelopeResponse, jsonResponse, recordResponse } from './respond';
import { pathOnly, queryString } from './request-path';
import { ALLOWED_METHODS, matchRoute, ROUTES } from './router';

export interface HttpPolicy {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  corsOrigins: CorsOrigins;
  newRequestId(): string;
  /** Milliseconds, for the access log. */
  now(): number;
  log: Logger;
}

/** How much of what a client sent an answer or a log line may repeat. */
const ECHO_LIMIT = 64;

function clip(text: string, limit = ECHO_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
}

/**
 * The path as logs and answers may show it: without its query string, where clients put keys
 * (`?api_key=…`) that are never accepted there but must not reach a log either (docs/design.md §2.3).
 */
function shownPath(path: string, limit = ECHO_LIMIT): string {
  const bare = pathOnly(path);
  return clip(bare === path ? path : `${bare}?…`, limit);
}

const UNAUTHORIZED: Record<Extract<AuthOutcome, { ok: false }>['reason'], string> = {
  no_keys_configured:
    'No API key is configured on this server, so the record routes are closed. The server owner adds one in server.cfg with ' +
    'set citizen_records:api_keys "name:<key>" (a key from: openssl rand -hex 32), or opens the routes without keys with ' +
    'set citizen_records:allow_anonymous true, and restarts the resource.',
  no_key_sent: 'This route needs an API key: send it as Authorization: Bearer <key> or X-API-Key: <key>.',
  wrong_key:
    'The API key sent is not valid on this server. Send a key from citizen_records:api_keys as Authorization: Bearer <key> or X-API-Key: <key>.',
};

/** What the build ships beside the bundle, as the routes serve it. */
interface Shipped {
  document(): string;
  docsPage(): DocsPage;
}

interface Answer {
  response: HttpResponse;
  /** For the access log: the key's name, `anonymous`, or `-` when no key was asked for. */
  client: string;
}

export function createRequestHandler(api: Api, policy: HttpPolicy): (request: HttpRequest) => Promise<HttpResponse> {
  // The OpenAPI document and the /docs page, read (and the page made) at their first request and
  // kept: each file is read once, the renderer hashed once.
  let document: string | undefined;
  let docs: DocsPage | undefined;
  const shipped: Shipped = { document: () => (document ??= api.openApi()), docsPage: () => (docs ??= buildDocsPage(api.docsRenderer())) };
  return async (request) => {
    const started = policy.now();
    const requestId = policy.newRequestId();
    let answer: Answer;
    try {
      answer = await respond(api, policy, request, requestId, shipped);
    } catch (error) {
      policy.log.error(
        `request ${requestId} (${clip(request.method, 16)} ${shownPath(request.path, 200)}) failed: ${describeError(error)}`,
      );
      const bug = fail('internal_error', 'The request failed because of a bug; quote the request id when you report it.');
      answer = { response: envelopeResponse(bug, requestId), client: '-' };
    }
    const { response } = answer;
    Object.assign(response.headers, corsHeaders(policy.corsOrigins, request.headers.origin));
    if (request.method === 'HEAD') response.body = '';
    policy.log.debug(
      `http ${requestId} ${clip(request.method, 16)} ${shownPath(request.path, 200)} ${response.status} ${Math.round(policy.now() - started)}ms client=${answer.client}`,
    );
    return response;
  };
}

async function respond(api: Api, policy: HttpPolicy, request: HttpRequest, requestId: string, shipped: Shipped): Promise<Answer> {
  const unauthenticated = (response: HttpResponse): Answer => ({ response, client: '-' });
  const route = matchRoute(request.path);
  if (!route) {
    const routes = ROUTES.map((r) => r.path).join(', ');
    return unauthenticated(envelopeResponse(fail('route_not_found', `No route ${shownPath(request.path)}. Routes: ${routes}.`), requestId));
  }
  const allow = ALLOWED_METHODS.join(', ');
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method)) {
    const message = `${clip(request.method, 16)} is not allowed here; use GET or HEAD.`;
    return unauthenticated(envelopeResponse(fail('method_not_allowed', message), requestId, { Allow: allow }));
  }
  if (request.method === 'OPTIONS') {
    const headers = { ...commonHeaders(requestId), Allow: allow, ...preflightHeaders(policy.corsOrigins, request.headers.origin, allow) };
    return unauthenticated({ status: 204, headers, body: '' });
  }
  const { operation } = route;
  if (operation.answer.kind === 'health') {
    const health = await api.health();
    if ('error' in health) return unauthenticated(envelopeResponse(health, requestId));
    return unauthenticated(jsonResponse(health.success ? 200 : 503, health, requestId));
  }
  if (operation.answer.kind === 'document') {
    return unauthenticated({ status: 200, headers: commonHeaders(requestId), body: shipped.document() });
  }
  if (operation.answer.kind === 'page')
    return unauthenticated(docsResponse(shipped.docsPage(), requestId, request.headers['if-none-match']));

  let client = '-';
  if (operation.access === 'key') {
    const auth = policy.authenticator.authenticate(request.headers, request.address);
    if (!auth.ok) {
      const response = envelopeResponse(fail('unauthorized', UNAUTHORIZED[auth.reason]), requestId, {
        'WWW-Authenticate': 'Bearer realm="citizen_records"',
      });
      return { response, client: auth.reason === 'no_keys_configured' ? '-' : 'rejected' };
    }
    client = auth.keyName;
    const rate = policy.rateLimiter.take(auth.client, costOf(operation, queryString(request.path)));
    if (!rate.allowed) {
      const message = `Too many requests for ${client === 'anonymous' ? 'this address' : `key ${client}`}; retry after ${rate.retryAfterSeconds} s.`;
      return {
        response: envelopeResponse(fail('rate_limited', message), requestId, { 'Retry-After': String(rate.retryAfterSeconds) }),
        client,
      };
    }
  }
  const handler = api.operations[operation.id as DataOperationId];
  const outcome = await handler({ format: route.format, params: route.params, query: queryString(request.path), via: 'http', requestId });
  const { envelope } = outcome;
  if (!envelope.success) return { response: envelopeResponse(envelope, requestId), client };
  const response = recordResponse(envelope, requestId);
  if (operation.answer.recordSource) response.headers['X-Record-Source'] = outcome.source;
  if (ifNoneMatchHits(request.headers['if-none-match'], response.headers.ETag))
    return { response: { ...response, status: 304, body: '' }, client };
  return { response, client };
}
