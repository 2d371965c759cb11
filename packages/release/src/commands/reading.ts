import { canaryVersion, diffManifests, versionOf } from '../environments/diff';
import { liveRollouts } from '../rollouts/rollout-stop';
import type { RolloutState } from '../rollouts/rollout-state';
import { checkEnv, listEnvironments, readSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import {
  describeAction,
  EMPTY_MANIFEST,
  readCurrent,
  readHistory,
  readRevision,
  type ManifestDocument,
  type Revision,
  describeStopped,
} from '../environments/revisions';

// The commands that read an environment: its history, a diff, its status (as text and as data).

export async function history(store: ObjectStore, env: string): Promise<string[]> {
  const revisions = await readHistory(store, checkEnv(env));
  if (revisions.length === 0) return [`${env} has no revisions yet.`];
  const byNumber = new Map(revisions.map((revision) => [revision.revision, revision.manifest]));
  return revisions.map((revision) => {
    // A promote or a rollback names no version itself: the versions it changed, from its parent.
    const changed =
      revision.action.verb === 'promote' || revision.action.verb === 'rollback'
        ? diffManifests(byNumber.get(revision.parent) ?? EMPTY_MANIFEST, revision.manifest).map((line) => line.slice(2))
        : [];
    const stopped = (revision.stopped ?? []).map((rollout) => `; ${describeStopped(rollout)}`).join('');
    return `#${revision.revision} ${revision.at} ${revision.actor}: ${describeAction(revision.action)}${changed.length ? ` [${changed.join('; ')}]` : ''}${revision.reason ? ` — ${revision.reason}` : ''}${stopped}`;
  });
}

/**
 * What changed between two states of an environment: revisions (`12` or `#12`), `current`, or
 * another environment's name (its current manifest). With one, what making it current would
 * change; with none, the last change.
 */
export async function diff(
  store: ObjectStore,
  env: string,
  from: string | undefined,
  to: string | undefined,
): Promise<string[]> {
  checkEnv(env);
  const read = async (ref: string): Promise<ManifestDocument> => {
    if (ref === 'current') return (await readCurrent(store, env)) ?? EMPTY_MANIFEST;
    if (/^#?\d+$/.test(ref)) {
      const revision = Number(ref.replace('#', ''));
      return revision === 0 ? EMPTY_MANIFEST : (await readRevision(store, env, revision)).manifest;
    }
    return (await readCurrent(store, checkEnv(ref))) ?? EMPTY_MANIFEST;
  };
  const head = (await readCurrent(store, env))?.revision ?? 0;
  const [before, after] =
    from === undefined ? [String(Math.max(0, head - 1)), 'current'] : to === undefined ? ['current', from] : [from, to];
  const lines = diffManifests(await read(before), await read(after));
  return lines.length > 0 ? lines : ['no difference'];
}

/**
 * A remote as every reader of an environment shows it (the command line's `status` and its `--json`,
 * the console's overview): its version and path, its canary, and the live rollout that judges it.
 */
export interface RemoteInEnvironment {
  readonly name: string;
  readonly version: string;
  readonly path: string | null;
  readonly canary: { readonly version: string; readonly percent: number } | null;
  /** Its running or paused rollout; none when nothing judges its canary (set by hand) or it has none. */
  readonly rollout: RolloutState | null;
}

/** The remotes of an environment's current manifest (as its caller read it), each with its live rollout. */
export async function remotesIn(
  store: ObjectStore,
  env: string,
  current: ManifestDocument | null,
): Promise<RemoteInEnvironment[]> {
  const live = await liveRollouts(store, env);
  return (current?.remotes ?? []).map((remote) => ({
    name: remote.name,
    version: versionOf(remote),
    path: remote.path ?? null,
    canary: remote.candidate
      ? { version: canaryVersion(remote.name, remote.candidate), percent: remote.candidate.percent }
      : null,
    rollout: live.get(remote.name) ?? null,
  }));
}

export async function status(store: ObjectStore, envs: readonly string[]): Promise<string[]> {
  const settings = await readSettings(store);
  const names = envs.length > 0 ? envs : await listEnvironments(store);
  const lines = [`store ${store.where}, builds served from ${settings.publicUrl}`];
  for (const env of names) {
    const current = await readCurrent(store, checkEnv(env));
    lines.push(`${env}: ${current ? `revision ${current.revision}` : 'no manifest yet'}`);
    for (const remote of await remotesIn(store, env, current)) {
      // Whether anything judges a canary: a rollout (running or paused), or nothing (set by hand).
      const judged = remote.rollout ? ` (rollout ${remote.rollout.status})` : ' (set by hand: no rollout judges it)';
      const canary = remote.canary ? `, canary ${remote.canary.version} at ${remote.canary.percent} %${judged}` : '';
      lines.push(
        `  ${remote.name} ${remote.version} ${remote.path ? `at ${remote.path}` : '(contributions only)'}${canary}`,
      );
    }
  }
  return lines;
}

/** `history --json`: the environment's revisions, oldest first, each described as `history` says it (no manifests). */
export async function historyData(
  store: ObjectStore,
  env: string,
): Promise<Array<Omit<Revision, 'manifest'> & { readonly description: string }>> {
  return (await readHistory(store, checkEnv(env))).map(({ manifest: _manifest, ...revision }) => ({
    ...revision,
    description: describeAction(revision.action),
  }));
}

/** `status --json`: each environment's revision and remotes (version, path, canary). */
export async function statusData(
  store: ObjectStore,
  envs: readonly string[],
): Promise<{
  store: string;
  publicUrl: string;
  environments: Array<{
    env: string;
    revision: number | null;
    remotes: Array<{
      name: string;
      version: string;
      path: string | null;
      canary: { version: string; percent: number; rollout: 'running' | 'paused' | null } | null;
    }>;
  }>;
}> {
  const settings = await readSettings(store);
  const names = envs.length > 0 ? envs : await listEnvironments(store);
  const environments = [];
  for (const env of names) {
    const current = await readCurrent(store, checkEnv(env));
    environments.push({
      env,
      revision: current?.revision ?? null,
      remotes: (await remotesIn(store, env, current)).map(({ rollout, canary, ...remote }) => ({
        ...remote,
        canary: canary ? { ...canary, rollout: (rollout?.status as 'running' | 'paused' | undefined) ?? null } : null,
      })),
    });
  }
  return { store: store.where, publicUrl: settings.publicUrl, environments };
}
