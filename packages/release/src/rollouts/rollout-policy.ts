/**
 * An environment's rollout policy (envs/<env>/rollout-policy.json): the shares, how long each lasts
 * at least and at most, what happens then, and the rule a step is judged by. `rollout start` takes
 * the built-in defaults, then the environment's policy, then its own options, each over the last;
 * the policy is set with `mfe-release policy --env <env> …` and recorded in the audit log. A busy
 * production can judge by a margin relative to stable's rate while a quiet staging keeps the
 * absolute one (decision 0013's amendment has the simulated rates of each).
 */
import { DEFAULT_RULE, type AnalysisRule, type AtLongest } from './analysis';
import { recordAudit } from '../store/audit';
import type { ReleaseScope } from '../environments/who';
import { ReleaseError } from '../errors';
import { formatDuration } from '../durations';
import { checkEnv, jsonBytes, KEYS, readJson, readSettings, requireReasonGiven } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { HOLD_LIMIT_MS, MAX_STEP_MS } from './rollout-state';

export interface RolloutPolicy {
  readonly steps: readonly number[];
  /** A share's shortest time: it is judged only after this long. */
  readonly intervalMs: number;
  readonly rule: AnalysisRule;
  /** How long it may go without figures before going back to the stable build. */
  readonly holdLimitMs: number;
  /** A share's longest time, and what it does then with nothing decided (judgeAtLongest). */
  readonly maxStepMs: number;
  readonly atMaxStep: AtLongest;
}

export const DEFAULT_POLICY: RolloutPolicy = {
  steps: [5, 25, 50, 100],
  intervalMs: 10 * 60_000,
  rule: DEFAULT_RULE,
  holdLimitMs: HOLD_LIMIT_MS,
  maxStepMs: MAX_STEP_MS,
  atMaxStep: 'promote',
};

/** What an environment or a command line chooses; what it leaves out comes from the layer below. */
export interface PolicyChoices {
  readonly steps?: readonly number[];
  readonly intervalMs?: number;
  readonly minLoads?: number;
  /** An absolute margin; choosing it drops a relative one chosen below, and the other way round. */
  readonly margin?: number;
  readonly relativeMargin?: number;
  readonly ceiling?: number;
  readonly alpha?: number;
  readonly holdLimitMs?: number;
  readonly maxStepMs?: number;
  readonly atMaxStep?: AtLongest;
}

export function checkSteps(steps: readonly number[]): readonly number[] {
  if (
    steps.length === 0 ||
    steps.some((step, index) => !(step > 0 && step <= 100) || (index > 0 && step <= steps[index - 1]!)) ||
    steps.at(-1) !== 100
  )
    throw new ReleaseError(
      'RELEASE_USAGE',
      `--steps must be rising shares that end at 100 (such as 5,25,50,100), not ${steps.join(',')}.`,
    );
  return steps;
}

/** Each layer of choices over the one before (mergeChoices), then over the defaults. */
export function resolvePolicy(...layers: readonly (PolicyChoices | undefined)[]): RolloutPolicy {
  const chosen = layers.reduce<PolicyChoices>((below, layer) => {
    if (layer?.steps) checkSteps(layer.steps);
    return layer ? mergeChoices(below, layer) : below;
  }, {});
  const { steps, intervalMs, holdLimitMs, maxStepMs, atMaxStep, ...rule } = chosen;
  return {
    steps: steps ?? DEFAULT_POLICY.steps,
    intervalMs: intervalMs ?? DEFAULT_POLICY.intervalMs,
    holdLimitMs: holdLimitMs ?? DEFAULT_POLICY.holdLimitMs,
    maxStepMs: maxStepMs ?? DEFAULT_POLICY.maxStepMs,
    atMaxStep: atMaxStep ?? DEFAULT_POLICY.atMaxStep,
    rule: { ...DEFAULT_POLICY.rule, ...rule },
  };
}

