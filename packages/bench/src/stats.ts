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
