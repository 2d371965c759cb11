import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import compression from 'compression';
import send from 'send';
import {
  allowedCorsOrigin,
  buildRecordFor,
  corsPreflightHeaders,
  hostFileKind,
  hostHeaders,
  remoteFileKind,
  remoteHeaders,
  SILENT_CALLBACK_FILE,
  type HostHeaderOptions,
} from '@mfe/deploy';
import type { LocaleHeaders } from '@mfe/prerender';

/**
 * Serves a production build over HTTP with the same headers nginx sends in
 * production (both come from `@mfe/deploy`'s header policy). Every request
 * reads the file system afresh, so a build replaced while it serves (a
 * rebuilt remote) is served as it is now; a file that vanishes mid-request is
 * a 404, never a crash.
 */
export type ServedRole =
  /** The host: its pages get the CSP and security headers; unknown paths are client-side routes. */
  | {
      readonly kind: 'host';
      readonly headers: HostHeaderOptions;
      readonly runtimeFiles?: Readonly<Record<string, unknown | (() => unknown)>>;
      /** A page rendered ahead of time for a path, or undefined for the app's page (index.html). */
      readonly pageFor?: (pathname: string, request: LocaleHeaders) => Promise<string | undefined>;
    }
  /**
   * A remote: CORS and resource timing for the host origins only (`:*` = any port). `buildRecords`:
   * serving a release store's remotes/, its builds/ folder, so that only published versions are served.
   */
  | { readonly kind: 'remote'; readonly hostOrigins: readonly string[]; readonly buildRecords?: string };

export interface StaticServerOptions {
  /** Directory of a production build. */
  readonly dir: string;
  readonly port: number;
  readonly listenHost?: string;
  readonly role: ServedRole;
  /** gzip responses when the browser accepts it, as a CDN would. */
  readonly compress?: boolean;
}

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(message);
}

/** Sends `file` (relative to `dir`) with `headers`; a file gone between lookup and read is a 404. */
function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  file: string,
  headers: Record<string, string>,
): void {
  send(req, file, { root: dir, etag: true, lastModified: true, cacheControl: false, index: false, dotfiles: 'deny' })
    .on('headers', (response: ServerResponse) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    })
    .on('error', (error: { status?: number }) =>
      plain(res, error.status === 403 ? 403 : 404, error.status === 403 ? 'Forbidden' : 'Not found', headers),
    )
    .pipe(res);
}

function decodedPath(req: IncomingMessage): string | undefined {
  try {
    // `//x` is the path `//x`, not a host named x.
    return decodeURIComponent(new URL(`http://x${req.url?.startsWith('/') ? '' : '/'}${req.url ?? '/'}`).pathname);
  } catch {
    return undefined;
  }
}

/** The request's decoded path, or undefined once a malformed one has been answered 400. */
function requestPath(req: IncomingMessage, res: ServerResponse): string | undefined {
  const pathname = decodedPath(req);
  if (pathname !== undefined && !pathname.includes('\0')) return pathname;
  plain(res, 400, 'Bad request');
  return undefined;
}

function handleHost(
  role: Extract<ServedRole, { kind: 'host' }>,
  dir: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const pathname = requestPath(req, res);
  if (pathname === undefined) return;
  const listed = role.runtimeFiles?.[pathname];
  // A function is read on every request (a release store's current manifest).
  const runtimeFile = typeof listed === 'function' ? (listed as () => unknown)() : listed;
  if (runtimeFile !== undefined) {
    res.writeHead(200, {
      ...hostHeaders('revalidate', role.headers),
      'Content-Type': 'application/json; charset=utf-8',
    });
    res.end(typeof runtimeFile === 'string' ? runtimeFile : JSON.stringify(runtimeFile, null, 2));
    return;
  }
  const kind = hostFileKind(pathname, isFile(join(dir, pathname)));
  switch (kind) {
    case 'hidden':
    case 'missing':
      return plain(res, 404, 'Not found');
    case 'silent-callback':
      return sendFile(req, res, dir, SILENT_CALLBACK_FILE, hostHeaders(kind, role.headers));
    case 'page':
      if (role.pageFor) return void sendPage(role, role.pageFor, dir, pathname, req, res);
      return sendFile(req, res, dir, '/index.html', hostHeaders(kind, role.headers));
    default:
      return sendFile(req, res, dir, pathname, hostHeaders(kind, role.headers));
  }
}

/** The path's page rendered ahead of time, with the page's headers; index.html when there is none (or it fails). */
async function sendPage(
  role: Extract<ServedRole, { kind: 'host' }>,
  pageFor: (pathname: string, request: LocaleHeaders) => Promise<string | undefined>,
  dir: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const html = await pageFor(pathname, {
    cookie: req.headers.cookie,
    acceptLanguage: req.headers['accept-language'],
  }).catch(() => undefined);
  if (html === undefined) return sendFile(req, res, dir, '/index.html', hostHeaders('page', role.headers));
  res.writeHead(200, { ...hostHeaders('page', role.headers), 'Content-Type': 'text/html; charset=utf-8' });
  res.end(req.method === 'HEAD' ? undefined : html);
}

function handleRemote(
  role: Extract<ServedRole, { kind: 'remote' }>,
  dir: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const pathname = requestPath(req, res);
  if (pathname === undefined) return;
  const origin = allowedCorsOrigin(req.headers.origin, role.hostOrigins);
  const kind = remoteFileKind(pathname);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      ...remoteHeaders('revalidate', origin),
      ...(origin ? corsPreflightHeaders(origin, 'GET, HEAD') : {}),
    });
    res.end();
    return;
  }
  if (kind === 'hidden' || kind === 'refused' || !published(role, pathname)) return plain(res, 404, 'Not found');
  sendFile(req, res, dir, pathname, remoteHeaders(kind, origin));
}

/** Whether a release store's path is of a version mfe-release published (nginx's rule: buildRecordFor). */
function published(role: Extract<ServedRole, { kind: 'remote' }>, pathname: string): boolean {
  if (!role.buildRecords) return true;
  const record = buildRecordFor(pathname);
  return record === 'itself' ? true : record !== null && existsSync(join(role.buildRecords, record));
}

export async function serveStatic(options: StaticServerOptions): Promise<RunningServer> {
  const { role, dir } = options;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS')
      return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    if (role.kind === 'host') handleHost(role, dir, req, res);
    else handleRemote(role, dir, req, res);
  };
  const gzip = options.compress ? compression() : null;
  const server = createServer((req, res) => {
    if (gzip) gzip(req as never, res as never, () => handle(req, res));
    else handle(req, res);
  });
  return listen(server, options.port, options.listenHost);
}

/** Starts `server` on loopback; `close` ends open connections too, so a stop never waits on a browser. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
