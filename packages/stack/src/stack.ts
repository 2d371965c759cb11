import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CLIENT_ID, startDevIdp, type RunningDevIdp } from '@mfe/dev-idp';
import { LOCAL_ORIGINS, validateRuntimeConfig, type ParsedRuntimeConfig } from '@mfe/manifest';
import { startCollector } from './collector';
import { portFor, readDevRemotes } from './dev-manifest';
import { serveStatic, type RunningServer } from './serve';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface StackPorts {
  readonly host: number;
  readonly idp: number;
}

export const DEV_PORTS: StackPorts = { host: 3000, idp: 3100 };

/** Ports the stack derives from the host's: extra remotes from host + 50, the telemetry collector at host + 60. */
export function derivedPorts(host: number): { readonly extraRemotes: number; readonly collector: number } {
  return { extraRemotes: host + 50, collector: host + 60 };
}

/** Where developer overrides may point when the stack enables them. */
const OVERRIDE_ORIGINS = LOCAL_ORIGINS;

export interface RemoteSpec {
  readonly name: string;
  readonly path: string;
  readonly label: string;
  readonly order: number;
  /** Build directory; defaults to `apps/<name>/dist`. */
  readonly dist?: string;
  /** false: a public area, open without signing in (the manifest's default is true). */
  readonly requiresAuth?: boolean;
}


export interface StackOptions {
  readonly ports?: StackPorts;
  readonly productName?: string;
  /**
   * The feature areas to serve and list; default: this repository's, from the development
   * manifest (`remotes.dev.json`), each on its port there.
   */
  readonly remotes?: readonly (RemoteSpec & { readonly port?: number })[];
  /** Extra manifest entries (e.g. deliberately broken ones in tests). */
  readonly extraManifestEntries?: readonly unknown[];
  readonly accessTokenTtl?: number;
  /** Load budget written into every default remote's manifest entry. */
  readonly remoteTimeoutMs?: number;
  /** More origins of host-like apps that may sign in with the dev provider (the benchmark's baseline). */
  readonly extraHostOrigins?: readonly string[];
  /** gzip every response (the benchmark's throttled profile). */
  readonly compress?: boolean;
  /** Extra manifest entries that are valid but never visited (the benchmark's 50-remote case). */
  readonly idleRemotes?: number;
  /** More remotes to serve from their builds and list (test fixtures), each on the next port from host + 50. */
  readonly extraRemotes?: readonly RemoteSpec[];
  /** A third-party tag script for the tag loader (loaded only after marketing consent). */
  readonly tagLoader?: { readonly src: string };
  /** Pin each remote's entry with the hash its build wrote (default true). */
  readonly integrity?: boolean;
  /** Enable developer overrides to localhost origins (the host's config and CSP allow them). */
  readonly overrides?: boolean;
  /** The host's build to serve (default apps/host/dist); `pnpm dev` serves a development build. */
  readonly hostDist?: string;
  /** Remotes served by someone else (a dev server), by name → origin: not served from their build, never pinned. */
  readonly liveRemotes?: Readonly<Record<string, string>>;
  /** Sender-constrained tokens (DPoP): the dev provider supports them; off unless asked, as in the host's config. */
  readonly dpop?: boolean;
  /** Roles a default remote requires, e.g. `{ account: ['admin'] }`. */
  readonly requiredRoles?: Readonly<Record<string, readonly string[]>>;
}

export interface RunningStack {
  readonly hostUrl: string;
  readonly idpUrl: string;
  readonly remoteUrls: Readonly<Record<string, string>>;
  readonly idp: RunningDevIdp;
  /** The local telemetry collector: what the host's collector adapter really sent. */
  readonly collectorUrl: string;
  /** The runtime config and manifest the host is served with. */
  readonly config: ParsedRuntimeConfig;
  readonly manifest: unknown;
  close(): Promise<void>;
}

function requireBuild(dir: string, what: string): string {
  if (!existsSync(join(dir, 'index.html')) && !existsSync(join(dir, 'mf-manifest.json'))) {
    throw new Error(`No production build of ${what} in ${dir}. Run "pnpm build" first.`);
  }
  return dir;
}

