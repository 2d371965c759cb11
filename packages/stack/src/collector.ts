import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { allowedCorsOrigin, corsPreflightHeaders } from '@mfe/deploy';
import { createRemoteCounts } from '@mfe/metrics-collector';
import { Registry } from 'prom-client';
import { listen } from './serve';

/**
 * A local telemetry collector for development and tests: it accepts what the
 * host's adapters send (OTLP/HTTP JSON logs at `/v1/logs`, OTLP/HTTP protobuf traces at `/v1/traces`,
 * error-reporting envelopes at `/api/<project>/envelope/`) and records it as it arrived, so
 * tests assert on what was really sent, not on what the page meant to send.
 * `GET /__collector/records` lists the records; `DELETE` clears them. `GET /metrics` gives the
 * counters a rollout's analysis reads, counted as the production service counts them
 * (@mfe/metrics-collector).
 */
export interface CollectorRecord {
  readonly path: string;
  readonly contentType: string;
  /** The body as received: text, or base64 for binary content (`encoding`). */
  readonly body: string;
  readonly encoding: 'text' | 'base64';
  readonly receivedAt: number;
}

export interface RunningCollector {
  readonly url: string;
  readonly records: readonly CollectorRecord[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
const MAX_RECORDS = 5_000;

export async function startCollector({
  port,
  hostOrigins,
}: {
  port: number;
  hostOrigins: readonly string[];
}): Promise<RunningCollector> {
  const records: CollectorRecord[] = [];
  const registry = new Registry();
  const counts = createRemoteCounts(registry);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = allowedCorsOrigin(req.headers.origin, hostOrigins);
    const cors: Record<string, string> = origin
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
      : { Vary: 'Origin' };
    const path = new URL(req.url ?? '/', 'http://collector').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, origin ? corsPreflightHeaders(origin, 'POST', 'Content-Type') : { Vary: 'Origin' });
      return res.end();
    }
    if (path === '/__collector/records') {
      if (req.method === 'DELETE') records.splice(0);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return res.end(JSON.stringify(records));
    }
    if (path === '/metrics' && req.method === 'GET') {
      void registry.metrics().then((text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(text);
      });
      return;
    }
    if (
      req.method !== 'POST' ||
      !(path === '/v1/logs' || path === '/v1/traces' || /^\/api\/\d+\/envelope\/?$/.test(path))
    ) {
      res.writeHead(404, cors);
      return res.end();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (records.length >= MAX_RECORDS) records.shift();
      const contentType = req.headers['content-type'] ?? '';
      const binary = contentType.startsWith('application/x-protobuf');
      const body = Buffer.concat(chunks).toString(binary ? 'base64' : 'utf8');
      records.push({ path, contentType, body, encoding: binary ? 'base64' : 'text', receivedAt: Date.now() });
      if (path === '/v1/logs') countLogs(body);
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  const countLogs = (body: string) => {
    try {
      counts.count(JSON.parse(body));
    } catch {
      // Kept as received, counted as nothing.
    }
  };
  const running = await listen(server, port);
  return { url: running.url, records, close: running.close };
}
