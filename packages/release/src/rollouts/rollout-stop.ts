import type { ManifestEntry } from '@mfe/manifest';
import { canaryVersion } from '../environments/diff';
import type { ObjectStore } from '../store/object-store';
import type { ChangeEffects } from '../environments/apply';
import {
  candidateFate,
  describeAction,
  manifestOf,
  type Applied,
  type ManifestDocument,
  type Revision,
  type RolloutRef,
  sameRollout,
  type StoppedRollout,
  type Change,
} from '../environments/revisions';
import { readJson } from '../store/layout';
import { LIVE, rolloutsOf, updateRollout, type RolloutState } from './rollout-state';

// People come first: a change someone makes to a remote while a rollout of it runs (a deploy, a
// rollback, a promotion, a canary set, promoted or aborted by hand) stops that rollout, and what
// they did is what stands. The rollout's candidate goes with it, in the same revision as their
// change, unless their change was to set the canary's share themselves (they took the canary over).

/** The running or paused rollouts of an environment, by remote. */
export async function liveRollouts(store: ObjectStore, env: string): Promise<ReadonlyMap<string, RolloutState>> {
  const live = new Map<string, RolloutState>();
  for (const key of await store.list(rolloutsOf(env))) {
    if (!key.endsWith('.json')) continue;
    const state = (await readJson<RolloutState>(store, key))?.value;
    if (state && LIVE.includes(state.status)) live.set(state.remote, state);
  }
  return live;
}

/** Who a rollout's own steps are recorded as (in revisions and the audit log). */
export const rolloutActor = (state: Pick<RolloutState, 'actor'>) => `rollout (started by ${state.actor})`;

/** The rollout a state is, as its own steps' revisions name it. */
export const rolloutRef = (state: Pick<RolloutState, 'remote' | 'version' | 'startedAt'>): RolloutRef => ({
  remote: state.remote,
  version: state.version,
  startedAt: state.startedAt,
});

/**
 * A change with every live rollout of a remote it changes stopped: the rollout's candidate is taken
 * out of the new manifest (when it is still that rollout's build) unless the change set the
 * remote's canary share itself. A rollout's own step (`by`) stops nothing of its own.
 */
export function stoppingRollouts(
  applied: Applied,
  before: ManifestDocument,
  live: ReadonlyMap<string, RolloutState>,
  by: RolloutRef | undefined,
): Applied & { readonly stopped: readonly StoppedRollout[] } {
  const own = (rollout: RolloutState) => sameRollout(rolloutRef(rollout), by);
  const stopped: StoppedRollout[] = [];
  const entryOf = (manifest: ManifestDocument, name: string) => manifest.remotes.find((entry) => entry.name === name);
  const remotes = applied.manifest.remotes.map((entry): ManifestEntry => {
    const rollout = live.get(entry.name);
    if (!rollout || own(rollout)) return entry;
    if (JSON.stringify(entryOf(before, entry.name)) === JSON.stringify(entry)) return entry;
    const candidate = entry.candidate;
    const ours = candidate && canaryVersion(entry.name, candidate) === rollout.version;
    const tookItOver = applied.action.verb === 'canary' && applied.action.remote === entry.name;
    if (!ours || tookItOver) {
      stopped.push({
        remote: entry.name,
        version: rollout.version,
        ...(ours ? { candidateKept: candidate.percent } : {}),
        ...(candidate && !ours ? { replacedBy: canaryVersion(entry.name, candidate) } : {}),
      });
      return entry;
    }
    const { candidate: _goesWithTheRollout, ...stable } = entry;
    stopped.push({ remote: entry.name, version: rollout.version, candidateRemoved: candidate.percent });
    return stable;
  });
  // A remote the change removed altogether stops its rollout too.
  for (const [name, rollout] of live)
    if (!entryOf(applied.manifest, name) && entryOf(before, name) && !own(rollout))
      stopped.push({ remote: name, version: rollout.version });
  return { ...applied, manifest: stopped.length ? manifestOf(remotes) : applied.manifest, stopped };
}

/**
 * What a person's change does to the rollouts of an environment: every live rollout of a remote it
 * changes stops in the same revision (stoppingRollouts), and each is marked stopped once the
 * revision is committed (markStopped; a command that dies between the two leaves the marking to
 * the rollout's next look).
 */
export function rolloutStops(store: ObjectStore, env: string): ChangeEffects {
  return {
    widen: async (change: Change): Promise<Change> => {
      const live = await liveRollouts(store, env);
      if (live.size === 0) return change;
      return {
        ...change,
        apply: async (current, head) =>
          stoppingRollouts(await change.apply(current, head), current, live, change.rollout),
      };
    },
    committed: (revision) => markStopped(store, env, revision, Date.now()),
  };
}

/** Marks the rollouts a committed revision stopped, naming the revision and who made it. */
export async function markStopped(store: ObjectStore, env: string, revision: Revision, now: number): Promise<void> {
  for (const stopped of revision.stopped ?? [])
    await updateRollout(store, env, stopped.remote, (state) =>
      // Only the rollout the revision stopped, and only if nothing else ended it meanwhile.
      state.version !== stopped.version || !LIVE.includes(state.status)
        ? state
        : {
            ...state,
            status: 'stopped',
            revision: revision.revision,
            log: [
              ...state.log,
              `${new Date(now).toISOString()} stopped: revision ${revision.revision} (${describeAction(revision.action)} by ${revision.actor}${revision.reason ? `: ${revision.reason}` : ''}); ${candidateFate(stopped)}`,
            ],
          },
    );
}
