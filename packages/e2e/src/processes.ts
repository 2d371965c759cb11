import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
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
  cpSync(repoRoot, copy, {
    recursive: true,
    filter: (source) =>
      !relative(repoRoot, source)
        .split(sep)
        .some((part) => skipped.has(part)),
  });
  return copy;
}

/**
 * A block of `size` consecutive free ports on loopback, for one browser-test suite's stack
 * (host, provider at +100, remotes, collector…). Chosen at random between 20000 and 32000, in the
 * part of that range that is its jest worker's: above every port browsers refuse to connect to,
 * below Linux's ephemeral range.
 */
export async function freePortBlock(size = 200): Promise<number> {
  const { createServer } = await import('node:net');
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  // Each jest worker (up to four) picks in a quarter of its own: suites run side by side, and two
  // checking the same block at the same moment could otherwise both take it.
  const worker = (Math.max(1, Number(process.env.JEST_WORKER_ID ?? 1)) - 1) % 4;
  const span = (32_000 - 20_000) / 4;
  const low = 20_000 + worker * span;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = low + Math.floor(Math.random() * Math.floor(span / size)) * size;
    let free = true;
    for (let port = base; port < base + size && free; port += 1) free = await isFree(port);
    if (free) return base;
  }
  throw new Error(`No block of ${size} free ports between ${low} and ${low + span}.`);
}

/** Stops a process the tests started (SIGTERM) and, once it has exited, removes its folder. */
export function stopProcess(child: ChildProcess, dir: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}
