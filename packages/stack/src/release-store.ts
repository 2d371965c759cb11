import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands, DirectoryStore, isReleaseError, KEYS, publishBuild } from '@mfe/release';
import type { DevRemote } from './topology';
import { developmentContributions } from './dev-contributions';

/**
 * `pnpm start` releases the local builds the way production does: each remote's build is
 * published to a release store in a folder (`.tmp/release-store`, a version per build: its package
 * version and its hash) and deployed to the `development` environment with `mfe-release`'s own
 * commands and checks; the host reads that environment's manifest. So `pnpm release … --store
 * .tmp/release-store --env development` (rollback, canary, history) acts on the running stack.
 */
export const DEV_RELEASE_ENV = 'development';

export interface StoreRelease {
  readonly dir: string;
  /** Where the store's remotes/ folder is served. */
  readonly publicUrl: string;
  readonly hostUrl: string;
}

/** The environment's current manifest, read on every request (undefined until the first deploy). */
export function currentManifest(dir: string): () => unknown {
  return () => {
    try {
      return readFileSync(join(dir, KEYS.manifest(DEV_RELEASE_ENV)), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/** Publishes and deploys each remote's build; a refused one is said, the others still go out. */
export async function releaseDevRemotes(
  release: StoreRelease,
  remotes: ReadonlyArray<DevRemote & { readonly dist: string }>,
): Promise<string[]> {
  const store = new DirectoryStore(release.dir);
  await commands.init(store, release.publicUrl, { [DEV_RELEASE_ENV]: release.hostUrl });
  const who = { actor: 'pnpm start', reason: 'local build' };
  const lines: string[] = [];
  for (const remote of remotes) {
    try {
      const { record } = await publishBuild(store, remote.dist, {
        actor: who.actor,
        version: (declared, integrity) =>
          `${declared}+${Buffer.from(integrity.slice('sha384-'.length), 'base64').toString('hex').slice(0, 12)}`,
      });
      const placement = {
        path: remote.path,
        label: remote.label,
        ...(remote.labels ? { labels: remote.labels } : {}),
        ...(remote.contributions ? { contributions: developmentContributions(remote) } : {}),
        ...(remote.order !== undefined ? { order: remote.order } : {}),
        ...(remote.requiresAuth === false ? { public: true } : {}),
      };
      lines.push(
        ...(await commands.deploy({ store, env: DEV_RELEASE_ENV, who }, `${remote.name}@${record.version}`, placement)),
      );
    } catch (error) {
      // Already deployed as it is (a restart with the same build): nothing to say but that.
      if (isReleaseError(error) && error.code === 'RELEASE_NOTHING_TO_DO')
        lines.push(`✔ ${remote.name}: ${error.message}`);
      else
        lines.push(
          `✖ ${remote.name}: ${(error as Error).message}`,
          ...(isReleaseError(error) ? error.lines.map((line) => `  ${line}`) : []),
        );
    }
  }
  return lines;
}
