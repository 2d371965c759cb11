// Whether a canary's candidate may move on, must go back, or needs more loads, from loads and
// errors counted per side (decision 0013 explains the choice and its simulated error rates).
//
// Errors are counted per load (a load may have several), so each side is a Poisson count over its
// loads, rate = errors / loads. A rollout looks at the counts at every tick, so each decision uses a
// confidence interval that stays valid however often it is looked at (an always-valid interval from
// a normal mixture sequential probability ratio test, as guarded-rollout products use; Johari et al.,
// "Always valid inference", 2017): for an estimate with variance V and a mixing variance τ²,
//
//     radius = sqrt( V (V + τ²) / τ² · (2 ln(1/α) + ln((V + τ²) / V)) )
//
// and the probability that the interval ever excludes the true value, at any tick, is at most α.
//
// - **Worse** (roll back): the candidate's rate minus the stable one is above 0 with confidence (the
//   interval's lower end is above 0), or the candidate's own rate is above the ceiling with confidence.
// - **Not worse** (promote the step): the difference is below the margin with confidence (the upper
//   end is below `margin`: non-inferiority), and the candidate has had `minLoads` loads.
// - Otherwise: wait for more loads. Absence of evidence never promotes.

/** Loads and errors counted on one side (candidate or stable). */
export interface SideCounts {
  readonly loads: number;
  readonly errors: number;
}

export interface AnalysisRule {
  /** Loads the candidate needs before a step may be promoted (default 100). */
  readonly minLoads: number;
  /** Errors per load the candidate may be worse than stable by and still be promoted (default 0.01). */
  readonly margin: number;
  /**
   * Instead of `margin`: the share of stable's own rate the candidate may be worse by (`--margin 50%`
   * is 0.5), never below RELATIVE_MARGIN_FLOOR. An absolute margin lets a candidate twice as bad as a
   * stable build failing 0.5 % through; a relative one scales with how well stable does.
   */
  readonly relativeMargin?: number;
  /** Errors per load the candidate may never be shown to exceed, whatever stable does (default 0.05). */
  readonly ceiling: number;
  /** The chance each decision is wrong, however often the rollout looks (default 0.05). */
  readonly alpha: number;
}

export const DEFAULT_RULE: AnalysisRule = { minLoads: 100, margin: 0.01, ceiling: 0.05, alpha: 0.05 };

/** A relative margin's least absolute size: stable failing nothing yet must not make promotion impossible. */
export const RELATIVE_MARGIN_FLOOR = 0.001;

/** The margin a decision uses: the absolute one, or the relative one applied to stable's rate so far. */
export function marginFor(rule: AnalysisRule, stable: SideCounts): number {
  return rule.relativeMargin === undefined
    ? rule.margin
    : Math.max(rule.relativeMargin * rate(stable), RELATIVE_MARGIN_FLOOR);
}

export type Verdict =
  | { readonly kind: 'wait'; readonly why: string }
  | { readonly kind: 'healthy'; readonly why: string }
  | { readonly kind: 'worse'; readonly why: string };

/**
 * Mixing variances: the size of the effects each test is quickest to see. Rollbacks are tuned for
 * large regressions (a tenth of loads failing is seen within dozens of loads); promotion for
 * differences of the margin's size (a candidate as good as stable is promoted within a few hundred).
 */
export const REGRESSION_MIX = 0.1 ** 2;

/** Always-valid radius for an estimate of variance `variance` (see the module's comment). */
export function radius(variance: number, mix: number, alpha: number): number {
  if (variance <= 0) return 0;
  return Math.sqrt(
    ((variance * (variance + mix)) / mix) * (2 * Math.log(1 / alpha) + Math.log((variance + mix) / variance)),
  );
}

const rate = (side: SideCounts) => (side.loads > 0 ? side.errors / side.loads : 0);
/** A rate's variance over its loads, smoothed (half an error) so that no errors yet is not certainty. */
export const variance = (side: SideCounts) =>
  side.loads > 0 ? (side.errors + 0.5) / (side.loads + 1) / side.loads : Infinity;
const figures = (label: string, side: SideCounts) =>
  `${label} ${rate(side).toFixed(3)} errors per load (${side.errors}/${side.loads})`;
const range = (low: number, high: number) =>
  `[${Number.isFinite(low) ? low.toFixed(3) : '−∞'}, ${Number.isFinite(high) ? high.toFixed(3) : '∞'}]`;

