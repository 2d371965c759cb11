import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import sirv from 'sirv';

export interface StaticServerOptions {
  /** Directory of a production build. */
  readonly dir: string;
  readonly port: number;
  readonly listenHost?: string;
  /** Serve index.html for unknown paths (the host's client-side routes). */
  readonly spa?: boolean;
  /** Allow any origin to fetch these files (remotes: the host fetches mf-manifest.json cross-origin). */
  readonly cors?: boolean;
  /** Files served from memory instead of `dir`, e.g. a runtime config written for this environment. */
  readonly overrides?: Readonly<Record<string, unknown>>;
  /** Headers sent with every response (e.g. the Content-Security-Policy). */
  readonly headers?: Readonly<Record<string, string>>;
  /** gzip responses when the browser accepts it, as a CDN would. */
  readonly compress?: boolean;
}

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Content-hashed files never change; everything else must be revalidated. */
const HASHED = /\.[0-9a-f]{8}\.js$/;

export function cacheControlFor(pathname: string): string {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves a production build the way a CDN would: real HTTP, cache headers, optional CORS. */
export async function serveStatic(options: StaticServerOptions): Promise<RunningServer> {
  const files = sirv(options.dir, {
    single: options.spa ?? false,
    dev: false,
    etag: true,
    gzip: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  const gzip = options.compress ? compression() : null;
  const server = createServer((req, res) => {
    if (gzip) {
      gzip(req as never, res as never, () => handle(req, res));
      return;
    }
    handle(req, res);
  });
  function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
        res.end();
        return;
      }
    }
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const override = options.overrides?.[pathname];
    if (override !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(typeof override === 'string' ? override : JSON.stringify(override, null, 2));
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.listenHost ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
