import { METRIC_NAMES } from '@mfe/metrics-collector/metric-names';
import { ReleaseError } from '../errors';
import type { SideCounts } from './analysis';

/** The series the analysis reads (written by the collector, or the OpenTelemetry Collector in production). */
const { loads: LOADS, errors: ERRORS } = METRIC_NAMES;

/**
 * One query through Prometheus's HTTP API (`/api/v1/query`, or `/api/v1/query_range` with `range`;
 * under whatever path `prometheus` has: a Prometheus behind a prefix keeps it), its answer read as
 * a vector or a matrix of series.
 */
async function query(
  prometheus: string,
  expression: string,
  at: number,
  expected: 'vector' | 'matrix',
  fetchImpl: typeof fetch,
  range?: { readonly from: number; readonly stepSeconds: number },
): Promise<Series[]> {
  const url = new URL(
    range ? 'api/v1/query_range' : 'api/v1/query',
    prometheus.endsWith('/') ? prometheus : `${prometheus}/`,
  );
  url.searchParams.set('query', expression);
  if (range) {
    url.searchParams.set('start', (range.from / 1000).toFixed(3));
    url.searchParams.set('end', (at / 1000).toFixed(3));
    url.searchParams.set('step', `${range.stepSeconds}s`);
  } else url.searchParams.set('time', (at / 1000).toFixed(3));
  const refuse = (what: string) =>
    new ReleaseError('RELEASE_METRICS', `Prometheus at ${prometheus} answered ${expression} with ${what}`);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new ReleaseError(
      'RELEASE_METRICS',
      `Prometheus at ${prometheus} could not be queried (${(error as Error).message})`,
    );
  }
  // Prometheus answers its API's own refusals (400, 422, 503) with a JSON body that says why; anything
  // else that is not a success (a 404 from a wrong address or path prefix) is said as its status.
  const json = (response.headers.get('content-type') ?? '').includes('json');
  if (!response.ok && !json)
    throw refuse(
      `HTTP ${response.status}${response.status === 404 ? ` (is ${prometheus} Prometheus's address, with its path prefix if it has one?)` : ''}`,
    );
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw refuse(`HTTP ${response.status} and a body that is not JSON (${(error as Error).message})`);
  }
  return readSeries(body, expected, refuse);
}

/** One series of an answer: its labels, and its samples as [seconds, value] (one for a vector). */
export interface Series {
  readonly labels: Readonly<Record<string, string>>;
  readonly samples: ReadonlyArray<readonly [number, number]>;
}

/**
 * The series in a query's answer. Anything but a well-formed vector or matrix of finite,
 * non-negative numbers is refused, naming what was wrong: a rollout judged on figures it cannot
 * read would move on (NaN compares false with every threshold).
 */
export function readSeries(body: unknown, expected: 'vector' | 'matrix', refuse: (what: string) => Error): Series[] {
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
  if (answer.data?.resultType !== undefined && answer.data.resultType !== expected)
    throw refuse(`a ${String(answer.data.resultType)} where a ${expected} was expected`);
  return (result as Array<{ metric?: Record<string, unknown>; value?: unknown; values?: unknown }>).map((item) => {
    const labels = item?.metric ?? {};
    if (typeof labels !== 'object' || Object.values(labels).some((label) => typeof label !== 'string'))
      throw refuse(`a series whose labels are not text (${describe(labels)})`);
    const side = typeof labels.variant === 'string' ? labels.variant : 'stable';
    const raw = expected === 'vector' ? [item?.value] : Array.isArray(item?.values) ? item.values : [undefined];
    const samples = raw.map((sample): readonly [number, number] => {
      const [time, value] = Array.isArray(sample) && sample.length === 2 ? sample : [undefined, undefined];
      // Prometheus writes sample values as decimal text; NaN, ±Inf and words are not counts.
      const count =
        typeof value === 'string' && /^\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(count) || typeof time !== 'number')
        throw refuse(`a ${side} value that is not a count (${describe(value)})`);
      return [time, count];
    });
    return { labels: labels as Record<string, string>, samples };
  });
}

const describe = (value: unknown) =>
  value === undefined ? 'nothing' : (JSON.stringify(value)?.slice(0, 40) ?? String(value));

/** Whether Prometheus answers a rollout's query now, readably (throws RELEASE_METRICS saying why not). */
export async function checkPrometheus(
  prometheus: string,
  remote: string,
  at: number,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  try {
    await query(prometheus, `${LOADS}{remote=${JSON.stringify(remote)}}`, at, 'vector', fetchImpl);
  } catch (error) {
    throw new ReleaseError(
      'RELEASE_METRICS',
      `${(error as Error).message}: the rollout was not started, and nothing was written. Start it again once Prometheus answers.`,
    );
  }
}

/** The builds a rollout compares: its candidate's version, and the stable build's when known. */
export interface ComparedVersions {
  readonly candidate: string;
  readonly stable?: string;
}

