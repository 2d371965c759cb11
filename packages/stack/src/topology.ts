import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CLIENT_ID } from '@mfe/dev-idp';
import type { RuntimeConfigInput } from '@mfe/manifest';

/**
 * The development and test topology, in one place: every port and the rules between them, the
 * development remote list, and the development runtime config. The stack (`pnpm start`, `pnpm dev`),
 * the browser tests' launchers, the benchmark, `create-remote` and `mfe-dev` all read it; nothing
 * else writes a port, a remote of the development manifest or the development config.
 *
 * Everything is on `localhost` (the provider's cookies and the host must be same-site, and origins
 * must match exactly: `localhost` is not `127.0.0.1`), placed relative to the host's port so that a
 * whole stack moves with one number (`--base-port`, or a free block in tests).
 */
export const DEFAULT_HOST_PORT = 3000;

export interface StackTopology {
  readonly host: number;
  /** The development OpenID provider. */
  readonly idp: number;
  /** The first port for remotes beyond the development manifest (test fixtures), one each upwards. */
  readonly extraRemotes: number;
  /** The local telemetry collector. */
  readonly collector: number;
  /** A stand-in third-party tag server (production-path tests). */
  readonly tags: number;
  /** One server for every remote's versioned files (the production path through nginx). */
  readonly remotesServer: number;
  /** Where a remote of the development manifest is served: its port moved with the host's. */
  remote(devPort: number): number;
}

export function topology(hostPort: number = DEFAULT_HOST_PORT): StackTopology {
  return {
    host: hostPort,
    idp: hostPort + 100,
    extraRemotes: hostPort + 50,
    collector: hostPort + 60,
    tags: hostPort + 61,
    remotesServer: hostPort + 1,
    remote: (devPort) => hostPort + devPort - DEFAULT_HOST_PORT,
  };
}

/** The URL of a local server of the stack. */
export function localUrl(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * The development manifest: the feature areas of this repository, where the stack serves each
 * (its port with the default host port), and their navigation. `pnpm create-remote` adds to it;
 * deployed hosts use their own runtime manifest instead.
 */
export const DEV_MANIFEST_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'remotes.dev.json');

/** A feature area of the development manifest. */
export interface DevRemote {
  readonly name: string;
  readonly path: string;
  readonly label: string;
  readonly order: number;
  /** Port with the default host port; `topology(host).remote(port)` moves it. */
  readonly port: number;
}

export function readDevRemotes(file = DEV_MANIFEST_PATH): DevRemote[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { remotes?: unknown };
  if (!Array.isArray(parsed.remotes)) throw new Error(`${file} has no "remotes" list.`);
  return parsed.remotes.map((entry: Partial<DevRemote>, index) => {
    const { name, path, label, order, port } = entry;
    if (typeof name !== 'string' || typeof path !== 'string' || typeof label !== 'string' || typeof order !== 'number' || typeof port !== 'number') {
      throw new Error(`${file}: remote #${index + 1} needs name, path, label (strings), order and port (numbers).`);
    }
    return { name, path, label, order, port };
  });
}

/** The scopes the development host asks for: roles for access rules, offline_access for refresh tokens. */
export const DEV_SCOPES = 'openid profile email roles offline_access';

export interface DevConfigOptions {
  readonly idpUrl: string;
  readonly remoteOrigins: readonly string[];
  readonly collectorUrl: string;
  readonly productName?: string;
  readonly dpop?: boolean;
  /** More telemetry adapters after the console and the collector (an error-reporting DSN). */
  readonly extraAdapters?: NonNullable<RuntimeConfigInput['telemetry']>['adapters'];
  readonly tagLoader?: { readonly src: string };
  /** Who may open /diagnostics; development default: everyone. */
  readonly diagnostics?: RuntimeConfigInput['diagnostics'];
  /** Developer overrides to these origins. */
  readonly overrideOrigins?: readonly string[];
}

/** The development runtime config (validate it with `validateRuntimeConfig` before serving it). */
export function devRuntimeConfig(options: DevConfigOptions): RuntimeConfigInput {
  return {
    productName: options.productName ?? 'Acme Web',
    auth: { authority: options.idpUrl, clientId: DEFAULT_CLIENT_ID, scopes: DEV_SCOPES, rolesClaim: 'roles', dpop: options.dpop ?? false },
    manifestUrl: '/remotes.json',
    allowedRemoteOrigins: [...options.remoteOrigins],
    // The account remote calls the provider's userinfo endpoint through the api client.
    apiOrigins: [options.idpUrl],
    features: {},
    telemetry: { adapters: [{ type: 'console' }, { type: 'collector', endpoint: `${options.collectorUrl}/v1/logs` }, ...(options.extraAdapters ?? [])] },
    ...(options.tagLoader ? { tagLoader: { src: options.tagLoader.src } } : {}),
    diagnostics: options.diagnostics ?? { public: true },
    ...(options.overrideOrigins ? { overrides: { enabled: true, allowedOrigins: [...options.overrideOrigins] } } : {}),
  };
}
