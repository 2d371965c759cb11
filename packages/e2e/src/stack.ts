import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForOutput } from './processes';

const repoRoot = join(__dirname, '..', '..', '..');

export interface StackHandle {
  readonly hostUrl: string;
  readonly idpUrl: string;
  /** Every remote of the development manifest, by name. */
  readonly remoteUrls: { readonly referrals: string; readonly account: string } & Readonly<Record<string, string>>;
  /** The local telemetry collector (`GET /__collector/records`). */
  readonly collectorUrl: string;
  stop(): Promise<void>;
}

function remoteUrlsFor(basePort: number): StackHandle['remoteUrls'] {
  const { remotes } = JSON.parse(readFileSync(join(repoRoot, 'packages/stack/remotes.dev.json'), 'utf8')) as { remotes: Array<{ name: string; port: number }> };
  const urls = Object.fromEntries(remotes.map(({ name, port }) => [name, `http://localhost:${basePort + port - 3000}`]));
  return { referrals: urls.referrals ?? '', account: urls.account ?? '', ...urls };
}

/**
 * Starts the real stack (dev OpenID provider + production builds over HTTP)
 * in a child process: `startStack` of `pnpm start`, through the tests' own
 * launcher (`stack-cli.mts`), which adds the test-only switches.
 */
export async function startStack(basePort: number, extraArgs: readonly string[] = []): Promise<StackHandle> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'stack-cli.mts'), '--base-port', String(basePort), ...extraArgs], {
    cwd: join(repoRoot, 'packages/e2e'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const output = await waitForOutput(child, 'STACK READY', 30_000, 'The stack');
  const collectorUrl = /STACK READY \S+ (\S+)/.exec(output)?.[1] ?? '';
  return {
    hostUrl: `http://localhost:${basePort}`,
    idpUrl: `http://localhost:${basePort + 100}`,
    remoteUrls: remoteUrlsFor(basePort),
    collectorUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
