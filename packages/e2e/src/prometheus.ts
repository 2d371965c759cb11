import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcess } from './processes';

export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

export interface RunningPrometheus {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Debian's Prometheus for the rollout tests, scraping the given `/metrics` targets every second
 * (what a rollout's analysis queries). Fails, never skips, when it is not installed.
 */
export async function startPrometheus(port: number, targets: readonly string[]): Promise<RunningPrometheus> {
  if (!existsSync(PROMETHEUS_PATH))
    throw new Error(
      `Prometheus is not installed at ${PROMETHEUS_PATH}. Install it with "apt-get install -y prometheus" (as root) or set PROMETHEUS_PATH.`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'mfe-prometheus-'));
  const hosts = targets.map((target) => new URL(target).host);
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n  - job_name: mfe-collector\n    static_configs:\n      - targets: ${JSON.stringify(hosts)}\n`,
  );
  const child = spawn(
    PROMETHEUS_PATH,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = `${log}${chunk.toString()}`.slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`${url}/-/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (tries > 100 || child.exitCode !== null)
      throw new Error(`Prometheus did not start (exit code ${child.exitCode}):\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () => stopProcess(child, dir),
  };
}
