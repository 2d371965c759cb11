// A rollout moves one remote's canary through shares of browsers (5, 25, 50, 100 %), judging the
// candidate against the stable build from Prometheus after each interval: on to the next share
// when it is not worse, back to the stable build on its own when it is (analysis.ts), stable
// itself after the last share. Its state lives in the store (envs/<env>/rollouts/<remote>.json),
// written by compare-and-swap, so a tick can run from anywhere (a CI job, a CronJob, `--watch`),
// be stopped and started again, and two ticks never act twice: a tick first records what it is
// about to do (`pending`), then does it (a manifest revision, which is the same if done twice),
// then clears it; a tick that finds something pending finishes it first.

import { judge, judgeAtLongest, moreLoadsNeeded, type SideCounts } from './analysis';
import { versionedTarget } from '../environments/target';
import { recordAudit } from '../store/audit';
import { canary } from '../environments/commands';
import type { ChangeOptions, ReleaseScope, Who } from '../environments/who';
import { ReleaseError } from '../errors';
import { checkEnv, jsonBytes, readJson, readSettings, requireReasonGiven } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { checkPrometheus, countsBetween } from './prometheus';
import { canaryVersion, versionOf } from '../environments/diff';
import { formatDuration } from '../durations';
import { describeAction, readCurrent, readRevision, type Revision } from '../environments/revisions';
import { readPolicy, resolvePolicy, type PolicyChoices } from './rollout-policy';
import { rolloutActor } from './rollout-stop';
import {
  readRollout,
  isEnding,
  HOLD_LIMIT_MS,
  MAX_STEP_MS,
  rolloutKey,
  TERMINAL,
  updateRollout,
  type Look,
  type RolloutEnding,
  type RolloutState,
} from './rollout-state';

export { rolloutStatus, rolloutStatusData, type RolloutState, type RolloutStatus } from './rollout-state';

/** Where the figures are, and what this rollout chooses over its environment's policy (rollout-policy.ts). */
export interface RolloutOptions extends PolicyChoices {
  readonly prometheus: string;
}

export async function startRollout(scope: ReleaseScope, target: string, options: RolloutOptions): Promise<string[]> {
  const { store, env, who, options: how = {} } = scope;
  checkEnv(env);
  const { name: remote, version } = versionedTarget(target);
  const { prometheus, ...chosen } = options;
  const policy = resolvePolicy(await readPolicy(store, env), chosen);
  const steps = policy.steps;
  // Asked before anything is written: the first step's own reason is generated, so it would pass.
  requireReasonGiven(await readSettings(store), env, who.reason);
  const existing = await readJson<RolloutState>(store, rolloutKey(env, remote));
  if (existing && !TERMINAL.includes(existing.value.status))
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `A rollout of ${remote}@${existing.value.version} in ${env} is ${existing.value.status}: abort it first (rollout abort ${remote} --env ${env}).`,
    );
  const now = (how.now ?? Date.now)();
  const stable = (await readCurrent(store, env))?.remotes.find((entry) => entry.name === remote);
  const versions = { candidate: version, ...(stable ? { stable: versionOf(stable) } : {}) };
  // Prometheus must answer before anything changes: a rollout that cannot judge must not start.
  await checkPrometheus(prometheus, remote, now, how.fetchImpl);
  if (how.dryRun) {
    // What the first share would do, checked as its host will read it; no rollout is written.
    const lines = await canary(scope, `${remote}@${version}`, {
      kind: 'share',
      percent: steps[0]!,
    });
    return [
      ...lines,
      `dry run: a rollout of ${remote}@${version} would start: ${steps.join(' → ')} %, ${formatDuration(policy.intervalMs)} each (nothing was written)`,
    ];
  }
  const state: RolloutState = {
    remote,
    version,
    ...(versions.stable ? { stableVersion: versions.stable } : {}),
    holdLimitMs: policy.holdLimitMs,
    maxStepMs: policy.maxStepMs,
    atMaxStep: policy.atMaxStep,
    steps,
    step: 0,
    intervalMs: policy.intervalMs,
    prometheus,
    rule: policy.rule,
    startedAt: now,
    stepStartedAt: now,
    status: 'running',
    actor: who.actor,
    pending: {
      kind: 'share',
      percent: steps[0]!,
      reason: `rollout of ${remote}@${version} starts at ${steps[0]} %${who.reason ? `: ${who.reason}` : ''}`,
    },
    log: [
      `${new Date(now).toISOString()} started by ${who.actor}: ${steps.join(' → ')} %, ${formatDuration(policy.intervalMs)} each at least, ${formatDuration(policy.maxStepMs)} at most (then ${policy.atMaxStep}); promoted within a margin of ${policy.rule.relativeMargin !== undefined ? `${policy.rule.relativeMargin * 100} % of stable's rate` : policy.rule.margin}`,
    ],
  };
  if (!(await store.replace(rolloutKey(env, remote), jsonBytes(state), 'application/json', existing?.etag ?? null)))
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `Another rollout of ${remote} in ${env} was started at the same moment; \`rollout status ${remote} --env ${env}\` shows it.`,
    );
  try {
    // `--expect` guards the start only: every later change is the rollout's own (finishPending).
    return await finishPending(scope, remote, version, { expect: how.expect });
  } catch (error) {
    // The first share was refused (its check failed): the rollout never began.
    await updateRollout(
      store,
      env,
      remote,
      (current) => ({
        ...current,
        status: 'aborted',
        log: [...current.log, `${new Date().toISOString()} could not start: ${(error as Error).message}`],
      }),
      { clearPending: true },
    );
    throw error;
  }
}

