import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectStore } from '../object-store';
import type { RolloutDeps } from '../rollout';
import { RolloutController, type ControllerLog } from './controller';
import { serviceMetrics } from './metrics';

// `mfe-release serve`: the rollouts' controller (controller.ts) and, on one HTTP listener, its health
// and metrics; the console's API and pages are routed here too (console-api.ts).

export interface ServiceOptions {
  readonly store: ObjectStore;
  readonly host: string;
  readonly port: number;
  readonly lookEveryMs: number;
  readonly log?: ControllerLog;
  readonly deps?: RolloutDeps;
  /** Further routes (the console): answers and returns true, or returns false for the next. */
  readonly routes?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

export interface RunningService {
  readonly url: string;
  readonly controller: RolloutController;
  close(): Promise<void>;
}

/** Who the controller's looks act as (a rollout's own steps are recorded under the rollout). */
export const SERVICE_ACTOR = 'release service';

export async function startReleaseService(options: ServiceOptions): Promise<RunningService> {
  const controller = new RolloutController({
    store: options.store,
    lookEveryMs: options.lookEveryMs,
    actor: SERVICE_ACTOR,
    ...(options.log ? { log: options.log } : {}),
    ...(options.deps ? { deps: options.deps } : {}),
  });
  const metrics = serviceMetrics(() => controller.status());
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://service');
    void route(req, res, url).catch((error: unknown) => {
      options.log?.(`✖ ${req.method} ${url.pathname}: ${(error as Error).message}`);
      if (!res.headersSent) json(res, 500, { error: 'The service failed to answer; its log says why.' });
      else res.destroy();
    });
  });
  // Small requests only: a client that stalls is not kept for minutes.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      const health = controller.status();
      const lookedRecently =
        health.lastLookAt !== null && Date.now() - health.lastLookAt < options.lookEveryMs * 3 + 30_000;
      return json(res, lookedRecently ? 200 : 503, {
        status: lookedRecently ? 'ok' : 'not looking',
        store: options.store.where,
        lookEveryMs: options.lookEveryMs,
        ...health,
      });
    }
    if (url.pathname === '/metrics' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
      res.end(await metrics.metrics());
      return;
    }
    if (options.routes && (await options.routes(req, res, url))) return;
    json(res, 404, { error: `Nothing at ${url.pathname}.` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  controller.start();
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
    controller,
    async close() {
      await controller.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(JSON.stringify(body));
}
