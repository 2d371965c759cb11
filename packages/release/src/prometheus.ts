import { ReleaseError } from './errors';
import type { SideCounts } from './analysis';

/** The series the analysis reads (written by the collector, or the OpenTelemetry Collector in production). */
const LOADS = 'mfe_remote_loads_total';
const ERRORS = 'mfe_remote_errors_total';

/** One instant query through Prometheus's HTTP API (`/api/v1/query`), summed by canary side. */
async function bySide(prometheus: string, query: string, at: number, fetchImpl: typeof fetch): Promise<Record<string, number>> {
  const url = new URL('/api/v1/query', prometheus);
  url.searchParams.set('query', query);
  url.searchParams.set('time', (at / 1000).toFixed(3));
  let body: { status?: string; error?: string; data?: { result?: Array<{ metric?: Record<string, string>; value?: [number, string] }> } };
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new ReleaseError('RELEASE_STORE', `Prometheus at ${prometheus} could not be queried (${(error as Error).message}); the rollout waits and tries again at the next tick.`);
  }
  if (body.status !== 'success') throw new ReleaseError('RELEASE_STORE', `Prometheus at ${prometheus} refused the query ${query}: ${body.error ?? 'no reason given'}.`);
  return Object.fromEntries((body.data?.result ?? []).map((sample) => [sample.metric?.variant ?? 'stable', Number(sample.value?.[1] ?? 0)]));
}

/**
 * Loads and errors of each side of a remote's canary between two instants: each counter's value
 * at the end minus its value at the start, read as Prometheus stored them. Counters that started
 * inside the window count from zero (which `increase()` would not); a counter that went down was
 * restarted, and counts from zero again.
 */
export async function countsBetween(prometheus: string, remote: string, from: number, to: number, fetchImpl: typeof fetch = fetch): Promise<{ candidate: SideCounts; stable: SideCounts }> {
  const selector = `{remote=${JSON.stringify(remote)}}`;
  const [loadsFrom, loadsTo, errorsFrom, errorsTo] = await Promise.all([
    bySide(prometheus, `sum by (variant) (${LOADS}${selector})`, from, fetchImpl),
    bySide(prometheus, `sum by (variant) (${LOADS}${selector})`, to, fetchImpl),
    bySide(prometheus, `sum by (variant) (${ERRORS}${selector})`, from, fetchImpl),
    bySide(prometheus, `sum by (variant) (${ERRORS}${selector})`, to, fetchImpl),
  ]);
  const delta = (end: Record<string, number>, start: Record<string, number>, side: string) => {
    const [a, b] = [start[side] ?? 0, end[side] ?? 0];
    return Math.round(b >= a ? b - a : b);
  };
  const side = (name: string): SideCounts => ({ loads: delta(loadsTo, loadsFrom, name), errors: delta(errorsTo, errorsFrom, name) });
  return { candidate: side('candidate'), stable: side('stable') };
}
