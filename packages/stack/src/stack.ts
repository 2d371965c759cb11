import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_CLIENT_ID, startDevIdp, type RunningDevIdp } from '@mfe/dev-idp';
import {
  LOCAL_ORIGINS,
  RUNTIME_FILES,
  schemaVersionFor,
  validateRuntimeConfig,
  type ParsedRuntimeConfig,
  type RuntimeConfigInput,
  type ManifestSchemaVersion,
} from '@mfe/manifest';
import { developmentContributions } from './dev-contributions';
import { startCollector } from './collector';
import { consolePages, DirectoryStore, startReleaseService } from '@mfe/release';
import { currentManifest, releaseDevRemotes } from './release-store';
import { serveStatic, type RunningServer } from './serve';
import { startRoundRobin } from './round-robin';
import { devRuntimeConfig } from './dev-config';
import { stackPages } from './pages';
import { appDir, DEFAULT_HOST_PORT, localUrl, readDevRemotes, topology, type DevRemote } from './topology';

/** The host's production build, as `pnpm build` leaves it: what the stack serves by default. */
export const HOST_DIST = join(appDir('host'), 'dist');

/** Where developer overrides may point when the stack enables them. */
const OVERRIDE_ORIGINS = LOCAL_ORIGINS;

/** The manifest the stack serves, as the rig may change it. */
export interface DevManifest {
  readonly schemaVersion: ManifestSchemaVersion;
  readonly remotes: readonly Record<string, unknown>[];
}

/**
 * How a test launcher or the benchmark changes what the stack serves; `pnpm start` and `pnpm dev`
 * pass none of it. The provider's options and its `/__dev/` control API, more host origins (a
 * baseline page signing in with the same provider), compression, and the manifest and runtime
 * config as written, each changed by a function of the launcher's.
 */
export interface StackRig {
  readonly provider?: { readonly accessTokenTtl?: number; readonly adminApi?: boolean; readonly dpop?: boolean };
  readonly extraHostOrigins?: readonly string[];
  /** gzip every response (the benchmark's throttled profile). */
  readonly compress?: boolean;
  readonly manifest?: (
    manifest: DevManifest,
    served: { readonly remoteUrls: Readonly<Record<string, string>> },
  ) => DevManifest;
  readonly config?: (config: RuntimeConfigInput) => RuntimeConfigInput;
  /** Release services on the release store behind one round-robin name (default 1: the service alone). */
  readonly releaseServiceInstances?: number;
}

export interface StackOptions {
  /** The host's port; every other port follows from it (topology.ts). Default 3000. */
  readonly hostPort?: number;
  readonly productName?: string;
  /** The feature areas to serve and list; default: this repository's development manifest. */
  readonly remotes?: readonly DevRemote[];
  /** More remotes to serve from their builds and list, each on the next port from the topology's `extraRemotes`. */
  readonly extraRemotes?: readonly DevRemote[];
  /** Enable developer overrides to localhost origins (the host's config and CSP allow them). */
  readonly overrides?: boolean;
  /** Sender-constrained tokens (DPoP): on, off (the default here), or "auto" (on where the provider advertises it, the host's default). */
  readonly dpop?: boolean | 'auto';
  /** Prerendered pages (pages.ts; default on): false serves every page as the browser renders it, as an nginx host does today. */
  readonly prerender?: boolean;
  /**
   * Release the remotes' builds through a release store in this folder (release-store.ts), as
   * `pnpm start` does; the host reads its development environment. Default: each build served
   * on its own port with a manifest written here.
   */
  readonly releaseStore?: string;
  /** The host's build to serve (default apps/host/dist); `pnpm dev` serves a development build. */
  readonly hostDist?: string;
  /** Remotes served by someone else (a dev server), by name → origin: not served from their build, never pinned. */
  readonly liveRemotes?: Readonly<Record<string, string>>;
  /** What a test launcher or the benchmark changes (see `StackRig`). */
  readonly rig?: StackRig;
}

