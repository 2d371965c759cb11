import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For the unit tests: a stand-in for Prometheus's HTTP API (`/api/v1/query`) whose counters the
 * test sets, per side ("candidate", or "candidate@1.0.9" for another build of that side) and metric,
 * as functions of the query's time (the browser tests run the rollout against real Prometheus).
 */
export interface FakePrometheus {
  readonly url: string;
  /** Counter values by side, per metric, at a time (ms). */
  counters: (metric: 'loads' | 'errors', at: number) => Partial<Record<string, number>>;
  /** When set, the whole answer to every query, whatever it asks. */
  answer: ((at: number) => unknown) | undefined;
  /** The paths it was asked at. */
  readonly queried: string[];
  close(): Promise<void>;
}

export async function startFakePrometheus(remote = 'referrals'): Promise<FakePrometheus> {
  const fake: FakePrometheus = {
    url: '',
    counters: () => ({}),
    answer: undefined,
    queried: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.queried.push(url.pathname);
    const query = url.searchParams.get('query') ?? '';
    const at = Number(url.searchParams.get('time')) * 1000;
    if (fake.answer)
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.answer(at)));
    const metric = query.includes('mfe_remote_errors_total') ? 'errors' : 'loads';
    const labelsOf = (key: string) => {
      const [variant, version] = key.split('@') as [string, string | undefined];
      return { remote, variant, version: version ?? (variant === 'candidate' ? '1.1.0' : '1.0.0') };
    };
    const valuesAt = (time: number) =>
      Object.entries(fake.counters(metric, time)).filter((pair): pair is [string, number] => pair[1] !== undefined);
    // A range query (`query_range`): the counters at each step, as they stand then.
    if (url.pathname.endsWith('/query_range')) {
      const [start, end, step] = ['start', 'end', 'step'].map((name) => parseFloat(url.searchParams.get(name) ?? '0'));
      const times: number[] = [];
      for (let time = start!; time <= end! + 1e-6; time += step!) times.push(time);
      const keys = new Set(times.flatMap((time) => valuesAt(time * 1000).map(([key]) => key)));
      const result = [...keys].map((key) => ({
        metric: labelsOf(key),
        values: times.flatMap((time) => {
          const value = Object.fromEntries(valuesAt(time * 1000))[key];
          return value === undefined ? [] : [[time, String(value)]];
        }),
      }));
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }));
    }
    const range = /\[(\d+)s\]$/.exec(query);
    const result = range
      ? valuesAt(at).map(([key]) => ({
          metric: labelsOf(key),
          // A sample every 5 s over the window, as a scrape would leave them.
          values: Array.from({ length: Math.floor(Number(range[1]) / 5) + 1 }, (_, i) => at - i * 5_000)
            .reverse()
            .filter((time) => time > at - Number(range[1]) * 1000)
            .flatMap((time) => {
              const value = Object.fromEntries(valuesAt(time))[key];
              return value === undefined ? [] : [[time / 1000, String(value)]];
            }),
        }))
      : valuesAt(at).map(([key, value]) => ({ metric: labelsOf(key), value: [at / 1000, String(value)] }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'success', data: { resultType: range ? 'matrix' : 'vector', result } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