/** One look at a running rollout: acts if its interval is over, else says how long it waits. */
export async function tickRollout(scope: ReleaseScope, remote: string): Promise<string[]> {
  const { store, env, options: how = {} } = scope;
  const found = await readRollout(store, env, remote);
  if (how.dryRun)
    throw new ReleaseError(
      'RELEASE_USAGE',
      'A look at a rollout acts or not by its figures: run it without --dry-run, or see `rollout status`.',
    );
  if (found.value.pending) return finishPending(scope, remote, found.value.version);
  const state = found.value;
  if (state.status !== 'running')
    return [`rollout of ${remote}@${state.version} in ${env} is ${state.status}; nothing to do`];
  const now = (how.now ?? Date.now)();
  const overridden = await changedByOthers(store, env, state);
  if (overridden) return stopOverridden(scope, state, overridden, now);
  const percent = state.steps[state.step]!;
  const left = state.stepStartedAt + state.intervalMs - now;
  if (left > 0) return [`${remote}@${state.version} at ${percent} %: next look in ${Math.ceil(left / 1000)} s`];
  const versions = { candidate: state.version, ...(state.stableVersion ? { stable: state.stableVersion } : {}) };
  let counts;
  try {
    counts = await countsBetween(state.prometheus, remote, versions, state.startedAt, now, how.fetchImpl);
  } catch (error) {
    return holdWithoutFigures(scope, state, error as Error, now);
  }
  const judged = judge(counts.candidate, counts.stable, state.rule);
  // A share that has lasted its longest time with nothing decided ends as the rollout says (judgeAtLongest).
  const atLongest =
    judged.kind === 'wait' && now - state.stepStartedAt >= (state.maxStepMs ?? MAX_STEP_MS)
      ? judgeAtLongest(counts.candidate, counts.stable, state.atMaxStep ?? 'promote', state.rule)
      : undefined;
  const verdict = atLongest && atLongest.kind !== 'wait' ? atLongest : judged;
  const stamp = `${new Date(now).toISOString()} at ${percent} %`;
  let next: RolloutState;
  const { held: _figuresAreBack, ...unlooked } = state;
  // What this look judged on, kept for the console's chart (the same figures its revisions' reasons carry).
  const looked = {
    ...unlooked,
    looks: keptLooks(state.looks ?? [], {
      at: now,
      percent,
      candidate: counts.candidate,
      stable: counts.stable,
      verdict: verdict.kind,
    }),
  };
  const back = state.held
    ? [`${stamp}: figures again after ${formatDuration(now - state.held.since)} without (${state.held.why})`]
    : [];
  // One line while it waits at a share (the latest figures), not one a look.
  const waitedHere = (line: string | undefined) => line?.includes(` at ${percent} %: waiting, `) ?? false;
  if (verdict.kind === 'wait')
    next = {
      ...looked,
      log: [
        ...(waitedHere(state.log.at(-1)) && back.length === 0 ? state.log.slice(0, -1) : state.log),
        ...back,
        `${stamp}: waiting, ${verdict.why}; ${stillNeeded(counts, state, now)}`,
      ],
    };
  else if (verdict.kind === 'worse')
    next = {
      ...looked,
      status: 'rolled-back',
      pending: { kind: 'abort', reason: `rollout: rolled back automatically, ${verdict.why}` },
      log: [...state.log, ...back, `${stamp}: worse, rolled back; ${verdict.why}`],
    };
  else if (state.step === state.steps.length - 1)
    next = {
      ...looked,
      status: 'promoted',
      pending: { kind: 'promote', reason: `rollout: healthy at 100 %, now stable; ${verdict.why}` },
      log: [...state.log, ...back, `${stamp}: healthy, promoted; ${verdict.why}`],
    };
  else {
    const share = state.steps[state.step + 1]!;
    next = {
      ...looked,
      step: state.step + 1,
      stepStartedAt: now,
      pending: {
        kind: 'share',
        percent: share,
        reason: `rollout: healthy at ${percent} %, on to ${share} %; ${verdict.why}`,
      },
      log: [...state.log, ...back, `${stamp}: healthy, on to ${share} %; ${verdict.why}`],
    };
  }
  if (!(await store.replace(rolloutKey(env, remote), jsonBytes(next), 'application/json', found.etag)))
    return [`another tick of this rollout acted at the same moment; nothing done here`];
  if (!next.pending) return [next.log.at(-1)!];
  return [next.log.at(-1)!, ...(await finishPending(scope, remote, state.version))];
}

