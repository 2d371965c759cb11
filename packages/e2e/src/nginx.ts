import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topology, type StackTopology } from '@mfe/manifest';
import { freePortBlock, stopProcess, waitForOutput } from './processes';

export interface NginxDeployment {
  readonly hostUrl: string;
  readonly remotesUrl: string;
  readonly idpUrl: string;
  /** The development API beside the provider. */
  readonly apiUrl: string;
  readonly collectorUrl: string;
  /** The production metrics collector: browsers post to it, and Prometheus scrapes `metricsScrapeUrl`. */
  readonly metricsCollectorUrl: string;
  readonly metricsScrapeUrl: string;
  readonly tagsUrl: string;
  /** The first port of its block; the test may use the free ones above +101. */
  readonly basePort: number;
  /** The folder nginx serves from: host/, remotes/<name>/<version>/, remotes.json, nginx/. */
  readonly dir: string;
  /** The folder nginx serves prerendered pages from (absent at first: every page is the app's). */
  readonly pagesDir: string;
  /** The manifest nginx serves at /remotes.json: publish a new one by writing this file. */
  readonly manifestFile: string;
  readonly remotesDir: string;
  readonly config: unknown;
  readonly manifest: {
    readonly schemaVersion: 1;
    readonly remotes: ReadonlyArray<Record<string, unknown> & { readonly name: string; readonly entry: string }>;
  };
  stop(): Promise<void>;
}

/**
 * The production path for browser tests: the current builds published to a
 * temporary folder and served by real nginx (`nginx-stack.mts`), with the
 * config `pnpm server:config` writes, the dev provider and a collector.
 */
export async function startNginxDeployment(
  options: {
    /** Where the host's config says its manifest is, from the deployment's ports (default /remotes.json). */
    manifestUrl?: (ports: StackTopology) => string;
  } = {},
): Promise<NginxDeployment> {
  const basePort = await freePortBlock();
  const dir = mkdtempSync(join(tmpdir(), 'mfe-nginx-'));
  const manifestUrl = options.manifestUrl ? ['--manifest-url', options.manifestUrl(topology(basePort))] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(__dirname, 'nginx-stack.mts'),
      '--base-port',
      String(basePort),
      '--dir',
      dir,
      ...manifestUrl,
    ],
    {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = await waitForOutput(child, 'NGINX READY', 30_000, 'The nginx deployment');
  const ready = JSON.parse(/NGINX READY (.*)/.exec(output)![1]!) as Omit<NginxDeployment, 'stop'>;
  return {
    ...ready,
    basePort,
    stop: () => stopProcess(child, dir),
  };
}
