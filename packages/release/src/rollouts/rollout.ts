// A rollout moves one remote's canary through shares of browsers (5, 25, 50, 100 %), judging the
// candidate against the stable build from Prometheus after each interval: on to the next share
// when it is not worse, back to the stable build on its own when it is (analysis.ts), stable
// itself after the last share. Its state lives in the store (envs/<env>/rollouts/<remote>.json),
// written by compare-and-swap, so a tick can run from anywhere (a CI job, a CronJob, `--watch`),
// be stopped and started again, and two ticks never act twice: a tick first records what it is
// about to do (`pending`), then does it (a manifest revision, which is the same if done twice),
// then clears it; a tick that finds something pending finishes it first.

import { judge, judgeAtLongest, moreLoadsNeeded, type SideCounts } from './analysis';
import { versionedTarget } from '../store/target';
import { recordAudit } from '../store/audit';
import { rolloutStep } from '../environments/apply';
import type { ReleaseScope, Who } from '../environments/who';
import { ReleaseError } from '../errors';
import { checkEnv, jsonBytes, readJson, readSettings, requireReasonGiven } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { checkPrometheus, countsBetween } from './prometheus';
import { canaryVersion, versionOf } from '../environments/diff';
import { formatDuration } from '../durations';
import {
  describeAction,
  readCurrent,
  readRevision,
  sameRollout,
  type Revision,
  type RolloutRef,
  type ServedManifest,
} from '../environments/revisions';
import { readPolicy, resolvePolicy, type PolicyChoices } from './rollout-policy';
import { markStopped, rolloutActor, rolloutRef } from './rollout-stop';
import {
  readRollout,
  isEnding,
  HOLD_LIMIT_MS,
  LIVE,
  MAX_STEP_MS,
  rolloutKey,
  TERMINAL,
  updateRollout,
  type Look,
  type Pending,
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
  const head = await readCurrent(store, env);
  // `--expect` is checked before anything is written: a refused start leaves the store as it was.
  if (how.expect !== undefined && (head?.revision ?? 0) !== how.expect)
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${env} is at revision ${head?.revision ?? 0}, not ${how.expect} as expected. Nothing was changed by this command; look at \`mfe-release history --env ${env}\` and run it again with --expect ${head?.revision ?? 0} if it still applies.`,
    );
  const stable = head?.remotes.find((entry) => entry.name === remote);
  const versions = { candidate: version, ...(stable ? { stable: versionOf(stable) } : {}) };
  // Prometheus must answer before anything changes: a rollout that cannot judge must not start.
  await checkPrometheus(prometheus, remote, now, how.fetchImpl);
  if (how.dryRun) {
    // What the first share would do, checked as its host will read it; no rollout is written.
    const { lines } = await rolloutStep(
      scope,
      { remote, version, startedAt: now },
      { kind: 'share', percent: steps[0]! },
      'rollout',
    );
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
      judgedRevision: head?.revision ?? 0,
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
  const outcome = await finishPending(scope, rolloutRef(state)).catch((error: unknown) => ({ refused: error }));
  if ('lines' in outcome && !outcome.lost) return outcome.lines;
  // The first share was refused (its check failed) or lost to another change: the rollout never
  // began, and the store is left as it was (the previous rollout's record, if any, put back).
  await restoreRecord(store, rolloutKey(env, remote), existing?.value ?? null);
  if ('refused' in outcome) throw outcome.refused;
  throw new ReleaseError(
    'RELEASE_CONFLICT',
    `${env} changed while the rollout of ${remote}@${version} started (${outcome.lost}). Nothing was changed by this command; look at \`mfe-release history --env ${env}\` and run it again if it still applies.`,
  );
}

