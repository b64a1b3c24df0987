/**
 * A real headless browser for the tests: Debian's chromium (`apt-get install chromium`; .ci/run
 * installs it), driven by playwright-core over its pipe, with a fresh profile and only the flags
 * written here (Playwright's defaults are left out, so the command line is all on this page).
 *
 * Two proxies carry every HTTP request, loopback included:
 * - the pages' one (a browser context of its own, Target.createBrowserContext's proxyServer) forwards
 *   only to the origin the test names and records every request: everything the pages made the
 *   browser send, whatever sent it (document, script, worker, icon);
 * - the browser's own one refuses everything: Chromium still calls Google for its housekeeping
 *   (component updates, account checks) whatever the flags say, and none of it leaves the machine.
 * What a page tried and was refused before the network (a URL its Content-Security-Policy blocks)
 * shows in the pages' requests and console errors.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Page } from 'playwright-core';

/** The browser binary; CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * No first-run pages, background fetches, component updates, sync, QUIC (which would go around an
 * HTTP proxy), sandbox (which cannot run as root) or GPU (a container has none). Autofill would ask
 * Google about the page's search box, and optimisation hints and network time are fetched at start.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-field-trial-config',
  '--disable-features=AutofillServerCommunication,OptimizationHints,NetworkTimeServiceQuerying',
  '--no-default-browser-check',
  '--password-store=basic',
  // Playwright's channel (CDP over file descriptors 3 and 4); the pages open in contexts it creates.
  '--remote-debugging-pipe',
  '--no-startup-window',
];

export interface Browser {
  /** A new tab. */
  newPage(): Promise<Page>;
  /** What the pages sent over the network: `GET <absolute URL>` for HTTP, `CONNECT host:port` for a tunnel. */
  readonly network: readonly string[];
  /** Every URL a page asked for (blob: and what a policy refused included). */
  readonly pageRequests: readonly string[];
  /** Console errors and uncaught exceptions of the pages. */
  readonly problems: readonly string[];
  close(): Promise<void>;
}

/**
 * A proxy that forwards the requests to `allowedOrigin` and answers the others 502 (every request,
 * when it is null); it records each in `network` when given one.
 */
async function recordingProxy(allowedOrigin: string | null, network?: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const target = request.url ?? '';
    network?.push(`${request.method} ${target}`);
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (url.origin !== allowedOrigin) {
      response.writeHead(502).end();
      return;
    }
    const headers = { ...request.headers };
    delete headers['proxy-connection'];
    const forwarded = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: `${url.pathname}${url.search}`, headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  server.on('connect', (request, socket: Socket) => {
    network?.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Starts chromium; its pages reach only `allowedOrigin` (the test host, `http://127.0.0.1:<port>`). */
export async function openBrowser(allowedOrigin: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium; .ci/run does), or set CHROMIUM_PATH`);
  }
  const network: string[] = [];
  const pageRequests: string[] = [];
  const problems: string[] = [];
  const pagesProxy = await recordingProxy(allowedOrigin, network);
  const browserProxy = await recordingProxy(null);
  const profile = mkdtempSync(join(tmpdir(), 'citizen-records-chromium-'));
  const cleanUp = async () => {
    await pagesProxy.close();
    await browserProxy.close();
    rmSync(profile, { recursive: true, force: true });
  };
  let browser: PlaywrightBrowser;
  let context: BrowserContext;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      ignoreDefaultArgs: true,
      // `<-loopback>` takes loopback off Chromium's implicit bypass list, so the test host is proxied too.
      args: [...FLAGS, `--user-data-dir=${profile}`, `--proxy-server=${browserProxy.url}`, '--proxy-bypass-list=<-loopback>'],
    });
    // Playwright adds `<-loopback>` to a context's bypass list itself.
    context = await browser.newContext({ proxy: { server: pagesProxy.url } });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  context.on('request', (request) => pageRequests.push(request.url()));
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
  return {
    newPage: () => context.newPage(),
    network,
    pageRequests,
    problems,
    async close() {
      await browser.close();
      await cleanUp();
    },
  };
}
