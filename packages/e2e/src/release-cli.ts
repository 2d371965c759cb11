import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { waitForOutput } from './processes';
import { join } from 'node:path';

// Browser tests release as a platform engineer does: `mfe-release` from source against a folder
// store. One runner, so every test sees the same exit codes and output.
const repoRoot = join(__dirname, '..', '..', '..');
const releasePackage = join(repoRoot, 'packages', 'release');

export interface ReleaseRun {
  code: number;
  /** Standard output, then standard error. */
  out: string;
  /** Standard output alone (where a command's last line, its code, is). */
  stdout: string;
}

/** Runs `mfe-release <args> --store <store>` and resolves with its exit code and output, whatever they are. */
export function runRelease(store: string, ...args: string[]): Promise<ReleaseRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(releasePackage, 'src', 'cli.ts'), ...args, '--store', store],
      // The test's own environment (a test may set the store's credentials there: jest gives each
      // test file a copy of process.env, which a child would not otherwise see).
      { cwd: releasePackage, env: process.env },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          out: `${stdout}${stderr}`,
          stdout,
        });
      },
    );
  });
}

/** Runs `mfe-release` and resolves with its output; rejects with the output when it exits non-zero. */
export async function release(store: string, ...args: string[]): Promise<string> {
  const { code, out } = await runRelease(store, ...args);
  if (code !== 0) throw new Error(`mfe-release ${args.join(' ')} exited ${code}:\n${out}`);
  return out;
}

/** The canary fixture: one remote built as several versions that say which they are (1.2.0 has no server build). */
export const canaryBuild = (version: string): string =>
  join(repoRoot, 'packages', 'e2e', 'fixtures', 'canary', `dist-${version}`);

/** A release service (`mfe-release serve`) run as its own process, as a deployment runs it. */
export interface ServedRelease {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it has printed so far. */
  output(): string;
  /** Stops it: SIGTERM (it ends its look in progress), or SIGKILL (a machine lost). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export async function serveRelease(store: string, port: number, lookEvery = '1s'): Promise<ServedRelease> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(releasePackage, 'src', 'cli.ts'),
      'serve',
      '--store',
      store,
      '--listen',
      `127.0.0.1:${port}`,
      '--look-every',
      lookEvery,
    ],
    { cwd: releasePackage, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  await waitForOutput(child, 'release service for', 30_000, 'mfe-release serve');
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => said,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Waits until a rollout has ended (by whatever moved it), and resolves with its `rollout status --json`. */
export async function rolloutEnded(
  store: string,
  env: string,
  remote: string,
  timeoutMs = 240_000,
): Promise<{ status: string; ending: { code: string; exit: number } | null; log: string[]; percent: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = JSON.parse(await release(store, 'rollout', 'status', remote, '--env', env, '--json')) as {
      status: string;
      ending: { code: string; exit: number } | null;
      log: string[];
      percent: number;
      pending?: unknown;
    };
    if (state.ending && !state.pending) return state;
    if (Date.now() > deadline)
      throw new Error(`The rollout of ${remote} in ${env} did not end: ${state.log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
