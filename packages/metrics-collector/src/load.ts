/**
 * `pnpm --filter @mfe/metrics-collector load [seconds] [connections]`: how many posts a second one
 * collector process takes. It starts the command as deployed (from source), posts a host's batch of
 * two records over 50 connections for 20 s from this machine (autocannon), then reads /metrics to
 * check that every post answered 200 was counted: a figure for sizing, with nothing lost.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ORIGIN = 'https://app.example.com';
const seconds = Number(process.argv[2] ?? 20);
const connections = Number(process.argv[3] ?? 50);

const record = (name: string) => ({
  attributes: [
    { key: 'mfe.remote.name', value: { stringValue: 'referrals' } },
    { key: 'mfe.remote.version', value: { stringValue: '1.4.0' } },
    { key: 'mfe.kind', value: { stringValue: name === 'remote loaded' ? 'event' : 'error' } },
    { key: 'event.name', value: { stringValue: name } },
  ],
});
const body = JSON.stringify({
  resourceLogs: [{ scopeLogs: [{ logRecords: [record('remote loaded'), record('remote load failed')] }] }],
});

async function main(): Promise<void> {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  // One process, as one instance is deployed; the rate limit lifted (every post comes from this one address).
  const collector = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      cli,
      '--allow-origin',
      ORIGIN,
      '--listen',
      '127.0.0.1:0',
      '--rate-per-minute',
      '1000000000',
      '--burst',
      '1000000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const [line] = (await once(collector.stdout!, 'data')) as [Buffer];
    const url = /logs at (\S+)\/v1\/logs/.exec(line.toString())?.[1];
    if (!url) throw new Error(`the collector did not say where it listens: ${line.toString()}`);
    const result = await autocannon({
      url: `${url}/v1/logs`,
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body,
      connections,
      duration: seconds,
    });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const counted = Number(/mfe_collector_requests_total\{outcome="accepted"\} (\d+)/.exec(metrics)?.[1] ?? 0);
    const answered = result['2xx'];
    console.log(
      [
        `${connections} connections, ${seconds} s, one process (Node ${process.version})`,
        `posts a second: ${Math.round(result.requests.average)} mean (sd ${Math.round(result.requests.stddev)}, min ${result.requests.min})`,
        `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `answered 200: ${answered}; counted: ${counted}; other answers ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
        // Posts still in flight when the run ended are counted but not tallied by the load tool.
        counted >= answered ? 'nothing lost' : `LOST POSTS: ${answered - counted} answered 200 but not counted`,
      ].join('\n'),
    );
    if (counted < answered) process.exitCode = 1;
  } finally {
    collector.kill('SIGTERM');
  }
}

void main();
