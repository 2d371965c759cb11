import { ReleaseError } from '../errors';
import type { ObjectStore } from './object-store';

/**
 * Where everything lives in a release store (docs/operations/releases.md shows the tree):
 *
 *   store.json                          where the builds are served from, each environment's host
 *   remotes/<name>/<version>/…          a remote's build, byte for byte, never changed once published
 *   builds/<name>/<version>.json        who published it and when, each file's hash (not served)
 *   envs/<env>/manifest.json            the environment's current manifest: what its hosts read
 *   envs/<env>/revisions/<000042>.json  every manifest the environment has had, with when, who, why
 *   envs/<env>/rollouts/<name>.json     a rollout's state (rollout.ts)
 *   envs/<env>/rollout-policy.json      the environment's rollout policy (rollouts/rollout-policy.ts)
 *   envs/<env>/pages/…                  the manifest's prerendered pages, when the environment has a host build (pages.ts)
 *   remotes/_preview/<id>.json          a preview: a manifest for one link, until it expires
 *   service/dpop-nonce-secret.json      the release services' DPoP nonce secret (service/shared-dpop.ts)
 *   service/dpop-proofs/…               DPoP proofs already honoured by any of them, until they expire
 *
 * Only `remotes/` (previews included: a remote's name never starts with "_"),
 * `envs/<env>/manifest.json` and `envs/<env>/pages/` are served to browsers.
 */
export const KEYS = {
  settings: 'store.json',
  buildFile: (name: string, version: string, file: string) => `remotes/${name}/${version}/${file}`,
  buildFiles: (name: string, version: string) => `remotes/${name}/${version}/`,
  buildRecord: (name: string, version: string) => `builds/${name}/${version}.json`,
  /** What a removed build was (gc): its files' sha384, so its version is never published with other bytes. */
  removedBuild: (name: string, version: string) => `removed/${name}/${version}.json`,
  manifest: (env: string) => `envs/${env}/manifest.json`,
  revisions: (env: string) => `envs/${env}/revisions/`,
  rolloutPolicy: (env: string) => `envs/${env}/rollout-policy.json`,
  pages: (env: string) => `envs/${env}/pages/`,
  preview: (id: string) => `remotes/_preview/${id}.json`,
  previews: 'remotes/_preview/',
  nonceSecret: 'service/dpop-nonce-secret.json',
  usedProofs: 'service/dpop-proofs/',
  revision: (env: string, revision: number) => `envs/${env}/revisions/${String(revision).padStart(6, '0')}.json`,
} as const;

/** Names of environments and versions end up in keys and URLs: plain characters only. */
const ENV_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

export function checkEnv(env: string | undefined): string {
  if (!env || !ENV_PATTERN.test(env))
    throw new ReleaseError(
      'RELEASE_USAGE',
      `"${env ?? ''}" is not an environment name: use lower-case letters, digits and dashes (staging, production, eu-west).`,
    );
  return env;
}

export function checkVersion(version: string | undefined): string {
  if (!version || !VERSION_PATTERN.test(version) || version.includes('..'))
    throw new ReleaseError(
      'RELEASE_USAGE',
      `"${version ?? ''}" is not a version: use letters, digits, dots, dashes, plus and underscore (1.4.0, 1.4.0-rc.1).`,
    );
  return version;
}

export interface StoreSettings {
  /** The URL that serves the store's `remotes/` folder (a CDN, or nginx); entries point under it. */
  readonly publicUrl: string;
  /** Each environment's host, whose mfe-host.json and config.json a new manifest is checked against. */
  readonly hosts: Readonly<Record<string, string>>;
  /**
   * Each environment's host build (the folder nginx serves it from, with `server/`), for the
   * environments whose pages are prerendered at every change (pages.ts).
   */
  readonly hostBuilds?: Readonly<Record<string, string>>;
  /** Environments where every change must say why (`init --require-reason <env>`). */
  readonly requireReason?: readonly string[];
  /**
   * The roles that may change each environment from the release console (`init --role <env>=<role>`;
   * the role as the sign-in provider's tokens carry it). An environment that names none is changed
   * from the command line only.
   */
  readonly roles?: Readonly<Record<string, readonly string[]>>;
}

export async function readJson<T>(store: ObjectStore, key: string): Promise<{ value: T; etag: string } | null> {
  const stored = await store.get(key);
  if (!stored) return null;
  try {
    return { value: JSON.parse(Buffer.from(stored.body).toString('utf8')) as T, etag: stored.etag };
  } catch (error) {
    throw new ReleaseError(
      'RELEASE_STORE',
      `${store.where}/${key} is not JSON (${(error as Error).message}); it was not written by mfe-release.`,
    );
  }
}

export const jsonBytes = (value: unknown): Uint8Array => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export async function readSettings(store: ObjectStore): Promise<StoreSettings> {
  const settings = await readJson<StoreSettings>(store, KEYS.settings);
  if (!settings)
    throw new ReleaseError(
      'RELEASE_NOT_FOUND',
      `${store.where} is not a release store yet: run \`mfe-release init --store ${store.where} --public-url <where remotes/ is served>\`.`,
    );
  return {
    requireReason: settings.value.requireReason ?? [],
    publicUrl: settings.value.publicUrl,
    hosts: settings.value.hosts ?? {},
    hostBuilds: settings.value.hostBuilds ?? {},
    roles: settings.value.roles ?? {},
  };
}

/**
 * Refuses a change a person asks for without a reason in an environment that requires one
 * (`init --require-reason`): deploys, promotions, rollbacks, canaries, and a rollout's start and
 * every step taken by hand. The steps a rollout takes itself carry the reason of their verdict.
 */
export function requireReasonGiven(settings: StoreSettings, env: string, reason: string): void {
  if (settings.requireReason?.includes(env) && !reason.trim())
    throw new ReleaseError(
      'RELEASE_USAGE',
      `Every change to ${env} is recorded with why: give --reason "<why>" (the store requires it for ${env}).`,
    );
}

/** The environments a store has (each with an `envs/<env>/` folder), in name order. */
export async function listEnvironments(store: ObjectStore): Promise<string[]> {
  return [...new Set((await store.list('envs/')).map((key) => key.split('/')[1]!))].sort();
}