export interface RunningStack {
  readonly hostUrl: string;
  readonly idpUrl: string;
  /** The development API beside the provider (the account area's service). */
  readonly apiUrl: string;
  readonly remoteUrls: Readonly<Record<string, string>>;
  readonly idp: RunningDevIdp;
  /** The local telemetry collector: what the host's collector adapter really sent. */
  readonly collectorUrl: string;
  /** The runtime config and manifest the host is served with. */
  readonly config: ParsedRuntimeConfig;
  readonly manifest: DevManifest;
  /** The release service (`mfe-release serve`) on the release store, when there is one. */
  readonly releaseServiceUrl?: string;
  /** Each instance's own address, when several serve behind `releaseServiceUrl` (the rig's `releaseServiceInstances`). */
  readonly releaseServiceInstanceUrls?: readonly string[];
  close(): Promise<void>;
}

function requireBuild(dir: string, what: string): string {
  if (!existsSync(join(dir, 'index.html')) && !existsSync(join(dir, 'mf-manifest.json'))) {
    throw new Error(`No production build of ${what} in ${dir}. Run "pnpm build" first.`);
  }
  return dir;
}

/** What each step of the start adds to: the ports, what the rig changes, and what to close. */
interface Starting {
  readonly options: StackOptions;
  readonly rig: StackRig;
  readonly ports: ReturnType<typeof topology>;
  readonly hostUrl: string;
  readonly idpUrl: string;
  readonly apiUrl: string;
  readonly hostOrigins: readonly string[];
  readonly started: Array<{ close(): Promise<void> }>;
}

/** The remotes' files: each build on its own port, or a release store's folder on one; and where each is. */
interface ServedRemotes {
  readonly remotes: readonly DevRemote[];
  readonly remoteUrls: Readonly<Record<string, string>>;
  /** Each build's `remoteEntry.js` pin, when served from its build. */
  readonly integrity: Readonly<Record<string, string>>;
  readonly storeServer: RunningServer | undefined;
}

