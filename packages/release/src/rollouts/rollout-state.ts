import type { AnalysisRule, AtLongest, SideCounts } from './analysis';
import { ReleaseError } from '../errors';
import { checkEnv, jsonBytes, readJson } from '../store/layout';
import type { ObjectStore } from '../store/object-store';

// A rollout's state in the store (envs/<env>/rollouts/<remote>.json), read and changed by
// compare-and-swap only, so ticks from anywhere never act twice (rollout.ts).

/**
 * `stopped`: someone else changed its remote while it ran (a rollback, deploy, canary, promote): it
 * never writes over them. `gave-up`: it had no figures for its hold limit and went back to stable.
 */
export type RolloutStatus = 'running' | 'paused' | 'promoted' | 'rolled-back' | 'aborted' | 'stopped' | 'gave-up';

/** How a rollout can end. */
export type RolloutEnding = Exclude<RolloutStatus, 'running' | 'paused'>;

/**
 * Each ending's stable code (printed on the last line, in parentheses, by `--watch` and `rollout
 * watch`) and exit status, so a pipeline can branch on how it ended (docs/operations/releases.md
 * lists them; a repository check keeps that table equal to this one).
 */
export const ENDINGS: Readonly<
  Record<RolloutEnding, { readonly code: string; readonly exit: number; readonly means: string }>
> = {
  promoted: {
    code: 'RELEASE_ROLLOUT_PROMOTED',
    exit: 0,
    means: 'healthy at every share: the candidate is the stable build',
  },
  'rolled-back': {
    code: 'RELEASE_ROLLOUT_ROLLED_BACK',
    exit: 3,
    means:
      "judged worse (shown so, above the ceiling, or estimated outside the margin at a share's longest time): back to the stable build",
  },
  aborted: {
    code: 'RELEASE_ROLLOUT_ABORTED',
    exit: 4,
    means: 'aborted by a person (or its first share was refused): back to the stable build',
  },
  stopped: {
    code: 'RELEASE_ROLLOUT_STOPPED',
    exit: 5,
    means:
      'someone else changed its remote: their change stands, and the candidate went with the rollout unless they set its share themselves',
  },
  'gave-up': {
    code: 'RELEASE_ROLLOUT_GAVE_UP',
    exit: 6,
    means: 'no figures for its hold limit (Prometheus down or unreadable): back to the stable build',
  },
};

/**
 * A step decided and not finished yet: a value, committed by rollout.ts's `finishPending` as one
 * manifest revision. `actor`: the person who caused it (an abort by hand), whose change lands on
 * whatever is current. The rollout's own steps carry `judgedRevision`, the environment's revision
 * they were judged on, and commit only on it (compare-and-swap): a step that loses to anyone
 * else's revision takes nothing and puts the rollout back as it was before the step (`before`),
 * for the next look to judge again (or to stop, when that change was to its remote).
 */
export type Pending = (
  | { readonly kind: 'share'; readonly percent: number; readonly reason: string }
  | { readonly kind: 'promote' | 'abort'; readonly reason: string }
) & {
  readonly actor?: string;
  readonly judgedRevision?: number;
  readonly before?: Pick<RolloutState, 'status' | 'step' | 'stepStartedAt'>;
};

/** One look's figures: what was judged, at which share, and the verdict (the console draws them). */
export interface Look {
  readonly at: number;
  readonly percent: number;
  readonly candidate: SideCounts;
  readonly stable: SideCounts;
  readonly verdict: 'wait' | 'healthy' | 'worse';
}

