import { publishBuild } from '../store/builds';
import { parseTarget, versionedTarget } from './target';
import { ReleaseError } from '../errors';
import type { ChangeOptions, ReleaseScope, Who } from './who';
import {
  canaryChange,
  deployChange,
  promoteChange,
  rollbackChange,
  type CanaryStep,
  type ChangeContext,
  type Placement,
} from './changes';
import { diffManifests } from './diff';
import { checkEnv, readSettings, requireReasonGiven } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import {
  commit,
  describeAction,
  EMPTY_MANIFEST,
  readCurrent,
  readRevision,
  type Change,
  type CommitResult,
  type Revision,
  type RolloutRef,
} from './revisions';
import { environmentPages, type RenderedPages } from './pages';
import { describeStopped, liveRollouts, markStopped, stoppingRollouts } from '../rollouts/rollout-stop';
import { hostCheck } from './verify';

export type { Who } from './who';

export async function publish(store: ObjectStore, dist: string, who: Pick<Who, 'actor'>): Promise<string[]> {
  const { record, uploaded } = await publishBuild(store, dist, { actor: who.actor });
  const files = Object.keys(record.files).length;
  return [
    uploaded
      ? `✔ published ${record.name}@${record.version} (${files} files, remoteEntry.js ${record.integrity})`
      : `✔ ${record.name}@${record.version} was already published with these files; nothing changed`,
  ];
}

async function context({ store, env, who, options = {} }: ReleaseScope): Promise<ChangeContext> {
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

async function run(scope: ReleaseScope, planned: Change, context: ChangeContext): Promise<string[]> {
  return (await runChange(scope, planned, context)).lines;
}

/** A change checked, committed and its pages written: what it said, and the revision it made (none for a dry run). */
async function runChange(
  { store, env, options = {} }: ReleaseScope,
  planned: Change,
  context: ChangeContext,
): Promise<{ readonly lines: string[]; readonly revision?: Revision }> {
  const { expect } = options;
  if (expect !== undefined && planned.expect !== undefined && planned.expect !== expect) {
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${env} is at revision ${planned.expect}, not ${expect} as expected: nothing was changed. Look at \`mfe-release history --env ${env}\` and run it again with --expect ${planned.expect} if it still applies.`,
    );
  }
  // A person's change to a remote stops its rollout, and takes the rollout's candidate with it (rollout-stop.ts).
  const live = await liveRollouts(store, env);
  const guarded: Change = expect === undefined ? planned : { ...planned, expect };
  const change: Change =
    live.size === 0
      ? guarded
      : {
          ...guarded,
          apply: async (current, head) =>
            stoppingRollouts(await guarded.apply(current, head), current, live, guarded.rollout),
        };
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
  // Recorded with the revision first: a command stopped here leaves rollouts the next look stops.
  await markStopped(store, env, revision, Date.now());
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

/** Renders an environment's pages again for its current manifest: after its host is deployed anew. */
export async function pages(
  store: ObjectStore,
  env: string,
  options: Pick<ChangeOptions, 'host' | 'fetchImpl'> = {},
): Promise<string[]> {
  checkEnv(env);
  const settings = await readSettings(store);
  const environment = environmentPages(store, env, settings, options.host ?? settings.hosts[env], options.fetchImpl);
  if (!environment)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `${env} has no prerendered pages: record its host build and host once, \`mfe-release init … --host ${env}=<url> --host-build ${env}=<the host build's folder>\`.`,
    );
  return environment.write(await environment.render((await readCurrent(store, env)) ?? EMPTY_MANIFEST));
}

export async function deploy(scope: ReleaseScope, target: string, placement: Placement = {}): Promise<string[]> {
  const { name, version } = versionedTarget(target);
  checkEnv(scope.env);
  const ctx = await context(scope);
  return run(scope, await deployChange(ctx, name, version, placement), ctx);
}

/** Starts a canary (`name@version` with a share), changes its share (`name` with a share), promotes or aborts it. */
export async function canary(scope: ReleaseScope, target: string, step: CanaryStep): Promise<string[]> {
  checkEnv(scope.env);
  const { name, version } = parseTarget(target);
  if (step.kind !== 'share' && version)
    throw new ReleaseError(
      'RELEASE_USAGE',
      `Give only the remote's name to ${step.kind} its canary: canary ${name} --${step.kind}.`,
    );
  const ctx = await context(scope);
  return run(
    scope,
    await canaryChange(ctx, name, step.kind === 'share' ? { ...step, ...(version ? { version } : {}) } : step),
    ctx,
  );
}

/**
 * A step on a rollout's canary (a share, its promotion, or its removal). The rollout's own is
 * committed only on the environment's revision it was judged on (`scope.options.expect`; rollout.ts
 * says what a lost step does) and recorded as the rollout's, so it stops nothing of its own; a
 * person's (an abort by hand) is theirs.
 */
export async function rolloutStep(
  scope: ReleaseScope,
  rollout: RolloutRef,
  step: CanaryStep,
  by: 'rollout' | 'person',
): Promise<{ readonly lines: string[]; readonly revision?: Revision }> {
  checkEnv(scope.env);
  const ctx = await context(scope);
  const change = await canaryChange(
    ctx,
    rollout.remote,
    step.kind === 'share' ? { ...step, version: rollout.version } : step,
  );
  return runChange(scope, by === 'rollout' ? { ...change, rollout } : change, ctx);
}

/** Gives `env` what `from` has, for the remotes named (all when none is). */
export async function promote(scope: ReleaseScope, from: string, names: readonly string[]): Promise<string[]> {
  checkEnv(from);
  checkEnv(scope.env);
  const ctx = await context(scope);
  return run(scope, await promoteChange(ctx, from, names), ctx);
}

export async function rollback(
  scope: ReleaseScope,
  to: number | undefined,
  options: { readonly withCanaries?: boolean } = {},
): Promise<string[]> {
  checkEnv(scope.env);
  const ctx = await context(scope);
  return run(scope, await rollbackChange(ctx, scope.env, to, options), ctx);
}

export { audit, cors, init, verify } from '../store/store-commands';
export { diff, history, historyData, status, statusData } from './reading-commands';
