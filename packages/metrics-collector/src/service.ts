import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { allowedCorsOrigin, corsPreflightHeaders } from '@mfe/deploy/headers';
import { Counter, Registry } from 'prom-client';
import { createRemoteCounts } from './counts';
import { createRateLimiter } from './rate-limit';

export interface MetricsCollectorOptions {
  /** The host's origins (as in the runtime config's CSP: exact, or `*.` and `:*` patterns); no other may post. */
  readonly allowedOrigins: readonly string[];
  /** Largest body accepted; the host's batches stay under 60 KiB (keepalive's limit is 64 KiB). */
  readonly maxBodyBytes?: number;
  /** Posts per client address and minute, after a burst. */
  readonly ratePerMinute?: number;
  readonly burst?: number;
  /** Behind a load balancer: the client is the address the balancer appended to `X-Forwarded-For`. */
  readonly trustProxy?: boolean;
  /** Forwards every accepted body, as received, to an OTLP/HTTP logs endpoint (never awaited by the browser). */
  readonly forward?: { readonly url: string; readonly headers?: Readonly<Record<string, string>> };
  /** Most series of the remote counters (each remote × version × side × kind is one). */
  readonly maxSeries?: number;
  /** Serve `/metrics` on this handler too (false when a separate, internal listener serves it). */
  readonly serveMetrics?: boolean;
  /** How long a client may take over a post (TIME_LIMITS: a few seconds, sized for small posts). */
  readonly timeLimits?: Partial<TimeLimits>;
  readonly log?: (line: string) => void;
  readonly fetchImpl?: typeof fetch;
}

/**
 * How long a client may hold a connection over one post. Every browser posts here, so a client that
 * opens a connection and stalls (a slow-client attack, or a phone that went out of range) must not
 * keep a socket and its buffers for Node's defaults (five minutes a request). A post is under 64 KiB:
 * even at 100 kbit/s it arrives in about five seconds.
 */
export interface TimeLimits {
  /** From the connection (or the previous response) until the request's headers are in. */
  readonly headersMs: number;
  /** Longest pause between two parts of a body. */
  readonly idleMs: number;
  /** From the first byte until the whole body is in. */
  readonly requestMs: number;
  /** An idle kept-alive connection between two posts. */
  readonly keepAliveMs: number;
  /** How often the limits above are checked (Node checks in sweeps: 30 s unless told). */
  readonly checkEveryMs: number;
}

export const TIME_LIMITS: TimeLimits = Object.freeze({
  headersMs: 5_000,
  idleMs: 5_000,
  requestMs: 10_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
});

/**
 * Posts per client address by default. Visitors behind one address (an office, a campus, a mobile
 * carrier's NAT) share it: 1,200 a minute lets about 600 visits a minute through from one address at
 * two posts a visit, with a burst of 300 for a busy moment; a single client flooding at more than 20
 * posts a second is refused (429) beyond its burst.
 */
export const RATE_LIMIT = Object.freeze({ perMinute: 1_200, burst: 300 });

export type Outcome = 'accepted' | 'forbidden_origin' | 'too_large' | 'rate_limited' | 'bad_request' | 'timed_out';

export interface MetricsCollector {
  /** The public handler: `POST /v1/logs` (and its preflight), `GET /healthz`, and `/metrics` unless told not to. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The Prometheus handler, for a listener of its own. */
  handleMetrics(req: IncomingMessage, res: ServerResponse): void;
  /**
   * An HTTP server for one of the handlers, holding every client to the time limits: a post that
   * runs out of time is closed (408 when nothing was answered yet) and counted as `timed_out`.
   */
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server;
}

const LOGS_PATH = '/v1/logs';

/**
 * The production metrics path's service (README): stateless but for its counters, which
 * Prometheus scrapes from every instance and sums (the rollout's queries sum by side). It keeps no
 * record of what it received: a body is parsed, counted and, when configured, forwarded, then gone.
 */
