import { execFile } from 'node:child_process';
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