/**
 * Starts the dev OpenID provider and serves the production builds of the
 * host and each remote on its own origin, with a runtime config and
 * manifest written for these ports (nothing about them is in the builds).
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const ports = options.ports ?? DEV_PORTS;
  const hostUrl = `http://localhost:${ports.host}`;
  const idpUrl = `http://localhost:${ports.idp}`;
  const started: Array<{ close(): Promise<void> }> = [];
  const close = async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  };
  try {
    // The control API (/__dev/) lets tests revoke grants and take the provider down; dev only.
    const idp = await startDevIdp({ port: ports.idp, issuer: idpUrl, hostOrigins: [hostUrl, ...(options.extraHostOrigins ?? [])], adminApi: true, ...(options.accessTokenTtl ? { accessTokenTtl: options.accessTokenTtl } : {}) });
    started.push(idp);
    const remoteUrls: Record<string, string> = {};
    const integrity: Record<string, string> = {};
    const hostOrigins = [hostUrl, ...(options.extraHostOrigins ?? [])];
    const defaults = options.remotes ?? readDevRemotes();
    const remotes: ReadonlyArray<RemoteSpec & { readonly port?: number }> = [...defaults, ...(options.extraRemotes ?? [])];
    for (const [index, remote] of remotes.entries()) {
      const live = options.liveRemotes?.[remote.name];
      if (live) {
        remoteUrls[remote.name] = live;
        continue;
      }
      const port = remote.port !== undefined ? portFor({ port: remote.port }, ports.host) : derivedPorts(ports.host).extraRemotes + (index - defaults.length);
      const dist = requireBuild(remote.dist ?? join(repoRoot, 'apps', remote.name, 'dist'), `@mfe/${remote.name}`);
      const server: RunningServer = await serveStatic({ dir: dist, port, role: { kind: 'remote', hostOrigins }, compress: options.compress ?? false });
      started.push(server);
      remoteUrls[remote.name] = server.url;
      const hashes = JSON.parse(readFileSync(join(dist, 'integrity.json'), 'utf8')) as Record<string, string>;
      if (hashes['remoteEntry.js']) integrity[remote.name] = hashes['remoteEntry.js'];
    }
    const manifest = {
      schemaVersion: 1,
      remotes: [
        ...remotes.map(({ name, path, label, order, requiresAuth }) => ({
          name,
          entry: `${remoteUrls[name]}/mf-manifest.json`,
          path,
          label,
          order,
          ...(requiresAuth === false ? { requiresAuth: false } : {}),
          ...(options.remoteTimeoutMs ? { timeoutMs: options.remoteTimeoutMs } : {}),
          ...(options.integrity !== false && integrity[name] ? { integrity: integrity[name] } : {}),
          ...(options.requiredRoles?.[name] ? { requires: { roles: [...options.requiredRoles[name]] } } : {}),
        })),
        ...(options.extraManifestEntries ?? []),
        ...Array.from({ length: options.idleRemotes ?? 0 }, (_, i) => ({
          name: `idle_${i}`,
          entry: `${remoteUrls.referrals}/idle-${i}/mf-manifest.json`,
          path: `/idle-${i}`,
          label: `Idle ${i}`,
          order: 1000 + i,
        })),
      ],
    };
    const collector = await startCollector({ port: derivedPorts(ports.host).collector, hostOrigins });
    started.push(collector);
    // Validated by the host's own schema before anything is served.
    const checked = validateRuntimeConfig({
      productName: options.productName ?? 'Acme Web',
      auth: { authority: idpUrl, clientId: DEFAULT_CLIENT_ID, scopes: 'openid profile email roles offline_access', rolesClaim: 'roles', dpop: options.dpop ?? false },
      manifestUrl: '/remotes.json',
      allowedRemoteOrigins: Object.values(remoteUrls),
      // The account remote calls the provider's userinfo endpoint through the api client.
      apiOrigins: [idpUrl],
      features: {},
      telemetry: { adapters: [{ type: 'console' }, { type: 'collector', endpoint: `${collector.url}/v1/logs` }] },
      ...(options.tagLoader ? { tagLoader: { src: options.tagLoader.src } } : {}),
      // Everyone may open /diagnostics in development.
      diagnostics: { public: true },
      ...(options.overrides ? { overrides: { enabled: true, allowedOrigins: OVERRIDE_ORIGINS } } : {}),
    });
    if (!checked.ok) throw new Error(`The stack's runtime config is invalid:\n${checked.problems.join('\n')}`);
    const config = checked.config;
    const host = await serveStatic({
      dir: requireBuild(options.hostDist ?? join(repoRoot, 'apps', 'host', 'dist'), '@mfe/host'),
      port: ports.host,
      compress: options.compress ?? false,
      role: {
        kind: 'host',
        runtimeFiles: { '/config.json': config, '/remotes.json': manifest },
        headers: {
          config,
          // Overrides need the page's policy to allow their origins too; a dev server's reload socket likewise.
          extraScriptSources: options.overrides ? OVERRIDE_ORIGINS : [],
          extraConnectSources: [...(options.overrides ? OVERRIDE_ORIGINS : []), ...Object.values(options.liveRemotes ?? {}).map((origin) => origin.replace(/^http/, 'ws'))],
        },
      },
    });
    started.push(host);
    return { hostUrl, idpUrl, remoteUrls, idp, collectorUrl: collector.url, config, manifest, close };
  } catch (error) {
    await close();
    throw error;
  }
}