/** Looks kept in a rollout's state: at most one a minute while nothing changes, every one that decided. */
const LOOKS_KEPT = 600;

function keptLooks(looks: readonly Look[], look: Look): Look[] {
  const last = looks.at(-1);
  const same = last && last.percent === look.percent && last.verdict === look.verdict && look.at - last.at < 60_000;
  const kept = same ? [...looks.slice(0, -1), look] : [...looks, look];
  // Thinned, oldest first, rather than cut: a long rollout's chart keeps its whole story.
  return kept.length <= LOOKS_KEPT
    ? kept
    : [...kept.slice(0, LOOKS_KEPT / 2).filter((_, index) => index % 2 === 0), ...kept.slice(LOOKS_KEPT / 2)];
}

/**
 * What a waiting rollout still needs, in candidate loads and, at the traffic seen so far, in time;
 * and what its share's longest time will do if that comes first (judgeAtLongest), so the log never
 * says it waits when its time limit is about to decide.
 */
function stillNeeded(counts: { candidate: SideCounts; stable: SideCounts }, state: RolloutState, now: number): string {
  const more = moreLoadsNeeded(counts.candidate, counts.stable, state.rule);
  const perMinute = (counts.candidate.loads / Math.max(1, now - state.startedAt)) * 60_000;
  const needs = !Number.isFinite(more)
    ? 'at the rates so far it cannot be shown within the margin'
    : `needs about ${Math.max(1, Math.ceil(more))} more candidate loads${
        perMinute > 0
          ? `, about ${formatDuration(Math.max(60_000, (more / perMinute) * 60_000))} at the ${perMinute.toFixed(1)} candidate loads a minute so far`
          : ''
      }`;
  const atMaxStep = state.atMaxStep ?? 'promote';
  const longestIn = formatDuration(Math.max(0, state.stepStartedAt + (state.maxStepMs ?? MAX_STEP_MS) - now));
  if (atMaxStep === 'wait')
    return `${needs}; it waits for the figures to change, or for a person (its policy: wait at a share's longest time)`;
  if (atMaxStep === 'rollback') return `${needs}; at this share's longest time, in ${longestIn}, it goes back`;
  const atLongest = judgeAtLongest(counts.candidate, counts.stable, 'promote', state.rule);
  return `${needs}; at this share's longest time, in ${longestIn}, ${
    atLongest.kind === 'wait'
      ? 'it goes on waiting until it has its minimum of candidate loads'
      : atLongest.kind === 'healthy'
        ? 'it moves on if its estimate is still within the margin (it is now), else goes back'
        : 'it goes back unless its estimate comes within the margin (it is outside now)'
  }`;
}

/**
 * A look without figures (Prometheus down, or answering what cannot be read): the rollout holds where
 * it is. Said once per reason, in its log and the store's audit log (not once a look); after its hold
 * limit (an hour by default) it goes back to the stable build rather than leave a candidate unwatched.
 */
