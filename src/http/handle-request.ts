/**
 * The API over HTTP, as a function from request to response: route (404), method (405), then
 * the route's answer. It never throws; a bug becomes 500 internal_error with a request id.
 */
import { randomBytes } from 'node:crypto';
import { fail, type Envelope } from '../api/envelope';
import type { HttpRequest, HttpResponse } from './exchange';
import { commonHeaders, envelopeResponse, jsonResponse } from './respond';
import type { HealthReport } from '../api/health';
import { ALLOWED_METHODS, matchRoute, type Route } from './router';
import { describeError } from '../logger';

export interface ApiHandlers {
  health(): Promise<HealthReport>;
  citizen(route: Extract<Route, { kind: 'citizen' }>): Promise<Envelope<unknown>>;
  log(message: string): void;
}

export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}

export function createRequestHandler(api: ApiHandlers): (request: HttpRequest) => Promise<HttpResponse> {
  return async (request) => {
    const requestId = newRequestId();
    let response: HttpResponse;
    try {
      response = await answer(api, request, requestId);
    } catch (error) {
      api.log(`request ${requestId} (${request.method} ${request.path}) failed: ${describeError(error)}`);
      response = envelopeResponse(fail('internal_error', 'The lookup failed because of a bug; quote the request id when you report it.'), requestId);
    }
    // HEAD answers the GET's status and headers with no body: FXServer would send one anyway.
    return request.method === 'HEAD' ? { ...response, body: '' } : response;
  };
}

async function answer(api: ApiHandlers, request: HttpRequest, requestId: string): Promise<HttpResponse> {
  const route = matchRoute(request.path);
  if (!route) {
    const path = request.path.split('?')[0];
    return envelopeResponse(fail('route_not_found', `No route ${path}. Routes: /health, /alpha/citizens/{id}, /beta/citizens/{id}.`), requestId);
  }
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method)) {
    return envelopeResponse(fail('method_not_allowed', `${request.method} is not allowed here; use GET.`), requestId, {
      Allow: ALLOWED_METHODS.join(', '),
    });
  }
  if (request.method === 'OPTIONS') {
    return { status: 204, headers: { ...commonHeaders(requestId), Allow: ALLOWED_METHODS.join(', ') }, body: '' };
  }
  if (route.kind === 'health') {
    const health = await api.health();
    return jsonResponse(health.success ? 200 : 503, health, requestId);
  }
  return envelopeResponse(await api.citizen(route), requestId);
}
