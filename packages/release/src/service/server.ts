import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectStore } from '../store/object-store';
import type { ChangeOptions } from '../environments/who';
import { RolloutController, type ControllerLog } from './controller';
import { ChangeFeed } from './change-feed';
import { consoleRoutes, type ConsoleOptions } from './console-api';
import { serviceMetrics } from './metrics';
import { RevisionCache, storeName } from './views';
import { json } from './answers';
import { sharedNonceSource, storeReplay } from './shared-dpop';

// `mfe-release serve`: the rollouts' controller (controller.ts) and, on one HTTP listener, its health
// and metrics, and the release console's API and pages (console-api.ts).

export interface ServiceOptions {
  readonly store: ObjectStore;
  readonly host: string;
  readonly port: number;
  readonly lookEveryMs: number;
  readonly log?: ControllerLog;
  readonly changeOptions?: Pick<ChangeOptions, 'now' | 'fetchImpl'>;
  /** The release console (its API and pages), when the service serves one. */
  readonly console?: Omit<ConsoleOptions, 'store' | 'cache' | 'feed' | 'dpop'>;
}

export interface RunningService {
  readonly url: string;
  readonly controller: RolloutController;
  close(): Promise<void>;
}

/** Who the controller's looks act as (a rollout's own steps are recorded under the rollout). */
export const SERVICE_ACTOR = 'release service';

export async function startReleaseService(options: ServiceOptions): Promise<RunningService> {
  const startedAt = Date.now();
  const controller = new RolloutController({
    store: options.store,
    lookEveryMs: options.lookEveryMs,
    actor: SERVICE_ACTOR,
    ...(options.log ? { log: options.log } : {}),
    ...(options.changeOptions ? { changeOptions: options.changeOptions } : {}),
  });
  const metrics = serviceMetrics(() => controller.status());
  const feed = new ChangeFeed(options.store, Math.min(options.lookEveryMs, 2_000));
  // Any number of instances behind one name sign people in as one (shared-dpop.ts).
  const dpop = options.console?.signIn
    ? { nonces: await sharedNonceSource(options.store), replay: storeReplay(options.store) }
    : undefined;
  const routes = options.console
    ? consoleRoutes({
        ...options.console,
        store: options.store,
        cache: new RevisionCache(options.store),
        feed,
        ...(dpop ? { dpop } : {}),
      })
    : undefined;
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
      // On schedule: a look within three intervals (and half a minute) of now, or of its start
      // while its first look is still under way.
      const lookedRecently = Date.now() - (health.lastLookAt ?? startedAt) < options.lookEveryMs * 3 + 30_000;
      return json(res, lookedRecently ? 200 : 503, {
        status: lookedRecently ? 'ok' : 'not looking',
        store: storeName(options.store.where),
        lookEveryMs: options.lookEveryMs,
        ...health,
      });
    }
    if (url.pathname === '/metrics' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
      res.end(await metrics.metrics());
      return;
    }
    if (routes && (await routes(req, res, url))) return;
    json(res, 404, { error: `Nothing at ${url.pathname}.` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  controller.start();
  const address = server.address() as AddressInfo;
  // The name it was asked to listen on (`localhost` is not `127.0.0.1` to a browser's origin), unless that is every address.
  const name = ['0.0.0.0', '::', ''].includes(options.host) ? address.address : options.host;
  return {
    url: `http://${name.includes(':') ? `[${name}]` : name}:${address.port}`,
    controller,
    async close() {
      await controller.stop();
      feed.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