/**
 * Loads and errors of each side of a remote's canary between two instants, of the two builds
 * compared only (a tab still running a rolled-back build keeps posting under its own version).
 * Each series is counted as Prometheus's `increase()` counts it, a counter that went down having
 * restarted from zero (a restarted collector), except that a series that began inside the window
 * counts from zero, not from its first sample, and nothing is extrapolated.
 */
export async function countsBetween(
  prometheus: string,
  remote: string,
  versions: ComparedVersions,
  from: number,
  to: number,
  fetchImpl: typeof fetch = fetch,
): Promise<{ candidate: SideCounts; stable: SideCounts }> {
  const seconds = Math.max(1, Math.ceil((to - from) / 1000));
  const sideOf = (labels: Readonly<Record<string, string>>): 'candidate' | 'stable' | null => {
    const side = labels.variant ?? 'stable';
    if (side !== 'candidate' && side !== 'stable') return null;
    const version = side === 'candidate' ? versions.candidate : versions.stable;
    return version === undefined || labels.version === version ? side : null;
  };
  const increase = async (metric: string) => {
    const selector = `${metric}{remote=${JSON.stringify(remote)}}`;
    // One after the other: an answer that cannot be read is said the same way every time.
    const atStart = await query(prometheus, selector, from, 'vector', fetchImpl);
    const window = await query(prometheus, `${selector}[${seconds}s]`, to, 'matrix', fetchImpl);
    const key = (labels: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(labels).sort());
    const started = new Map(atStart.map((series) => [key(series.labels), series.samples[0]![1]]));
    const totals = { candidate: 0, stable: 0 };
    for (const series of window) {
      const side = sideOf(series.labels);
      if (!side) continue;
      let previous = started.get(key(series.labels)) ?? 0;
      for (const [time, value] of series.samples) {
        if (time * 1000 <= from) continue;
        totals[side] += value >= previous ? value - previous : value;
        previous = value;
      }
    }
    return totals;
  };
  const loads = await increase(LOADS);
  const errors = await increase(ERRORS);
  const side = (name: 'candidate' | 'stable'): SideCounts => ({
    loads: Math.round(loads[name]),
    errors: Math.round(errors[name]),
  });
  return { candidate: side('candidate'), stable: side('stable') };
}

/** A remote's errors per load over a window, and at each step of it (the console's overview). */
export interface ErrorRate {
  readonly loads: number;
  readonly errors: number;
  /** [ms since the epoch, errors per load in the step before it, or null: no loads then]. */
  readonly trend: ReadonlyArray<readonly [number, number | null]>;
}

/**
 * Every remote's loads and errors over the `windowMs` before `to`, and per step of `stepMs`, summed
 * over versions and sides (both counted by `increase()`; the rate is divided here, so a remote
 * with no loads reads as none, never as NaN).
 */
export async function errorRates(
  prometheus: string,
  until: number,
  windowMs: number,
  stepMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<ReadonlyMap<string, ErrorRate>> {
  const stepSeconds = Math.round(stepMs / 1000);
  // Whole seconds: the range's steps are then whole seconds too, and match the samples exactly.
  const to = Math.floor(until / 1000) * 1000;
  const byRemote = async (metric: string, window: string, range?: { from: number; stepSeconds: number }) =>
    query(
      prometheus,
      `sum by (remote) (increase(${metric}[${window}]))`,
      to,
      range ? 'matrix' : 'vector',
      fetchImpl,
      range,
    );
  const range = { from: to - windowMs + stepMs, stepSeconds };
  const [loads, errors, loadSteps, errorSteps] = await Promise.all([
    byRemote(LOADS, `${Math.round(windowMs / 1000)}s`),
    byRemote(ERRORS, `${Math.round(windowMs / 1000)}s`),
    byRemote(LOADS, `${stepSeconds}s`, range),
    byRemote(ERRORS, `${stepSeconds}s`, range),
  ]);
  const total = (series: readonly Series[], remote: string) =>
    series.find((one) => one.labels.remote === remote)?.samples[0]?.[1] ?? 0;
  const steps = (series: readonly Series[], remote: string) =>
    new Map((series.find((one) => one.labels.remote === remote)?.samples ?? []).map(([time, value]) => [time, value]));
  const remotes = new Set([...loads, ...loadSteps].map((series) => series.labels.remote).filter(Boolean) as string[]);
  const rates = new Map<string, ErrorRate>();
  for (const remote of remotes) {
    const [stepLoads, stepErrors] = [steps(loadSteps, remote), steps(errorSteps, remote)];
    const trend: Array<readonly [number, number | null]> = [];
    for (let time = range.from; time <= to + 1; time += stepMs) {
      const seconds = time / 1000;
      const inStep = stepLoads.get(seconds) ?? 0;
      trend.push([time, inStep > 0 ? (stepErrors.get(seconds) ?? 0) / inStep : null]);
    }
    rates.set(remote, { loads: Math.round(total(loads, remote)), errors: Math.round(total(errors, remote)), trend });
  }
  return rates;
}