export interface RolloutState {
  readonly remote: string;
  readonly version: string;
  /** The stable build's version when the rollout started: the one the candidate is compared with. */
  readonly stableVersion?: string;
  readonly steps: readonly number[];
  readonly step: number;
  readonly intervalMs: number;
  readonly prometheus: string;
  readonly rule: AnalysisRule;
  readonly startedAt: number;
  readonly stepStartedAt: number;
  readonly status: RolloutStatus;
  readonly actor: string;
  readonly pending?: Pending;
  /** The environment's revision after the rollout's own last change (what a later look compares with). */
  readonly revision?: number;
  /** Since when, and why, its looks have had no figures (Prometheus down or answering garbage). */
  readonly held?: { readonly since: number; readonly why: string };
  /** How long it may be held before it gives up and goes back to the stable build (HOLD_LIMIT_MS). */
  readonly holdLimitMs?: number;
  /** A share's longest time (MAX_STEP_MS), and what it does then with nothing decided (judgeAtLongest). */
  readonly maxStepMs?: number;
  readonly atMaxStep?: AtLongest;
  readonly log: readonly string[];
  /** The looks that had figures (rollout.ts keeps one a minute while nothing changes). */
  readonly looks?: readonly Look[];
}

/** A share's longest time by default: a healthy candidate at modest traffic completes in hours, not never. */
export const MAX_STEP_MS = 2 * 60 * 60_000;

/** How long a rollout may go without figures before it goes back to the stable build by default. */
export const HOLD_LIMIT_MS = 60 * 60_000;

export const rolloutsOf = (env: string) => `envs/${env}/rollouts/`;
export const rolloutKey = (env: string, remote: string) => `${rolloutsOf(env)}${remote}.json`;
export const TERMINAL: readonly RolloutStatus[] = Object.keys(ENDINGS) as RolloutEnding[];

export const isEnding = (status: RolloutStatus): status is RolloutEnding => TERMINAL.includes(status);

/** Rollouts that still judge or may again (running or paused): the ones a person's change stops. */
export const LIVE: readonly RolloutStatus[] = ['running', 'paused'];

export async function readRollout(
  store: ObjectStore,
  env: string,
  remote: string,
): Promise<{ value: RolloutState; etag: string }> {
  const found = await readJson<RolloutState>(store, rolloutKey(checkEnv(env), remote));
  if (!found)
    throw new ReleaseError(
      'RELEASE_NOT_FOUND',
      `No rollout of ${remote} in ${env}: start one with \`rollout start ${remote}@<version> --env ${env} …\`.`,
    );
  return found;
}

export async function updateRollout(
  store: ObjectStore,
  env: string,
  remote: string,
  change: (state: RolloutState) => RolloutState,
  options: { clearPending?: boolean } = {},
): Promise<RolloutState> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const found = await readRollout(store, env, remote);
    const next = change(found.value);
    if (next === found.value && !options.clearPending) return next;
    const written = options.clearPending ? (({ pending: _done, ...rest }) => rest)(next) : next;
    if (await store.replace(rolloutKey(env, remote), jsonBytes(written), 'application/json', found.etag))
      return written;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
  }
  throw new ReleaseError('RELEASE_CONFLICT', `The rollout of ${remote} in ${env} kept changing; try again.`);
}

export async function rolloutStatus(store: ObjectStore, env: string, remote: string): Promise<string[]> {
  const { value: state } = await readRollout(store, env, remote);
  const ending = isEnding(state.status) ? ` (${ENDINGS[state.status].code})` : '';
  return [
    `${remote}@${state.version} in ${env}: ${state.status}${ending}, at ${state.steps[state.step]} % (steps ${state.steps.join(' → ')} %)`,
    ...state.log.map((line) => `  ${line}`),
  ];
}

/** `rollout status --json`: the stored state, with its environment, current share and ending (code, exit status). */
export async function rolloutStatusData(
  store: ObjectStore,
  env: string,
  remote: string,
): Promise<
  RolloutState & {
    readonly env: string;
    readonly percent: number;
    readonly ending: (typeof ENDINGS)[RolloutEnding] | null;
  }
> {
  const { value: state } = await readRollout(store, env, remote);
  return {
    env,
    ...state,
    percent: state.steps[state.step]!,
    ending: isEnding(state.status) ? ENDINGS[state.status] : null,
  };
}
