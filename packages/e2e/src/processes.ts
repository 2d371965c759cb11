import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/**
 * Resolves with everything `child` printed once it prints `marker` (on stdout
 * or stderr); rejects with that output if it exits first or takes longer than
 * `timeoutMs`. `what` names the process in the error.
 */
export function waitForOutput(child: ChildProcess, marker: string, timeoutMs: number, what: string): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before it was ready:\n${output}`));
    });
  });
}

/** A copy of the repository in a new temporary folder, without installs, builds or history. */
export function copyRepository(repoRoot: string, prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  const skipped = new Set(['node_modules', 'dist', '.git', '.bench']);
  cpSync(repoRoot, copy, { recursive: true, filter: (source) => !relative(repoRoot, source).split(sep).some((part) => skipped.has(part)) });
  return copy;
}
