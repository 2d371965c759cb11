import { schemaVersionFor, type ManifestEntry, type ManifestSchemaVersion } from '@mfe/manifest';
import { ReleaseError } from '../errors';
import { jsonBytes, KEYS, readJson } from '../store/layout';
import type { ObjectStore } from '../store/object-store';

/** What a manifest revision did, as history shows it. */
export type ReleaseAction =
  | { readonly verb: 'deploy'; readonly remote: string; readonly version: string }
  | {
      readonly verb: 'promote';
      readonly from: string;
      readonly fromRevision: number;
      readonly remotes: readonly string[];
    }
  | {
      readonly verb: 'rollback';
      readonly to: number;
      /**
       * Canaries the revision gone back to had and the current manifest does not (`name@version at
       * N %`): left out unless asked for (`--with-canaries`), since no rollout would judge them.
       */
      readonly canariesLeftOut?: readonly string[];
      readonly canariesBack?: readonly string[];
    }
  | { readonly verb: 'remove'; readonly remote: string }
  | { readonly verb: 'canary'; readonly remote: string; readonly version: string; readonly percent: number }
  | { readonly verb: 'canary-promote' | 'canary-abort'; readonly remote: string; readonly version: string };

/** A rollout a change stops (rollouts/rollout-stop.ts), and whether its candidate was removed with it: recorded with the revision. */
export interface StoppedRollout {
  readonly remote: string;
  readonly version: string;
  /** The share its candidate had when it was removed; absent when the candidate stays (or was already gone). */
  readonly candidateRemoved?: number;
  /** The share a person set for the candidate themselves, which stands without anything judging it. */
  readonly candidateKept?: number;
  /** Another build a person made the canary (their change put it in place of the rollout's). */
  readonly replacedBy?: string;
}

/** How a revision's stopped rollout reads (history, the command's output; `planned`: a dry run's). */
export const describeStopped = (stopped: StoppedRollout, planned = false): string =>
  `the rollout of ${stopped.remote}@${stopped.version} ${planned ? 'would stop' : 'stopped'}: ${candidateFate(stopped, planned)}`;

/** What became (or would become) of a stopped rollout's candidate. */
export function candidateFate(stopped: StoppedRollout, planned = false): string {
  if (stopped.candidateRemoved !== undefined)
    return `its candidate at ${stopped.candidateRemoved} % ${planned ? 'would be' : 'was'} removed with it`;
  if (stopped.candidateKept !== undefined)
    return `its candidate ${planned ? 'would stay' : 'stays'} at ${stopped.candidateKept} % as set by hand, judged by nothing until a person promotes or aborts it`;
  if (stopped.replacedBy !== undefined) return `the change made ${stopped.replacedBy} the candidate instead`;
  return 'the change took its candidate out';
}

export interface ManifestDocument {
  /** The lowest version its entries need (`schemaVersionFor`: 4 with contributions, 3 with translated labels, …). */
  readonly schemaVersion: ManifestSchemaVersion;
  readonly remotes: readonly ManifestEntry[];
}

export const manifestOf = (remotes: readonly ManifestEntry[]): ManifestDocument => ({
  schemaVersion: schemaVersionFor(remotes),
  remotes,
});

/**
 * Which rollout made a change: its own steps are recorded with it, so that neither the change gate
 * (rollout-stop.ts) nor a later look mistakes them for a person's change, and a step retried after
 * a crash knows its revision when it finds it.
 */
export interface RolloutRef {
  readonly remote: string;
  readonly version: string;
  readonly startedAt: number;
}

export const sameRollout = (a: RolloutRef | undefined, b: RolloutRef | undefined): boolean =>
  !!a && !!b && a.remote === b.remote && a.version === b.version && a.startedAt === b.startedAt;

/** One immutable step of an environment's history. */
export interface Revision {
  readonly revision: number;
  /** The revision it was made from (0: the empty environment). */
  readonly parent: number;
  readonly at: string;
  readonly actor: string;
  readonly reason: string;
  readonly action: ReleaseAction;
  readonly manifest: ManifestDocument;
  /** The rollouts this change stopped (a person's change to a remote a rollout was releasing). */
  readonly stopped?: readonly StoppedRollout[];
  /** The rollout whose step this was; absent for a person's change. */
  readonly rollout?: RolloutRef;
}

