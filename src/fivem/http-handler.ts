/**
 * Binds the API's request handler to SetHttpHandler. FXServer punishes a handler that throws
 * (the client hangs for 300 s), a bare send() (no answer at all) and non-string header values,
 * so every request ends here in exactly one writeHead with string values and one send(<string>).
 */
import { lowerCaseHeaders, type HttpRequest, type HttpResponse } from '../http/exchange';
import { natives, type FxHttpRequest, type FxHttpResponse } from '../natives';

const LAST_RESORT: HttpResponse = {
  status: 500,
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  },
  body: JSON.stringify({ success: false, error: { code: 'internal_error', message: 'The request could not be answered.' } }),
};

function reply(response: FxHttpResponse, answer: HttpResponse): void {
  response.writeHead(answer.status, answer.headers);
  response.send(answer.body);
}

export function serveHttp(handle: (request: HttpRequest) => Promise<HttpResponse>, log: (message: string) => void): void {
  natives.setHttpHandler((fxRequest: FxHttpRequest, fxResponse: FxHttpResponse) => {
    let answered = false;
    const finish = (answer: HttpResponse) => {
      if (answered) return;
      answered = true;
      try {
        reply(fxResponse, answer);
      } catch (error) {
        log(`could not send the response: ${String(error)}`);
      }
    };
    try {
      const request: HttpRequest = {
        method: String(fxRequest.method),
        path: String(fxRequest.path),
        headers: lowerCaseHeaders(fxRequest.headers ?? {}),
        address: String(fxRequest.address),
      };
      handle(request).then(finish, (error: unknown) => {
        log(`request handler failed: ${String(error)}`);
        finish(LAST_RESORT);
      });
    } catch (error) {
      log(`request handler failed: ${String(error)}`);
      finish(LAST_RESORT);
    }
  });
}
