import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitForOutput } from './processes';

const repoRoot = join(__dirname, '..', '..', '..');

export interface StackHandle {
  readonly hostUrl: string;
  readonly idpUrl: string;
  /** The development API beside the provider. */
  readonly apiUrl: string;
  /** Every remote the stack serves (the development manifest's and the fixtures), by name. */
  readonly remoteUrls: { readonly referrals: string; readonly account: string } & Readonly<Record<string, string>>;
  /** The local telemetry collector (`GET /__collector/records`). */
  readonly collectorUrl: string;
  /** The release service and its console, when the stack releases through a store (`--release-store`). */
  readonly releaseServiceUrl?: string;
  /** Each release service's own address, when several serve behind one name (`--release-service-instances`). */
  readonly releaseServiceInstanceUrls?: readonly string[];
  /** The first port of the suite's block (host); everything else of the stack is above it. */
  readonly basePort: number;
  stop(): Promise<void>;
}

/**
 * Starts the real stack (dev OpenID provider + production builds over HTTP)
 * in a child process: `startStack` of `pnpm start`, through the tests' own
 * launcher (`stack-cli.mts`), which adds the test-only switches.
 */
export async function startStack(basePort: number, extraArgs: readonly string[] = []): Promise<StackHandle> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'stack-cli.mts'), '--base-port', String(basePort), ...extraArgs],
    {
      cwd: join(repoRoot, 'packages/e2e'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  const output = await waitForOutput(child, 'STACK READY', 30_000, 'The stack');
  const ready = JSON.parse(/STACK READY (.*)/.exec(output)![1]!) as Pick<
    StackHandle,
    'hostUrl' | 'idpUrl' | 'apiUrl' | 'remoteUrls' | 'collectorUrl' | 'releaseServiceUrl' | 'releaseServiceInstanceUrls'
  >;
  return {
    ...ready,
    basePort,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
