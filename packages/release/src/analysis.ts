/**
 * Whether a canary's candidate is worse than the stable build, from loads and errors counted per
 * side (decision 0013 explains the choice).
 *
 * Errors are counted per load (a load may have several), so each side's errors are treated as a
 * Poisson count over its loads, with rate = errors / loads. The candidate is worse when its rate
 * exceeds the stable one by more than `margin` (errors per load) and that excess is unlikely to
 * be chance: a one-sided test of the difference of two Poisson rates,
 *
 *     z = (rate_candidate − rate_stable − margin) / sqrt(rate_candidate / loads_candidate + rate_stable / loads_stable)
 *
 * against 1.645 (5 %). Nothing is decided before the candidate has `minLoads` loads, so a
 * handful of unlucky loads never rolls a release back, and a healthy candidate moves on only once
 * it has had as many chances to fail.
 */
export interface SideCounts {
  readonly loads: number;
  readonly errors: number;
}

export interface AnalysisRule {
  /** Loads the candidate needs before any decision (default 100). */
  readonly minLoads: number;
  /** Errors per load the candidate may exceed the stable rate by (default 0.01: one per hundred loads). */
  readonly margin: number;
  /** The one-sided z value for "worse" (default 1.645: 5 %). */
  readonly z: number;
}

export const DEFAULT_RULE: AnalysisRule = { minLoads: 100, margin: 0.01, z: 1.645 };

export type Verdict =
  | { readonly kind: 'wait'; readonly why: string }
  | { readonly kind: 'healthy'; readonly why: string }
  | { readonly kind: 'worse'; readonly why: string };

const rate = (side: SideCounts) => (side.loads > 0 ? side.errors / side.loads : 0);
const figures = (label: string, side: SideCounts) => `${label} ${rate(side).toFixed(3)} errors per load (${side.errors}/${side.loads})`;

export function judge(candidate: SideCounts, stable: SideCounts, rule: AnalysisRule = DEFAULT_RULE): Verdict {
  const both = `${figures('candidate', candidate)}, ${figures('stable', stable)}`;
  if (candidate.loads < rule.minLoads) return { kind: 'wait', why: `${candidate.loads} of the ${rule.minLoads} candidate loads needed: ${both}` };
  const excess = rate(candidate) - rate(stable) - rule.margin;
  const variance = rate(candidate) / candidate.loads + (stable.loads > 0 ? rate(stable) / stable.loads : 0);
  const z = variance > 0 ? excess / Math.sqrt(variance) : excess > 0 ? Infinity : 0;
  const statistic = `z = ${Number.isFinite(z) ? z.toFixed(2) : '∞'} (worse above ${rule.z}, margin ${rule.margin})`;
  return z > rule.z ? { kind: 'worse', why: `${both}; ${statistic}` } : { kind: 'healthy', why: `${both}; ${statistic}` };
}