/** What hosts read: the manifest, and which revision it is (shown by /diagnostics and `status`). */
export interface ServedManifest extends ManifestDocument {
  readonly revision: number;
}

export const EMPTY_MANIFEST: ManifestDocument = { schemaVersion: 1, remotes: [] };

/** What a change makes of the current manifest, and what it did (as history will say it). */
export interface Applied {
  readonly action: ReleaseAction;
  readonly manifest: ManifestDocument;
  /** Rollouts the change stops (rollout-stop.ts), recorded with the revision. */
  readonly stopped?: readonly StoppedRollout[];
}

export interface Change {
  /** What the change is, before it is applied (conflict messages, refusals). */
  readonly action: ReleaseAction;
  readonly actor: string;
  readonly reason: string;
  /**
   * Whether the change still means the same if someone else's revision lands first: a deploy of
   * one remote does (it is made again on top), a rollback does not (it would undo their change).
   */
  readonly rebase: boolean;
  /**
   * The revision the change was planned from: it is refused, naming the winner, when the
   * environment is no longer there when it would commit (a rollback planned on #22 must not land on
   * #23). Set by the caller for `--expect`, and by every change that is not rebased.
   */
  readonly expect?: number;
  /** The rollout whose step this is (recorded with the revision); absent for a person's change. */
  readonly rollout?: RolloutRef;
  /** The new manifest from the current one, with what was done (may refuse with a ReleaseError). */
  apply(current: ManifestDocument, head: number): Applied | Promise<Applied>;
  /** Checks the new manifest as the environment's host will read it: problem lines, none if fine. */
  check(next: ManifestDocument): Promise<readonly string[]>;
}

export type CommitResult =
  | { readonly kind: 'committed'; readonly revision: Revision }
  | { readonly kind: 'unchanged'; readonly head: number }
  /** A dry run: what would be committed on top of `head`, checked, and nothing written. */
  | {
      readonly kind: 'planned';
      readonly head: number;
      readonly action: ReleaseAction;
      readonly manifest: ManifestDocument;
      readonly before: ManifestDocument;
      readonly stopped?: readonly StoppedRollout[];
    };

const MAX_ATTEMPTS = 25;

/**
 * Makes a change the environment's new current manifest, without losing anyone's.
 *
 * The revision number is claimed by creating `revisions/<n+1>.json` (a create-only write, so two
 * writers cannot both claim it), then the current manifest is replaced only if it is still the
 * one read (compare-and-swap). A writer that stopped between the two leaves a recorded revision
 * that is not current yet: the next writer finishes it first (rolls it forward), so the history
 * and the current manifest never disagree for long and nothing is lost.
 */
export async function commit(
  store: ObjectStore,
  env: string,
  change: Change,
  now: () => Date = () => new Date(),
  options: { readonly dryRun?: boolean } = {},
): Promise<CommitResult> {
  let firstHead: number | undefined;
  let lostTo: Revision | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 40 * Math.min(attempt, 5)));
    const current = await readJson<ServedManifest>(store, KEYS.manifest(env));
    const head = current?.value.revision ?? 0;
    const pending = await readJson<Revision>(store, KEYS.revision(env, head + 1));
    if (pending) {
      lostTo = pending.value;
      await store.replace(
        KEYS.manifest(env),
        jsonBytes(served(pending.value)),
        'application/json',
        current?.etag ?? null,
      );
      continue;
    }
    // A change planned from a revision stands only on that revision; otherwise one that is not
    // rebased stands only on the head it first read.
    const expected = change.expect ?? (change.rebase ? undefined : (firstHead ??= head));
    if (expected !== undefined && head !== expected)
      throw conflict(
        env,
        lostTo ?? (await readJson<Revision>(store, KEYS.revision(env, head)))?.value ?? null,
        false,
        expected,
      );
    const before: ManifestDocument = current ? manifestOf(current.value.remotes) : EMPTY_MANIFEST;
    const { manifest: next, action, stopped } = await change.apply(before, head);
    if (JSON.stringify(next.remotes) === JSON.stringify(before.remotes)) return { kind: 'unchanged', head };
    const problems = await change.check(next);
    if (problems.length > 0)
      throw new ReleaseError(
        'RELEASE_CHECK_FAILED',
        `The new ${env} manifest was refused; ${env} is unchanged at revision ${head}.`,
        problems,
      );
    if (options.dryRun)
      return { kind: 'planned', head, action, manifest: next, before, ...(stopped?.length ? { stopped } : {}) };
    const revision: Revision = {
      revision: head + 1,
      parent: head,
      at: now().toISOString(),
      actor: change.actor,
      reason: change.reason,
      action,
      manifest: next,
      ...(stopped?.length ? { stopped } : {}),
      ...(change.rollout ? { rollout: change.rollout } : {}),
    };
    if (!(await store.create(KEYS.revision(env, revision.revision), jsonBytes(revision), 'application/json'))) {
      lostTo = (await readJson<Revision>(store, KEYS.revision(env, revision.revision)))?.value ?? null;
      if (expected !== undefined) throw conflict(env, lostTo, false, expected);
      continue;
    }
    // False only when another writer already rolled this revision forward: it is current either way.
    await store.replace(KEYS.manifest(env), jsonBytes(served(revision)), 'application/json', current?.etag ?? null);
    return { kind: 'committed', revision };
  }
  throw conflict(env, lostTo, true);
}

