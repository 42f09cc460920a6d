/**
 * What the browser checks of the report and the certificate share: Debian's Chromium driven by
 * Playwright, pages served from 127.0.0.1, and a guard that lets nothing else through and records
 * every attempt to reach another host.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_MISSING = `${CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium) to run the browser checks`;

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium's own lookups of outside hosts go nowhere.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.md': 'text/markdown; charset=utf-8',
};

export interface StaticSite {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves a folder on 127.0.0.1 (a random port), as GitHub Pages would serve it. */
export const serveFolder = async (folder: string): Promise<StaticSite> => {
  const root = resolve(folder);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolvePromise) => server.close(() => resolvePromise())),
  };
};

/**
 * Lets a page load only from 127.0.0.1 (and what it carries: data:, blob:); aborts anything else and
 * returns the set it fills with every address the page tried to reach.
 */
export const guardPage = async (page: Page): Promise<Set<string>> => {
  const attempts = new Set<string>();
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') {
      return route.continue();
    }
    attempts.add(route.request().url());
    return route.abort('blockedbyclient');
  });
  // Requests the router never sees (a WebSocket, a beacon) still show up here.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1')
      attempts.add(request.url());
  });
  page.on('websocket', (socket) => attempts.add(socket.url()));
  return attempts;
};