async function holdWithoutFigures(
  scope: ReleaseScope,
  state: RolloutState,
  error: Error,
  now: number,
): Promise<string[]> {
  const { store, env } = scope;
  const since = state.held?.since ?? now;
  const limit = state.holdLimitMs ?? HOLD_LIMIT_MS;
  const percent = state.steps[state.step]!;
  const stamp = `${new Date(now).toISOString()} at ${percent} %`;
  if (now - since >= limit) {
    const why = `no figures for ${formatDuration(now - since)} (${error.message})`;
    await updateRollout(store, env, state.remote, (current) => ({
      ...current,
      status: 'gave-up',
      pending: { kind: 'abort', reason: `rollout: back to the stable build, ${why}` },
      log: [...current.log, `${stamp}: gave up, back to the stable build; ${why}`],
    }));
    return [
      `${stamp}: gave up, back to the stable build; ${why}`,
      ...(await finishPending(scope, state.remote, state.version)),
    ];
  }
  const retried = new ReleaseError(
    'RELEASE_METRICS',
    `${error.message}: the rollout holds at ${percent} %; the next look tries again, and after ${formatDuration(limit)} without figures (in ${formatDuration(since + limit - now)}) it goes back to the stable build.`,
  );
  if (state.held?.why !== error.message) {
    await recordAudit(store, {
      actor: rolloutActor(state),
      reason: '',
      kind: 'rollout-held',
      summary: `${state.remote}@${state.version} in ${env} at ${percent} %: ${error.message}`,
    }).catch(() => undefined);
    await updateRollout(store, env, state.remote, (current) => ({
      ...current,
      held: { since, why: error.message },
      log: [...current.log, `${stamp}: held, ${error.message}`],
    }));
  }
  throw retried;
}

/** By hand: `pause` stops the ticks acting, `resume` starts the current share's interval again, `abort` goes back to stable. */
export async function controlRollout(
  scope: ReleaseScope,
  remote: string,
  action: 'pause' | 'resume' | 'abort',
): Promise<string[]> {
  const { store, env, who, options: how = {} } = scope;
  requireReasonGiven(await readSettings(store), env, who.reason);
  const now = (how.now ?? Date.now)();
  const stamp = `${new Date(now).toISOString()} ${action} by ${who.actor}${who.reason ? `: ${who.reason}` : ''}`;
  if (how.dryRun) {
    const { value: state } = await readRollout(store, env, remote);
    if (TERMINAL.includes(state.status))
      throw new ReleaseError(
        'RELEASE_USAGE',
        `The rollout of ${remote}@${state.version} in ${env} is over (${state.status}).`,
      );
    return [
      `dry run: the rollout of ${remote}@${state.version} in ${env} would be ${{ pause: 'paused', resume: 'resumed', abort: 'aborted, its candidate removed' }[action]} (nothing was written)`,
    ];
  }
  const changed = await updateRollout(store, env, remote, (state) => {
    if (TERMINAL.includes(state.status))
      throw new ReleaseError(
        'RELEASE_USAGE',
        `The rollout of ${remote}@${state.version} in ${env} is over (${state.status}).`,
      );
    // Asked of a rollout already so: nothing changes (a resume must not start its share's interval again).
    if ((action === 'pause' && state.status === 'paused') || (action === 'resume' && state.status === 'running'))
      throw new ReleaseError(
        'RELEASE_NOTHING_TO_DO',
        `The rollout of ${remote}@${state.version} in ${env} is already ${state.status}; nothing changed.`,
      );
    if (action === 'pause') return { ...state, status: 'paused', log: [...state.log, stamp] };
    if (action === 'resume') return { ...state, status: 'running', stepStartedAt: now, log: [...state.log, stamp] };
    return {
      ...state,
      status: 'aborted',
      pending: {
        kind: 'abort',
        reason: `rollout aborted by hand${who.reason ? `: ${who.reason}` : ''}`,
        actor: who.actor,
      },
      log: [...state.log, stamp],
    };
  });
  return [stamp, ...(changed.pending ? await finishPending(scope, remote, changed.version) : [])];
}

/** Looks at a rollout until it ends, printing what each look did; resolves with how it ended. */
export async function watchRollout(
  scope: ReleaseScope,
  remote: string,
  print: (line: string) => void,
): Promise<RolloutEnding> {
  const { store, env } = scope;
  for (;;) {
    try {
      for (const line of await tickRollout(scope, remote)) print(line);
    } catch (error) {
      // Prometheus or the store unreachable for a moment: say so and look again.
      print(`✖ ${(error as Error).message}`);
    }
    const { value } = await readRollout(store, env, remote);
    if (isEnding(value.status) && !value.pending) return value.status;
    await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, Math.max(250, value.intervalMs / 4))));
  }
}

