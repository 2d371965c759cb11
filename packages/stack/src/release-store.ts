import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRemoteBuild } from '@mfe/manifest/remote-build';
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

/**
 * Publishes and deploys each remote's build; a refused one is said, the others still go out. Those
 * whose builds offer slots go before the remotes that fill them, so that no deploy warns of a slot
 * the next one offers (releaseOrder).
 */
export async function releaseDevRemotes(
  release: StoreRelease,
  remotes: ReadonlyArray<DevRemote & { readonly dist: string }>,
): Promise<string[]> {
  const store = new DirectoryStore(release.dir);
  // In development the demo admin may change the environment from the release console.
  await commands.init(store, {
    publicUrl: release.publicUrl,
    hosts: { [DEV_RELEASE_ENV]: release.hostUrl },
    roles: {
      [DEV_RELEASE_ENV]: ['admin'],
    },
  });
  const who = { actor: 'pnpm start', reason: 'local build' };
  const lines: string[] = [];
  for (const remote of releaseOrder(remotes.map((remote) => ({ ...remote, offers: slotsOffered(remote.dist) })))) {
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

/** The slots a build's pages offer (as its `mf-manifest.json` records them), none when unreadable. */
function slotsOffered(dist: string): readonly string[] {
  try {
    return readRemoteBuild(JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'))).slots ?? [];
  } catch {
    return [];
  }
}

/**
 * Remotes in the order to release them: each after the others of the set that offer a slot it fills
 * (so its deploy finds the slot offered), otherwise in the order given. Remotes that fill each
 * other's slots keep the order given from where they meet.
 */
export function releaseOrder<
  T extends {
    readonly name: string;
    readonly offers: readonly string[];
    readonly contributions?: DevRemote['contributions'];
  },
>(remotes: readonly T[]): T[] {
  const fills = (remote: T) => new Set((remote.contributions ?? []).map((contribution) => String(contribution.slot)));
  const needs = (remote: T) =>
    remotes.filter((other) => other !== remote && other.offers.some((slot) => fills(remote).has(slot)));
  const ordered: T[] = [];
  let waiting = [...remotes];
  while (waiting.length > 0) {
    const ready = waiting.filter((remote) => needs(remote).every((other) => ordered.includes(other)));
    // A cycle: the first still waiting goes, and the rest follow it.
    const next = ready.length > 0 ? ready : waiting.slice(0, 1);
    ordered.push(...next);
    waiting = waiting.filter((remote) => !next.includes(remote));
  }
  return ordered;
}