export function createMetricsCollector(options: MetricsCollectorOptions): MetricsCollector {
  const maxBodyBytes = options.maxBodyBytes ?? 128 * 1024;
  const registry = new Registry();
  const counts = createRemoteCounts(registry, { maxSeries: options.maxSeries ?? 10_000 });
  const requests = new Counter({
    name: 'mfe_collector_requests_total',
    help: 'Posts of logs, by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const forwardFailures = new Counter({
    name: 'mfe_collector_forward_failures_total',
    help: 'Bodies the OTLP endpoint did not take (unreachable, too slow, or an error status).',
    registers: [registry],
  });
  const limits: TimeLimits = { ...TIME_LIMITS, ...options.timeLimits };
  const limiter = createRateLimiter({
    perMinute: options.ratePerMinute ?? RATE_LIMIT.perMinute,
    burst: options.burst ?? RATE_LIMIT.burst,
  });
  const log = options.log ?? ((line: string) => console.log(line));
  const fetchImpl = options.fetchImpl ?? fetch;
  let lastForwardComplaint = 0;

  const clientOf = (req: IncomingMessage): string => {
    const forwarded = options.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',') : [];
    return forwarded.at(-1)?.trim() || req.socket.remoteAddress || 'unknown';
  };

  const finish = (res: ServerResponse, outcome: Outcome, status: number, headers: Record<string, string> = {}) => {
    requests.inc({ outcome });
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
    res.end(status === 200 ? '{}' : JSON.stringify({ error: outcome }));
  };

  const forward = (body: Buffer) => {
    if (!options.forward) return;
    fetchImpl(options.forward.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.forward.headers },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(5_000),
    })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      })
      .catch((error: Error) => {
        forwardFailures.inc();
        // One line a minute at most: a down endpoint must not flood the log.
        if (Date.now() - lastForwardComplaint > 60_000) {
          lastForwardComplaint = Date.now();
          log(`metrics-collector: forwarding to ${options.forward!.url} failed (${error.message}); counting goes on`);
        }
      });
  };

  const handleMetrics = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return void res.writeHead(405, { Allow: 'GET' }).end();
    void registry.metrics().then((text) => {
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(text);
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://collector').pathname;
    if (path === '/healthz' && req.method === 'GET') return void res.writeHead(200).end('ok\n');
    if (path === '/metrics' && options.serveMetrics !== false) return handleMetrics(req, res);
    if (path !== LOGS_PATH) return void res.writeHead(404).end();

    // Only the host's pages may post: a browser elsewhere is refused at the preflight.
    const origin = allowedCorsOrigin(req.headers.origin, options.allowedOrigins);
    const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    if (!origin) return finish(res, 'forbidden_origin', 403, { Vary: 'Origin' });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsPreflightHeaders(origin, 'POST', 'Content-Type'));
      return void res.end();
    }
    if (req.method !== 'POST') return void res.writeHead(405, { ...cors, Allow: 'POST, OPTIONS' }).end();
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return finish(res, 'bad_request', 415, cors);
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      finish(res, 'too_large', 413, { ...cors, Connection: 'close' });
      return void req.resume();
    }
    const wait = limiter.take(clientOf(req));
    if (wait > 0) {
      finish(res, 'rate_limited', 429, { ...cors, 'Retry-After': String(wait) });
      return void req.resume();
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    // A body that stops arriving: the connection is closed, not held open for the client.
    req.setTimeout(limits.idleMs, () => {
      if (refused) return;
      refused = true;
      timedOut(req.socket);
    });
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      // A body longer than it said (or sent without a length): stop reading it.
      refused = true;
      finish(res, 'too_large', 413, { ...cors, Connection: 'close' });
      req.destroy();
    });
    req.on('end', () => {
      if (refused) return;
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return finish(res, 'bad_request', 400, cors);
      }
      counts.count(parsed);
      forward(body);
      finish(res, 'accepted', 200, cors);
    });
  };

  /** Counts a post that ran out of time and closes its connection (with a 408 if nothing was answered). */
  const timedOut = (socket: Socket) => {
    requests.inc({ outcome: 'timed_out' });
    if (socket.writable && socket.bytesWritten === 0)
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  };

  const serverFor = (handler: (req: IncomingMessage, res: ServerResponse) => void): Server => {
    const server = createServer(
      {
        headersTimeout: limits.headersMs,
        requestTimeout: limits.requestMs,
        keepAliveTimeout: limits.keepAliveMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
      handler,
    );
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return timedOut(socket);
      // Anything else is what Node answers by default: a malformed request.
      if (socket.writable && socket.bytesWritten === 0)
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    });
    return server;
  };

  return { handle, handleMetrics, createServer: serverFor };
}