/**
 * Starts the dev OpenID provider and serves the production builds of the host and each remote on
 * its own origin, with a runtime config and manifest written for these ports (nothing about them
 * is in the builds), step by step: the provider and its API, the remotes' files, the manifest, the
 * collector and the runtime config, the host, and the remotes released through the store if one is
 * used.
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const ports = topology(options.hostPort ?? DEFAULT_HOST_PORT);
  const rig = options.rig ?? {};
  const hostUrl = localUrl(ports.host);
  const starting: Starting = {
    ...{ options, rig, ports, hostUrl },
    idpUrl: localUrl(ports.idp),
    apiUrl: localUrl(ports.api),
    hostOrigins: [hostUrl, ...(rig.extraHostOrigins ?? [])],
    started: [],
  };
  const close = async () => {
    await Promise.all(starting.started.splice(0).map((s) => s.close()));
  };
  try {
    const idp = await startProvider(starting);
    const served = await serveRemotes(starting);
    const written = writeManifest(served);
    const manifest = rig.manifest ? rig.manifest(written, { remoteUrls: served.remoteUrls }) : written;
    const collector = await startCollector({ port: ports.collector, hostOrigins: starting.hostOrigins });
    starting.started.push(collector);
    const config = stackConfig(starting, served.remoteUrls, collector.url);
    await serveHost(starting, config, manifest);
    const released = await releaseThroughStore(starting, served);
    const { idpUrl, apiUrl } = starting;
    return {
      ...{ hostUrl, idpUrl, apiUrl, remoteUrls: served.remoteUrls, idp, collectorUrl: collector.url, config },
      manifest: released?.manifest ?? manifest,
      ...(released ? { releaseServiceUrl: released.serviceUrl } : {}),
      ...(released?.instanceUrls ? { releaseServiceInstanceUrls: released.instanceUrls } : {}),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function startProvider({
  options,
  ports,
  rig,
  idpUrl,
  apiUrl,
  hostOrigins,
  started,
}: Starting): Promise<RunningDevIdp> {
  const idp = await startDevIdp({
    port: ports.idp,
    issuer: idpUrl,
    api: { port: ports.api, url: apiUrl },
    hostOrigins,
    // The release console (on a release store) signs people in here too.
    ...(options.releaseStore ? { consoles: [releaseConsole(ports)] } : {}),
    adminApi: rig.provider?.adminApi ?? false,
    ...(rig.provider?.accessTokenTtl ? { accessTokenTtl: rig.provider.accessTokenTtl } : {}),
    ...(rig.provider?.dpop === false ? { dpop: false } : {}),
  });
  started.push(idp);
  return idp;
}

const remoteDist = (remote: DevRemote) =>
  requireBuild(remote.dist ?? join(appDir(remote.name), 'dist'), `@mfe/${remote.name}`);

/** A live remote is someone else's (a dev server); through a release store, one folder serves them all; else each build its own port. */
async function serveRemotes({ options, rig, ports, hostOrigins, started }: Starting): Promise<ServedRemotes> {
  const remoteUrls: Record<string, string> = {};
  const integrity: Record<string, string> = {};
  const remotes: readonly DevRemote[] = [...(options.remotes ?? readDevRemotes()), ...(options.extraRemotes ?? [])];
  let nextExtra = ports.extraRemotes;
  if (options.releaseStore) mkdirSync(join(options.releaseStore, 'remotes'), { recursive: true });
  const storeServer = options.releaseStore
    ? await serveStatic({
        dir: join(options.releaseStore, 'remotes'),
        port: ports.remotesServer,
        role: { kind: 'remote', hostOrigins, buildRecords: join(options.releaseStore, 'builds') },
        compress: rig.compress ?? false,
      })
    : undefined;
  if (storeServer) started.push(storeServer);
  for (const remote of remotes) {
    const live = options.liveRemotes?.[remote.name];
    if (live) {
      remoteUrls[remote.name] = live;
      continue;
    }
    if (storeServer) {
      remoteUrls[remote.name] = `${storeServer.url}/${remote.name}`;
      continue;
    }
    const port = remote.port !== undefined ? ports.remote(remote.port) : nextExtra++;
    const dist = remoteDist(remote);
    const server = await serveStatic({
      dir: dist,
      port,
      role: { kind: 'remote', hostOrigins },
      compress: rig.compress ?? false,
    });
    started.push(server);
    remoteUrls[remote.name] = server.url;
    const hashes = JSON.parse(readFileSync(join(dist, 'integrity.json'), 'utf8')) as Record<string, string>;
    if (hashes['remoteEntry.js']) integrity[remote.name] = hashes['remoteEntry.js'];
  }
  return { remotes, remoteUrls, integrity, storeServer };
}

/** The manifest for these ports: each remote's entry where it is served, pinned when served from its build. */
function writeManifest({ remotes, remoteUrls, integrity }: ServedRemotes): DevManifest {
  const entries = remotes.map(({ name, path, label, labels, order, requiresAuth, contributions }) => ({
    name,
    entry: `${remoteUrls[name]}/mf-manifest.json`,
    path,
    label,
    ...(labels ? { labels } : {}),
    ...(contributions?.length ? { contributions: developmentContributions({ name, contributions }) } : {}),
    order,
    ...(requiresAuth === false ? { requiresAuth: false } : {}),
    ...(integrity[name] ? { integrity: integrity[name] } : {}),
  }));
  return { schemaVersion: schemaVersionFor(entries), remotes: entries };
}

/** The runtime config for these ports, validated by the host's own schema before anything is served. */
function stackConfig(
  { options, rig, idpUrl, apiUrl }: Starting,
  remoteUrls: Readonly<Record<string, string>>,
  collectorUrl: string,
): ParsedRuntimeConfig {
  const devConfig = devRuntimeConfig({
    idpUrl,
    apiUrl,
    remoteOrigins: [...new Set(Object.values(remoteUrls).map((url) => new URL(url).origin))],
    collectorUrl,
    dpop: options.dpop ?? false,
    ...(options.productName ? { productName: options.productName } : {}),
    ...(options.overrides ? { overrideOrigins: OVERRIDE_ORIGINS } : {}),
  });
  const checked = validateRuntimeConfig(rig.config ? rig.config(devConfig) : devConfig);
  if (!checked.ok) throw new Error(`The stack's runtime config is invalid:\n${checked.problems.join('\n')}`);
  return checked.config;
}

