import { METRIC_NAMES } from '@mfe/metrics-collector/metric-names';
import { ReleaseError } from './errors';
import type { SideCounts } from './analysis';

/** The series the analysis reads (written by the collector, or the OpenTelemetry Collector in production). */
const { loads: LOADS, errors: ERRORS } = METRIC_NAMES;

/** One instant query through Prometheus's HTTP API (`/api/v1/query`), summed by canary side. */
async function bySide(
  prometheus: string,
  query: string,
  at: number,
  fetchImpl: typeof fetch,
): Promise<Record<string, number>> {
  const url = new URL('/api/v1/query', prometheus);
  url.searchParams.set('query', query);
  url.searchParams.set('time', (at / 1000).toFixed(3));
  let body: unknown;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    body = await response.json();
  } catch (error) {
    throw new ReleaseError(
      'RELEASE_METRICS',
      `Prometheus at ${prometheus} could not be queried (${(error as Error).message}); the rollout waits and tries again at the next tick.`,
    );
  }
  return readVector(
    body,
    (what) =>
      new ReleaseError(
        'RELEASE_METRICS',
        `Prometheus at ${prometheus} answered ${query} with ${what}; the rollout waits and tries again at the next tick.`,
      ),
  );
}

/**
 * The counts in an instant query's answer, by the `variant` label (none: `stable`). Anything but a
 * well-formed vector of finite, non-negative numbers is refused, naming what was wrong: a rollout
 * judged on figures it cannot read would move on (NaN compares false with every threshold).
 */
export function readVector(body: unknown, refuse: (what: string) => Error): Record<string, number> {
  const answer = body as {
    status?: unknown;
    error?: unknown;
    data?: { resultType?: unknown; result?: unknown };
  } | null;
  if (typeof answer !== 'object' || answer === null) throw refuse('something that is not a query answer');
  if (answer.status !== 'success')
    throw refuse(`a refusal: ${typeof answer.error === 'string' ? answer.error : 'no reason given'}`);
  const result = answer.data?.result;
  if (!Array.isArray(result)) throw refuse(`a result that is not a list of samples (${describe(result)})`);
  if (answer.data?.resultType !== undefined && answer.data.resultType !== 'vector')
    throw refuse(`a ${String(answer.data.resultType)} where a vector was expected`);
  const counts: Record<string, number> = {};
  for (const sample of result as Array<{ metric?: Record<string, unknown>; value?: unknown }>) {
    const side = sample?.metric?.variant ?? 'stable';
    if (typeof side !== 'string') throw refuse(`a sample whose variant is not text (${describe(side)})`);
    const value = Array.isArray(sample?.value) && sample.value.length === 2 ? sample.value[1] : undefined;
    // Prometheus writes sample values as decimal text; NaN, ±Inf and words are not counts.
    const count =
      typeof value === 'string' && /^\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(count)) throw refuse(`a ${side} value that is not a count (${describe(value)})`);
    if (side in counts) throw refuse(`two samples for ${side}`);
    counts[side] = count;
  }
  return counts;
}

const describe = (value: unknown) =>
  value === undefined ? 'nothing' : (JSON.stringify(value)?.slice(0, 40) ?? String(value));

/**
 * Loads and errors of each side of a remote's canary between two instants: each counter's value
 * at the end minus its value at the start, read as Prometheus stored them. Counters that started
 * inside the window count from zero (which `increase()` would not). A sum that went down holds the
 * rollout: it cannot be told from a series that is not a counter.
 */
export async function countsBetween(
  prometheus: string,
  remote: string,
  from: number,
  to: number,
  fetchImpl: typeof fetch = fetch,
): Promise<{ candidate: SideCounts; stable: SideCounts }> {
  const selector = `{remote=${JSON.stringify(remote)}}`;
  const [loadsFrom, loadsTo, errorsFrom, errorsTo] = await Promise.all([
    bySide(prometheus, `sum by (variant) (${LOADS}${selector})`, from, fetchImpl),
    bySide(prometheus, `sum by (variant) (${LOADS}${selector})`, to, fetchImpl),
    bySide(prometheus, `sum by (variant) (${ERRORS}${selector})`, from, fetchImpl),
    bySide(prometheus, `sum by (variant) (${ERRORS}${selector})`, to, fetchImpl),
  ]);
  const delta = (metric: string, end: Record<string, number>, start: Record<string, number>, side: string) => {
    const [a, b] = [start[side] ?? 0, end[side] ?? 0];
    // The sum over every instance went down: a collector restarted (its share of the count is lost)
    // or the series are wrong. Either way the window's counts are unknown, so nothing is decided.
    if (b < a)
      throw new ReleaseError(
        'RELEASE_METRICS',
        `${metric} for ${remote}'s ${side} build went down from ${a} to ${b} between the rollout's start and now (a restarted collector, or series that are not counters); the rollout waits and tries again at the next tick.`,
      );
    return Math.round(b - a);
  };
  const side = (name: string): SideCounts => ({
    loads: delta(LOADS, loadsTo, loadsFrom, name),
    errors: delta(ERRORS, errorsTo, errorsFrom, name),
  });
  return { candidate: side('candidate'), stable: side('stable') };
}