export function judge(candidate: SideCounts, stable: SideCounts, given: Partial<AnalysisRule> = {}): Verdict {
  const rule = { ...DEFAULT_RULE, ...given };
  const margin = marginFor(rule, stable);
  const both = `${figures('candidate', candidate)}, ${figures('stable', stable)}`;
  if (candidate.loads === 0) return { kind: 'wait', why: `no candidate loads yet: ${both}` };
  const difference = rate(candidate) - rate(stable);
  const differenceVariance = variance(candidate) + (stable.loads > 0 ? variance(stable) : 0);
  const worseRadius = radius(differenceVariance, REGRESSION_MIX, rule.alpha);
  const ceilingRadius = radius(variance(candidate), REGRESSION_MIX, rule.alpha);
  const promoteRadius = radius(differenceVariance, margin ** 2, rule.alpha);
  const shown = `difference ${difference.toFixed(3)}, interval ${range(difference - promoteRadius, difference + promoteRadius)} (${(1 - rule.alpha) * 100} %, valid at every look; promoted below ${Number(margin.toFixed(4))}${rule.relativeMargin === undefined ? '' : `, ${rule.relativeMargin * 100} % of stable's rate`})`;
  if (difference - worseRadius > 0)
    return {
      kind: 'worse',
      why: `${both}; worse than stable: the difference is above 0 with confidence, ${range(difference - worseRadius, difference + worseRadius)}`,
    };
  if (rate(candidate) - ceilingRadius > rule.ceiling)
    return {
      kind: 'worse',
      why: `${both}; above the ceiling of ${rule.ceiling} errors per load with confidence, ${range(rate(candidate) - ceilingRadius, rate(candidate) + ceilingRadius)}`,
    };
  if (stable.loads === 0) return { kind: 'wait', why: `no stable loads to compare with yet: ${both}` };
  if (difference + promoteRadius >= margin)
    return { kind: 'wait', why: `not yet shown within the margin: ${both}; ${shown}` };
  if (candidate.loads < rule.minLoads)
    return {
      kind: 'wait',
      why: `${candidate.loads} of the ${rule.minLoads} candidate loads needed: ${both}; ${shown}`,
    };
  return { kind: 'healthy', why: `${both}; ${shown}` };
}

/** What a step does when it has lasted its longest time and nothing was decided (`--at-max-step`). */
export type AtLongest = 'promote' | 'rollback' | 'wait';

/**
 * The verdict once a step has lasted its longest time and nothing was decided, the candidate having
 * had its `minLoads`: with `promote`, on only if its estimate is within the margin (its estimated
 * difference from stable below the margin), else back (estimated worse than the margin allows,
 * though not shown so); with `rollback`, back; with `wait`, no verdict. Too few loads always waits.
 * This bounds how long a healthy candidate takes at modest traffic, at the price of promoting small
 * regressions the traffic cannot show (decision 0013's amendment has the simulated rates).
 */
export function judgeAtLongest(
  candidate: SideCounts,
  stable: SideCounts,
  at: AtLongest,
  given: Partial<AnalysisRule> = {},
): Verdict {
  const rule = { ...DEFAULT_RULE, ...given };
  const both = `${figures('candidate', candidate)}, ${figures('stable', stable)}`;
  if (at === 'wait' || candidate.loads < rule.minLoads)
    return { kind: 'wait', why: `the step's longest time is past: ${both}` };
  const difference = rate(candidate) - rate(stable);
  const margin = marginFor(rule, stable);
  if (at === 'rollback' || difference >= margin)
    return {
      kind: 'worse',
      why: `nothing shown in the step's longest time${at === 'rollback' ? '' : `, and estimated worse than stable by ${difference.toFixed(3)}, outside the margin of ${Number(margin.toFixed(4))}`}: ${both}`,
    };
  return {
    kind: 'healthy',
    why: `not shown worse in the step's longest time, and estimated within the margin of ${Number(margin.toFixed(4))} (difference ${difference.toFixed(3)}): ${both}`,
  };
}

/**
 * About how many more candidate loads the rule needs before it can promote, were both sides to go
 * on failing as they do so far (loads growing at the split seen so far): 0 when it could now,
 * Infinity when it never could at these rates (the candidate is estimated worse than the margin).
 */
export function moreLoadsNeeded(candidate: SideCounts, stable: SideCounts, given: Partial<AnalysisRule> = {}): number {
  const rule = { ...DEFAULT_RULE, ...given };
  if (candidate.loads === 0 || stable.loads === 0) return Infinity;
  if (judge(candidate, stable, rule).kind === 'healthy') return 0;
  for (let factor = 1.05; factor < 100_000; factor *= 1.05) {
    const scale = (side: SideCounts) => ({
      loads: Math.round(side.loads * factor),
      errors: Math.round(side.errors * factor),
    });
    const scaled = scale(candidate);
    if (judge(scaled, scale(stable), rule).kind === 'healthy')
      return Math.max(scaled.loads, rule.minLoads) - candidate.loads;
  }
  return Infinity;
}

/**
 * About how many candidate loads a step needs before a candidate as good as stable is promoted,
 * when both sides fail `errorRate` of their loads and the candidate has `share` of them (the docs'
 * table; the rule's interval must close within the margin).
 */
export function loadsToPromote(errorRate: number, share: number, given: Partial<AnalysisRule> = {}): number {
  const rule = { ...DEFAULT_RULE, ...given };
  for (let loads = 10; loads < 10_000_000; loads = Math.ceil(loads * 1.05)) {
    const stableLoads = Math.round((loads * (1 - share)) / share);
    const candidate = { loads, errors: Math.round(errorRate * loads) };
    const stable = { loads: stableLoads, errors: Math.round(errorRate * stableLoads) };
    if (judge(candidate, stable, rule).kind === 'healthy') return loads;
  }
  return Infinity;
}