/** Does what the state says is pending (a manifest revision: the same if done twice), then clears it. */
async function finishPending(
  { store, env, options = {} }: ReleaseScope,
  remote: string,
  version: string,
  guard: { readonly expect?: number } = {},
): Promise<string[]> {
  const { value: state } = await readRollout(store, env, remote);
  const pending = state.pending;
  if (!pending) return [];
  // A step a person caused (an abort by hand) is theirs; the rest are the rollout's own.
  const by: Who = { actor: pending.actor ?? rolloutActor(state), reason: pending.reason };
  const { expect: _guardsTheStartOnly, ...how } = options;
  const guarded: ChangeOptions = { ...how, ...(guard.expect !== undefined ? { expect: guard.expect } : {}) };
  const lines = await canary(
    { store, env, who: by, options: guarded },
    pending.kind === 'share' ? `${remote}@${version}` : remote,
    pending.kind === 'share' ? { kind: 'share', percent: pending.percent } : { kind: pending.kind },
  ).catch((error: unknown) => {
    // Already done by an earlier try (no canary left to promote or abort, or the share already set): nothing more to do.
    if ((error as ReleaseError).code === 'RELEASE_NOT_FOUND' && pending.kind !== 'share')
      return [`✔ ${env}: ${pending.kind} was already done`];
    if ((error as ReleaseError).code === 'RELEASE_NOTHING_TO_DO')
      return [`✔ ${env}: ${pending.kind === 'share' ? `${pending.percent} %` : pending.kind} was already done`];
    throw error;
  });
  // Its own change is where later looks start comparing from (changedByOthers).
  const revision = (await readCurrent(store, env))?.revision;
  await updateRollout(store, env, remote, (current) => ({ ...current, ...(revision ? { revision } : {}) }), {
    clearPending: true,
  });
  return lines;
}

/** Someone else's change to the rollout's remote since its own last one: the revisions, and what they did. */
interface Overridden {
  readonly why: string;
  readonly revisions: readonly Revision[];
}

/**
 * What someone else changed of the rollout's remote since its own last change (a rollback, a
 * deploy, a canary set or removed by hand, a promote), or null: the remote's entry in the manifest
 * is not what the rollout left. A change to other remotes does not count.
 */
async function changedByOthers(store: ObjectStore, env: string, state: RolloutState): Promise<Overridden | null> {
  if (state.revision === undefined) return null;
  const current = await readCurrent(store, env);
  if (!current || current.revision === state.revision) return null;
  const entryIn = (remotes: readonly { name: string }[]) =>
    JSON.stringify(remotes.find((entry) => entry.name === state.remote) ?? null);
  const left = await readRevision(store, env, state.revision);
  if (entryIn(left.manifest.remotes) === entryIn(current.remotes)) return null;
  const since = await Promise.all(
    Array.from({ length: current.revision - state.revision }, (_, i) =>
      readRevision(store, env, state.revision! + i + 1),
    ),
  );
  const by = since
    .map(
      (revision) =>
        `revision ${revision.revision} (${describeAction(revision.action)} by ${revision.actor}${revision.reason ? `: ${revision.reason}` : ''})`,
    )
    .join(', ');
  return {
    why: `${state.remote} was changed by someone else since its revision ${state.revision}: ${by}; the rollout does not write over it`,
    revisions: since,
  };
}

/**
 * A look that finds its remote changed by someone else (whose command did not stop it, or stopped
 * before it could): the rollout stops, and its candidate, if still live and not set by hand since,
 * goes with it (rollout-stop.ts says the same for a person's command).
 */
async function stopOverridden(
  scope: ReleaseScope,
  state: RolloutState,
  overridden: Overridden,
  now: number,
): Promise<string[]> {
  const { store, env } = scope;
  const candidate = (await readCurrent(store, env))?.remotes.find((entry) => entry.name === state.remote)?.candidate;
  const ours = candidate && canaryVersion(state.remote, candidate) === state.version;
  const setByHand = overridden.revisions.some(
    (revision) => revision.action.verb === 'canary' && revision.action.remote === state.remote,
  );
  const removing = ours && !setByHand;
  const fate = removing
    ? `; its candidate at ${candidate.percent} % goes with it`
    : ours
      ? `; its candidate stays at ${candidate.percent} % as set by hand, judged by nothing until a person promotes or aborts it`
      : '';
  const stopped = await updateRollout(store, env, state.remote, (current) => ({
    ...current,
    status: 'stopped',
    ...(removing ? { pending: { kind: 'abort', reason: `rollout stopped: ${overridden.why}${fate}` } as const } : {}),
    log: [...current.log, `${new Date(now).toISOString()} stopped: ${overridden.why}${fate}`],
  }));
  return [stopped.log.at(-1)!, ...(removing ? await finishPending(scope, state.remote, state.version) : [])];
}