export const served = (revision: Revision): ServedManifest => ({
  ...manifestOf(revision.manifest.remotes),
  revision: revision.revision,
});

function conflict(env: string, winner: Revision | null, busy: boolean, expected?: number): ReleaseError {
  const who = winner
    ? `revision ${winner.revision} (${describeAction(winner.action)} by ${winner.actor}${winner.reason ? `: ${winner.reason}` : ''}) was made first`
    : 'another release changed it';
  const since = expected === undefined ? '' : ` since revision ${expected}`;
  const what = busy
    ? `${env} kept changing while this ran (${MAX_ATTEMPTS} tries)`
    : `${env} changed${since} while this ran: ${who}`;
  return new ReleaseError(
    'RELEASE_CONFLICT',
    `${what}. Nothing was changed by this command; look at \`mfe-release history --env ${env}\` and run it again if it still applies.`,
  );
}

export function describeAction(action: ReleaseAction): string {
  switch (action.verb) {
    case 'deploy':
      return `deploy ${action.remote}@${action.version}`;
    case 'promote':
      return `promote ${action.remotes.join(', ') || 'nothing'} from ${action.from} #${action.fromRevision}`;
    case 'rollback':
      return `rollback to #${action.to}${
        action.canariesLeftOut?.length
          ? `, leaving out canary ${action.canariesLeftOut.join(', ')} (no rollout would judge it; --with-canaries brings it back)`
          : ''
      }${action.canariesBack?.length ? `, with canary ${action.canariesBack.join(', ')} live again, judged by no rollout` : ''}`;
    case 'remove':
      return `remove ${action.remote}`;
    case 'canary':
      return `canary ${action.remote}@${action.version} at ${action.percent} %`;
    case 'canary-promote':
      return `promote canary ${action.remote}@${action.version} to stable`;
    case 'canary-abort':
      return `abort canary ${action.remote}@${action.version}`;
  }
}

/** Every revision of an environment, oldest first. */
export async function readHistory(store: ObjectStore, env: string): Promise<Revision[]> {
  const keys = (await store.list(KEYS.revisions(env))).filter((key) => /\/\d{6,}\.json$/.test(key));
  const revisions = await Promise.all(keys.map(async (key) => (await readJson<Revision>(store, key))!.value));
  return revisions.sort((a, b) => a.revision - b.revision);
}

export async function readRevision(store: ObjectStore, env: string, revision: number): Promise<Revision> {
  const found = await readJson<Revision>(store, KEYS.revision(env, revision));
  if (!found)
    throw new ReleaseError(
      'RELEASE_NOT_FOUND',
      `${env} has no revision ${revision}; \`mfe-release history --env ${env}\` lists them.`,
    );
  return found.value;
}

export async function readCurrent(store: ObjectStore, env: string): Promise<ServedManifest | null> {
  return (await readJson<ServedManifest>(store, KEYS.manifest(env)))?.value ?? null;
}
