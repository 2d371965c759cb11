import { ReleaseError } from '../errors';
import { checkEnv, readSettings, requireReasonGiven } from '../store/layout';
import { canaryChange, type CanaryStep, type ChangeContext } from './changes';
import { diffManifests } from './diff';
import { environmentPages, type RenderedPages } from './pages';
import {
  commit,
  describeAction,
  describeStopped,
  EMPTY_MANIFEST,
  readRevision,
  type Change,
  type CommitResult,
  type Revision,
  type RolloutRef,
} from './revisions';
import { hostCheck } from './verify';
import type { ReleaseScope } from './who';

// How a planned change becomes an environment's revision: checked as its host will read it,
// committed by compare-and-swap, its prerendered pages written. What a change does besides its own
// (a person's change stops a rollout of its remote) is a higher layer's rule, handed in as effects.

/** What a change does besides its own, by a higher layer's rule (rollouts/rollout-stop.ts). */
export interface ChangeEffects {
  /** The change as it will be committed. */
  widen(change: Change): Promise<Change>;
  /** Its revision committed, before its pages are written: a command stopped here leaves the rest to the next look. */
  committed(revision: Revision): Promise<void>;
}

export async function changeContext({ store, env, who, options = {} }: ReleaseScope): Promise<ChangeContext> {
  const settings = await readSettings(store);
  requireReasonGiven(settings, env, who.reason);
  return {
    store,
    settings,
    actor: who.actor,
    reason: who.reason,
    check: hostCheck(options.host ?? settings.hosts[env], env, options.fetchImpl),
  };
}

/** A change checked, committed and its pages written: what it said, and the revision it made (none for a dry run). */
export async function applyChange(
  { store, env, options = {} }: ReleaseScope,
  planned: Change,
  context: ChangeContext,
  effects?: ChangeEffects,
): Promise<{ readonly lines: string[]; readonly revision?: Revision }> {
  const { expect } = options;
  if (expect !== undefined && planned.expect !== undefined && planned.expect !== expect) {
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${env} is at revision ${planned.expect}, not ${expect} as expected: nothing was changed. Look at \`mfe-release history --env ${env}\` and run it again with --expect ${planned.expect} if it still applies.`,
    );
  }
  const guarded: Change = expect === undefined ? planned : { ...planned, expect };
  const change = effects ? await effects.widen(guarded) : guarded;
  if (options.dryRun) {
    const result = await commit(store, env, change, undefined, { dryRun: true });
    if (result.kind === 'unchanged')
      throw new ReleaseError(
        'RELEASE_NOTHING_TO_DO',
        `${env} already is so (revision ${result.head}); nothing would change.`,
      );
    if (result.kind !== 'planned') throw new Error('a dry run committed');
    return {
      lines: [
        `dry run: ${env} would become revision ${result.head + 1}: ${describeAction(result.action)} (checked as its host will read it; nothing was changed)`,
        ...diffManifests(result.before, result.manifest).map((line) => `  ${line}`),
        ...(result.stopped ?? []).map((stopped) => `  ${describeStopped(stopped, true)}`),
      ],
    };
  }
  const pages = environmentPages(
    store,
    env,
    context.settings,
    options.host ?? context.settings.hosts[env],
    options.fetchImpl,
  );
  // The pages of the manifest about to become current are rendered once it has passed its check,
  // before it is committed, so the old pages are served for no longer than it takes to write files.
  let prepared: { remotes: string; rendered: Promise<RenderedPages> } | undefined;
  const checked: Change = !pages
    ? change
    : {
        ...change,
        check: async (next) => {
          const problems = await change.check(next);
          if (problems.length === 0) prepared = { remotes: JSON.stringify(next.remotes), rendered: pages.render(next) };
          return problems;
        },
      };
  const result: CommitResult = await commit(store, env, checked);
  if (result.kind === 'unchanged')
    throw new ReleaseError('RELEASE_NOTHING_TO_DO', `${env} already is so (revision ${result.head}); nothing changed.`);
  if (result.kind === 'planned') throw new Error('a change was only planned');
  const { revision } = result;
  await effects?.committed(revision);
  const parent = revision.parent === 0 ? EMPTY_MANIFEST : (await readRevision(store, env, revision.parent)).manifest;
  const lines = [
    `✔ ${env} revision ${revision.revision}: ${describeAction(revision.action)}`,
    ...diffManifests(parent, revision.manifest).map((line) => `  ${line}`),
    ...(revision.stopped ?? []).map((stopped) => `  ${describeStopped(stopped)}`),
  ];
  if (!pages) return { lines, revision };
  const rendered =
    prepared?.remotes === JSON.stringify(revision.manifest.remotes)
      ? await prepared.rendered
      : await pages.render(revision.manifest);
  return { lines: [...lines, ...(await pages.write(rendered))], revision };
}

/**
 * A step on a rollout's canary (a share, its promotion, or its removal). The rollout's own is
 * committed only on the environment's revision it was judged on (`scope.options.expect`;
 * rollouts/rollout.ts says what a lost step does) and recorded as the rollout's; a person's (an
 * abort by hand) is theirs. It changes only the rollout's own remote, so it stops no other rollout.
 */
export async function rolloutStep(
  scope: ReleaseScope,
  rollout: RolloutRef,
  step: CanaryStep,
  by: 'rollout' | 'person',
): Promise<{ readonly lines: string[]; readonly revision?: Revision }> {
  checkEnv(scope.env);
  const context = await changeContext(scope);
  const change = await canaryChange(
    context,
    rollout.remote,
    step.kind === 'share' ? { ...step, version: rollout.version } : step,
  );
  return applyChange(scope, by === 'rollout' ? { ...change, rollout } : change, context);
}