/** The host's build, its runtime files, its prerendered pages and its headers (the same policy as production's). */
async function serveHost(
  { options, rig, ports, hostUrl, started }: Starting,
  config: ParsedRuntimeConfig,
  manifest: DevManifest,
): Promise<void> {
  const hostDir = requireBuild(options.hostDist ?? HOST_DIST, '@mfe/host');
  const servedManifest = options.releaseStore ? currentManifest(options.releaseStore) : () => manifest;
  const host = await serveStatic({
    dir: hostDir,
    port: ports.host,
    compress: rig.compress ?? false,
    role: {
      kind: 'host',
      runtimeFiles: {
        [RUNTIME_FILES.config]: config,
        [RUNTIME_FILES.manifest]: options.releaseStore ? currentManifest(options.releaseStore) : manifest,
      },
      // The home page, each area's shell and public areas' content as HTML (pages.ts).
      ...(options.prerender === false
        ? {}
        : { pageFor: stackPages({ hostDir, origin: hostUrl, config, manifest: servedManifest }) }),
      headers: {
        config,
        // Overrides need the page's policy to allow their origins too; a dev server's reload socket likewise.
        extraScriptSources: options.overrides ? OVERRIDE_ORIGINS : [],
        extraConnectSources: [
          ...(options.overrides ? OVERRIDE_ORIGINS : []),
          ...Object.values(options.liveRemotes ?? {}).map((origin) => origin.replace(/^http/, 'ws')),
        ],
      },
    },
  });
  started.push(host);
}

/** The development release console: where it is, and its identifier as the provider's resource. */
function releaseConsole(ports: ReturnType<typeof topology>): { origin: string; audience: string } {
  const origin = localUrl(ports.releaseService);
  return { origin, audience: `${origin}/api` };
}

/**
 * Through a release store (as `pnpm start`): each build published and deployed, and the release
 * service beside them (rollouts move with nobody watching); the manifest it then serves.
 */
async function releaseThroughStore(
  { options, rig, hostUrl, ports, started, idpUrl }: Starting,
  { remotes, storeServer }: ServedRemotes,
): Promise<{ manifest: DevManifest | undefined; serviceUrl: string; instanceUrls?: string[] } | undefined> {
  if (!options.releaseStore || !storeServer) return undefined;
  const released = await releaseDevRemotes(
    { dir: options.releaseStore, publicUrl: storeServer.url, hostUrl },
    remotes
      .filter((remote) => !options.liveRemotes?.[remote.name])
      .map((remote) => ({ ...remote, dist: remoteDist(remote) })),
  );
  for (const line of released) console.log(line);
  const console_ = releaseConsole(ports);
  const instances = rig.releaseServiceInstances ?? 1;
  const start = (port: number, name: string) =>
    startReleaseService({
      store: new DirectoryStore(options.releaseStore!),
      host: 'localhost',
      port,
      lookEveryMs: 5_000,
      log: (line) => console.log(`${name}: ${line}`),
      console: {
        signIn: {
          issuer: idpUrl,
          clientId: CONSOLE_CLIENT_ID,
          audience: console_.audience,
          rolesClaim: 'roles',
          publicOrigin: console_.origin,
        },
        read: 'anyone',
        prometheusFor: () => undefined,
        pages: consolePages(),
      },
    });
  const current = currentManifest(options.releaseStore)();
  const manifest = typeof current === 'string' ? (JSON.parse(current) as DevManifest) : undefined;
  if (instances <= 1) {
    const service = await start(ports.releaseService, 'release service');
    started.push(service);
    return { manifest, serviceUrl: service.url };
  }
  const services = [];
  for (let index = 0; index < instances; index += 1) {
    const service = await start(0, `release service ${index + 1}`);
    started.push(service);
    services.push(service);
  }
  const balancer = await startRoundRobin({
    host: 'localhost',
    port: ports.releaseService,
    upstreams: services.map((service) => service.url),
  });
  started.push(balancer);
  return { manifest, serviceUrl: balancer.url, instanceUrls: services.map((service) => service.url) };
}