/** Puts a rollout's record back as it was before a start that did not begin (absent: removed). */
async function restoreRecord(store: ObjectStore, key: string, previous: RolloutState | null): Promise<void> {
  const ours = await store.get(key);
  if (!ours) return;
  if (previous) await store.replace(key, jsonBytes(previous), 'application/json', ours.etag);
  // A record that never began decides nothing: removing it is not losing a state.
  else await store.remove(key);
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
  if (found.value.pending) return (await finishPending(scope, rolloutRef(found.value))).lines;
  const state = found.value;
  if (state.status !== 'running')
    return [`rollout of ${remote}@${state.version} in ${env} is ${state.status}; nothing to do`];
  const now = (how.now ?? Date.now)();
  // The environment as this look judges it: its step commits only if it is still so.
  const current = await readCurrent(store, env);
  const judgedRevision = current?.revision ?? 0;
  const overridden = await changedByOthers(store, env, state, current);
  if (overridden) {
    // A person's revision that stopped this rollout says so itself: a look that sees it before
    // their command marked the rollout (or after the command died) finishes their stop, in their
    // words, rather than stopping it a second time in its own.
    const theirs = overridden.revisions.find((revision) =>
      revision.stopped?.some((stopped) => stopped.remote === remote && stopped.version === state.version),
    );
    if (!theirs) return stopOverridden(scope, state, overridden, now, judgedRevision);
    await markStopped(store, env, theirs, now);
    return [(await readRollout(store, env, remote)).value.log.at(-1)!];
  }
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
  const judgedStep = {
    judgedRevision,
    before: { status: state.status, step: state.step, stepStartedAt: state.stepStartedAt },
  };
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
      pending: { kind: 'abort', reason: `rollout: rolled back automatically, ${verdict.why}`, ...judgedStep },
      log: [...state.log, ...back, `${stamp}: worse, rolled back; ${verdict.why}`],
    };
  else if (state.step === state.steps.length - 1)
    next = {
      ...looked,
      status: 'promoted',
      pending: { kind: 'promote', reason: `rollout: healthy at 100 %, now stable; ${verdict.why}`, ...judgedStep },
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
        ...judgedStep,
      },
      log: [...state.log, ...back, `${stamp}: healthy, on to ${share} %; ${verdict.why}`],
    };
  }
  if (!(await store.replace(rolloutKey(env, remote), jsonBytes(next), 'application/json', found.etag)))
    return [`another tick of this rollout acted at the same moment; nothing done here`];
  if (!next.pending) return [next.log.at(-1)!];
  return [next.log.at(-1)!, ...(await finishPending(scope, rolloutRef(state))).lines];
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
    const judgedRevision = (await readCurrent(store, env))?.revision ?? 0;
    await updateRollout(store, env, state.remote, (current) => ({
      ...current,
      status: 'gave-up',
      pending: {
        kind: 'abort',
        reason: `rollout: back to the stable build, ${why}`,
        judgedRevision,
        before: { status: current.status, step: current.step, stepStartedAt: current.stepStartedAt },
      },
      log: [...current.log, `${stamp}: gave up, back to the stable build; ${why}`],
    }));
    return [
      `${stamp}: gave up, back to the stable build; ${why}`,
      ...(await finishPending(scope, rolloutRef(state))).lines,
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
  return [stamp, ...(changed.pending ? (await finishPending(scope, rolloutRef(changed))).lines : [])];
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

/**
 * Does what the state says is pending as one manifest revision, then clears it. A person's step (an
 * abort by hand) lands on whatever is current. The rollout's own steps land only on the revision
 * they were judged on; one that lost to someone else's revision takes nothing, says so in the
 * rollout's log, and puts the rollout back as it was before the step (`lost`: why), unless a person
 * has acted on the rollout since, whose action stands. Done twice (a look that stopped half-way is
 * finished by the next), it finds its own revision and does nothing more.
 */
async function finishPending(
  scope: ReleaseScope,
  ref: RolloutRef,
): Promise<{ readonly lines: string[]; readonly lost?: string }> {
  const { store, env, options = {} } = scope;
  const { value: state } = await readRollout(store, env, ref.remote);
  const pending = state.pending;
  if (!pending || !sameRollout(rolloutRef(state), ref)) return { lines: [] };
  const byPerson = pending.actor !== undefined;
  const by: Who = { actor: pending.actor ?? rolloutActor(state), reason: pending.reason };
  // `--expect` is the start's own guard (startRollout); each step has the revision it was judged on.
  const { expect: _startOnly, ...how } = options;
  const expect = byPerson ? undefined : pending.judgedRevision;
  const step =
    pending.kind === 'share' ? ({ kind: 'share', percent: pending.percent } as const) : { kind: pending.kind };
  let lines: string[];
  let revision: number | undefined;
  try {
    const result = await rolloutStep(
      { store, env, who: by, options: { ...how, ...(expect !== undefined ? { expect } : {}) } },
      ref,
      step,
      byPerson ? 'person' : 'rollout',
    );
    lines = result.lines;
    revision = result.revision?.revision;
  } catch (error) {
    const code = (error as ReleaseError).code;
    if (code === 'RELEASE_CONFLICT' && expect !== undefined) {
      const done = await ownRevisionSince(store, env, ref, pending, expect);
      if (!done) return lostStep(scope, ref, pending, expect);
      lines = [`✔ ${env}: ${describeAction(done.action)} was already done (revision ${done.revision})`];
      revision = done.revision;
    } else if (code === 'RELEASE_NOT_FOUND' && pending.kind !== 'share') {
      // No canary left to promote or abort: already done.
      lines = [`✔ ${env}: ${pending.kind} was already done`];
    } else if (code === 'RELEASE_NOTHING_TO_DO') {
      lines = [`✔ ${env}: ${pending.kind === 'share' ? `${pending.percent} %` : pending.kind} was already done`];
    } else throw error;
  }
  // Its own change is where later looks start comparing from (changedByOthers): the revision it
  // made, never one read afterwards (which could be someone else's, unseen).
  const own = revision ?? expect ?? (await readCurrent(store, env))?.revision;
  await updateRollout(store, env, ref.remote, (current) =>
    ownStep(current, ref, pending)
      ? { ...withoutPending(current), ...(own !== undefined ? { revision: own } : {}) }
      : current,
  );
  return { lines };
}

/** Whether a stored state still holds this rollout's step (nobody acted on the rollout since). */
const ownStep = (state: RolloutState, ref: RolloutRef, pending: Pending): boolean =>
  sameRollout(rolloutRef(state), ref) && JSON.stringify(state.pending) === JSON.stringify(pending);

const withoutPending = ({ pending: _done, ...state }: RolloutState): RolloutState => state;

/** The revision this rollout's step made since the revision it was judged on, if an earlier try made it. */
async function ownRevisionSince(
  store: ObjectStore,
  env: string,
  ref: RolloutRef,
  pending: Pending,
  judged: number,
): Promise<Revision | null> {
  const head = (await readCurrent(store, env))?.revision ?? 0;
  const verb = { share: 'canary', promote: 'canary-promote', abort: 'canary-abort' }[pending.kind];
  for (let number = judged + 1; number <= head; number += 1) {
    const revision = await readRevision(store, env, number);
    if (!sameRollout(revision.rollout, ref) || revision.action.verb !== verb) continue;
    if (pending.kind === 'share' && revision.action.verb === 'canary' && revision.action.percent !== pending.percent)
      continue;
    return revision;
  }
  return null;
}

/**
 * A step that lost to someone else's revision: said in the rollout's log, and the rollout put back
 * as it was before it (if nobody acted on the rollout meanwhile) for its next look to judge again,
 * or stop if that revision changed its remote.
 */
async function lostStep(
  { store, env }: ReleaseScope,
  ref: RolloutRef,
  pending: Pending,
  judged: number,
): Promise<{ readonly lines: string[]; readonly lost: string }> {
  const head = (await readCurrent(store, env))?.revision ?? judged;
  const winners = await Promise.all(
    Array.from({ length: Math.max(0, head - judged) }, (_, i) => readRevision(store, env, judged + i + 1)),
  );
  const byWhom = winners.length
    ? winners
        .map((revision) => `revision ${revision.revision} (${describeAction(revision.action)} by ${revision.actor})`)
        .join(', ')
    : `${env}'s manifest changed`;
  const what = pending.kind === 'share' ? `the step to ${pending.percent} %` : `the ${pending.kind}`;
  const line = `${new Date().toISOString()} ${what}, judged on revision ${judged}, lost to ${byWhom}: nothing taken`;
  await updateRollout(store, env, ref.remote, (current) => {
    // Another rollout of the remote since: this one's log is not there to write in.
    if (!sameRollout(rolloutRef(current), ref)) return current;
    // Still this step's: back to where it was before it, to be judged again. Otherwise a person
    // acted on the rollout since (an abort, a pause), and what they did stands.
    if (ownStep(current, ref, pending))
      return { ...withoutPending(current), ...pending.before, log: [...current.log, line] };
    return { ...current, log: [...current.log, line] };
  });
  return { lines: [line], lost: byWhom };
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
async function changedByOthers(
  store: ObjectStore,
  env: string,
  state: RolloutState,
  current: ServedManifest | null,
): Promise<Overridden | null> {
  if (state.revision === undefined || !current) return null;
  const entryIn = (remotes: readonly { name: string }[]) =>
    JSON.stringify(remotes.find((entry) => entry.name === state.remote) ?? null);
  // Compared with what is served, not only with the revision number: a hand edit of the served
  // manifest makes no revision, and is a change all the same.
  const left = await readRevision(store, env, state.revision);
  if (entryIn(left.manifest.remotes) === entryIn(current.remotes)) return null;
  const since = await Promise.all(
    Array.from({ length: Math.max(0, current.revision - state.revision) }, (_, i) =>
      readRevision(store, env, state.revision! + i + 1),
    ),
  );
  const recorded = since.at(-1)?.manifest ?? left.manifest;
  const byHand =
    entryIn(recorded.remotes) !== entryIn(current.remotes)
      ? [`an edit of envs/${env}/manifest.json that no revision records`]
      : [];
  const by = [
    ...since.map(
      (revision) =>
        `revision ${revision.revision} (${describeAction(revision.action)} by ${revision.actor}${revision.reason ? `: ${revision.reason}` : ''})`,
    ),
    ...byHand,
  ].join(', ');
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
  judgedRevision: number,
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
  let acted = false;
  const stopped = await updateRollout(store, env, state.remote, (current) => {
    // Someone else (a person's command, another look) ended it since this look read it: theirs stands.
    if (!sameRollout(rolloutRef(current), rolloutRef(state)) || !LIVE.includes(current.status)) return current;
    acted = true;
    return {
      ...current,
      status: 'stopped',
      ...(removing
        ? {
            pending: {
              kind: 'abort',
              reason: `rollout stopped: ${overridden.why}${fate}`,
              judgedRevision,
              before: { status: current.status, step: current.step, stepStartedAt: current.stepStartedAt },
            } as const,
          }
        : {}),
      log: [...current.log, `${new Date(now).toISOString()} stopped: ${overridden.why}${fate}`],
    };
  });
  if (!acted) return [`rollout of ${state.remote}@${state.version} in ${env} is ${stopped.status}; nothing to do`];
  return [stopped.log.at(-1)!, ...(removing ? (await finishPending(scope, rolloutRef(state))).lines : [])];
}