/**
 * `choices` over `below`, leaving out what `choices` does not say; a margin of either kind (absolute
 * or relative to stable's rate) replaces the other below it.
 */
function mergeChoices(below: PolicyChoices, choices: PolicyChoices): PolicyChoices {
  const given = definedOnly(choices);
  const marginGiven = given.margin !== undefined || given.relativeMargin !== undefined;
  const { margin, relativeMargin, ...kept } = below;
  return { ...kept, ...(marginGiven ? {} : definedOnly({ margin, relativeMargin })), ...given };
}

/** An object without its undefined entries (options not given, settings not chosen). */
export const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;

export async function readPolicy(store: ObjectStore, env: string): Promise<PolicyChoices | undefined> {
  return (await readJson<PolicyChoices>(store, KEYS.rolloutPolicy(checkEnv(env))))?.value;
}

/** One line per setting, saying where each comes from. */
export function describePolicy(env: string, chosen: PolicyChoices | undefined): string[] {
  const policy = resolvePolicy(chosen);
  const from = (key: keyof PolicyChoices) => (chosen?.[key] !== undefined ? `(${env}'s policy)` : '(default)');
  const margin =
    policy.rule.relativeMargin !== undefined
      ? `${policy.rule.relativeMargin * 100} % of stable's rate ${from('relativeMargin')}`
      : `${policy.rule.margin} errors per load ${from('margin')}`;
  return [
    `rollout policy of ${env}:`,
    `  steps ${policy.steps.join(' → ')} % ${from('steps')}`,
    `  each at least ${formatDuration(policy.intervalMs)} ${from('intervalMs')}, at most ${formatDuration(policy.maxStepMs)} ${from('maxStepMs')}, then ${policy.atMaxStep} ${from('atMaxStep')}`,
    `  promoted when shown within a margin of ${margin}, after ${policy.rule.minLoads} candidate loads ${from('minLoads')}`,
    `  rolled back above ${policy.rule.ceiling} errors per load ${from('ceiling')}; each decision wrong at most ${policy.rule.alpha * 100} % of the time ${from('alpha')}`,
    `  back to the stable build after ${formatDuration(policy.holdLimitMs)} without figures ${from('holdLimitMs')}`,
  ];
}

/**
 * `policy --env <env> [choices]`: with choices, merges them into the environment's policy (checked
 * by resolving it) and records the change; `reset` removes it. Without either, prints it.
 */
export async function setPolicy(
  { store, env, who, options: how = {} }: ReleaseScope,
  choices: PolicyChoices,
  options: { reset?: boolean },
): Promise<string[]> {
  checkEnv(env);
  const found = await readJson<PolicyChoices>(store, KEYS.rolloutPolicy(env));
  const before = found?.value;
  if (!options.reset && Object.keys(definedOnly(choices)).length === 0) return describePolicy(env, before);
  requireReasonGiven(await readSettings(store), env, who.reason);
  const after = options.reset ? undefined : mergeChoices(before ?? {}, choices);
  resolvePolicy(after); // refuses steps that cannot be
  if (how.dryRun) return [...describePolicy(env, after), 'dry run: nothing was written'];
  const written = after
    ? await store.replace(KEYS.rolloutPolicy(env), jsonBytes(after), 'application/json', found?.etag ?? null)
    : !found || (await store.remove(KEYS.rolloutPolicy(env)), true);
  if (!written)
    throw new ReleaseError(
      'RELEASE_CONFLICT',
      `${env}'s rollout policy changed while this ran: nothing was changed; run it again.`,
    );
  await recordAudit(store, {
    actor: who.actor,
    reason: who.reason,
    kind: 'settings',
    summary: after
      ? `${env}'s rollout policy set: ${JSON.stringify(definedOnly(choices))}`
      : `${env}'s rollout policy reset to the defaults`,
    details: { before: before ?? null, after: after ?? null },
  });
  return describePolicy(env, after);
}
