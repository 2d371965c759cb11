/** Median, min and max of a list of numbers. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** A summary as the report writes it: the median, then the range when the runs differ. */
export const fmt = (s: Summary, unit: 'ms' | 'KiB' | '' | 'MiB') => {
  const scale = unit === 'KiB' ? 1024 : unit === 'MiB' ? 1024 * 1024 : 1;
  const digits = unit === 'ms' || unit === '' ? 0 : 1;
  const v = (n: number) => (n / scale).toFixed(digits);
  return s.min === s.max
    ? `${v(s.median)}${unit ? ` ${unit}` : ''}`
    : `${v(s.median)} (${v(s.min)}–${v(s.max)})${unit ? ` ${unit}` : ''}`;
};

/** A confidence interval for a median: the values at two ranks of the sorted list. */
export interface Interval {
  readonly low: number;
  readonly high: number;
  /** The probability that the interval holds the true median (at least the confidence asked for). */
  readonly confidence: number;
}

/**
 * The median's confidence interval without assuming a distribution (page loads have long right
 * tails): the k-th smallest and k-th largest of n values, with k the largest rank for which the
 * binomial(n, ½) chance of fewer than k values below the median is at most (1 − confidence) / 2.
 * Undefined when n is too small for that confidence (fewer than 6 values for 95 %).
 */
export function medianInterval(values: readonly number[], confidence = 0.95): Interval | undefined {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  // P(X ≤ j) for X ~ binomial(n, ½), accumulated term by term; `outside` is P(X ≤ k − 1), one tail.
  let term = 0.5 ** n;
  let below = term;
  let k = 0;
  let outside = 0;
  for (let j = 0; j < n && below <= tail; j += 1) {
    k = j + 1;
    outside = below;
    term = (term * (n - j)) / (j + 1);
    below += term;
  }
  if (k === 0) return undefined;
  return { low: sorted[k - 1]!, high: sorted[n - k]!, confidence: 1 - 2 * outside };
}

/**
 * About how many pairs would make the interval clear the limit, if the spread stays as it is (an
 * interval narrows as 1/√n): undefined when the median is the limit itself, or the interval clears
 * it already.
 */
export function pairsToDecide(n: number, median: number, interval: Interval, limit: number): number | undefined {
  const margin = Math.abs(limit - median);
  const halfWidth = median <= limit ? interval.high - median : median - interval.low;
  if (margin === 0 || halfWidth < margin) return undefined;
  // Less a hair, so that a ratio of exactly 2 (in decimal) is not rounded up from its binary error.
  return Math.ceil(n * (halfWidth / margin) ** 2 - 1e-9);
}
