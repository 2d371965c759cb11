import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALICE,
  copyRepository,
  expectSavedEditInPlace,
  freePortBlock,
  launchBrowser,
  signInAtProvider,
  waitForOutput,
} from '../src';

// The "Ship a feature area" guide, run for real in a copy of this repository:
// scaffold a third remote, build it, run its own unit and browser tests, then
// develop it with `pnpm dev` and see a saved change re-render in place (Fast Refresh). No file of
// the host is touched. Every port is picked free at run time, so nothing collides with a running
// `pnpm dev` or `pnpm start`.
jest.setTimeout(600_000);

const repoRoot = join(__dirname, '..', '..', '..');
let copy: string;

function run(command: string, args: readonly string[], cwd = copy): { status: number | null; output: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    timeout: 300_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function mustRun(command: string, args: readonly string[]): string {
  const { status, output } = run(command, args);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${status}):\n${output.slice(-4000)}`);
  return output;
}

beforeAll(() => {
  copy = copyRepository(repoRoot, 'mfe-feature-area-');
  // Everything is in the package store already (the lockfile installed it): no network needed.
  mustRun('pnpm', ['install', '--offline', '--frozen-lockfile']);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('a scaffolded feature area builds, passes its own unit and browser tests, and refreshes in place on save under pnpm dev (state and session kept)', async () => {
  const hostFiles = () => mustRun('git', ['-C', repoRoot, 'ls-files', 'apps/host']).trim().split('\n');
  const hostBefore = hostFiles().map((file) => readFileSync(join(copy, file), 'utf8'));

  // Scaffold; bad requests are refused with the reason.
  const created = mustRun('pnpm', ['create-remote', 'payments', '--route', '/payments', '--label', 'Payments']);
  expect(created).toContain('Created the "Payments" feature area');
  const taken = run('pnpm', ['create-remote', 'payments', '--route', '/pay', '--no-install']);
  expect(taken.status).not.toBe(0);
  expect(taken.output).toContain('NAME_TAKEN');
  const clash = run('pnpm', ['create-remote', 'billing', '--route', '/referrals/billing', '--no-install']);
  expect(clash.output).toContain('ROUTE_CLASH');
  const devManifest = JSON.parse(readFileSync(join(copy, 'packages/stack/remotes.dev.json'), 'utf8')) as {
    remotes: Array<{ name: string; path: string }>;
  };
  expect(devManifest.remotes.map((remote) => `${remote.name} ${remote.path}`)).toEqual([
    'referrals /referrals',
    'account /account',
    'payments /payments',
  ]);

  // Typecheck, build, and its own tests, as the guide says.
  mustRun('pnpm', ['--filter', '@mfe/payments', 'typecheck']);
  mustRun('pnpm', [
    '--filter',
    '@mfe/host',
    '--filter',
    '@mfe/referrals',
    '--filter',
    '@mfe/account',
    '--filter',
    '@mfe/payments',
    'build',
  ]);

  // Deploy and compose (the guide's steps 5-6): serve the build as a CDN would, check a manifest entry for it.
  const cdnPort = await freePortBlock(1);
  const cdn = `http://localhost:${cdnPort}`;
  const serve: ChildProcess = spawn('pnpm', ['--filter', '@mfe/payments', 'serve', '--port', String(cdnPort)], {
    cwd: copy,
    stdio: 'ignore',
    detached: true,
  });
  try {
    let served: Response | undefined;
    for (let tries = 0; tries < 100 && !served?.ok; tries += 1) {
      served = await fetch(`${cdn}/mf-manifest.json`, { headers: { Origin: 'http://localhost:3000' } }).catch(
        () => undefined,
      );
      if (!served?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(served?.headers.get('cache-control')).toBe('no-cache');
    expect(served?.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const integrity = (
      JSON.parse(readFileSync(join(copy, 'apps/payments/dist/integrity.json'), 'utf8')) as Record<string, string>
    )['remoteEntry.js'];
    const entry = {
      name: 'payments',
      entry: `${cdn}/mf-manifest.json`,
      path: '/payments',
      label: 'Payments',
      order: 30,
      integrity,
    };
    writeFileSync(join(copy, 'remotes.json'), JSON.stringify({ schemaVersion: 1, remotes: [entry] }));
    expect(mustRun('pnpm', ['manifest:check', 'remotes.json', '--allowed-origin', cdn, '--reachable'])).toContain(
      '✔ payments (/payments) is valid, reachable and compatible',
    );
  } finally {
    if (serve.pid) process.kill(-serve.pid, 'SIGTERM');
  }
  expect(mustRun('pnpm', ['exec', 'jest', '--selectProjects', 'unit', '--', 'apps/payments'])).toMatch(
    /Tests:\s+5 passed, 5 total/,
  );
  expect(mustRun('pnpm', ['exec', 'jest', '--runInBand', '--selectProjects', 'e2e', '--', 'apps/payments'])).toMatch(
    /Tests:\s+1 passed, 1 total/,
  );

  // Standalone development: only this remote is built in watch mode; a saved component re-renders in place.
  const devPort = await freePortBlock();
  const dev: ChildProcess = spawn('pnpm', ['dev', 'payments', '--base-port', String(devPort)], {
    cwd: copy,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const browser = await launchBrowser();
  try {
    await waitForOutput(dev, 'DEV READY', 90_000, 'pnpm dev');
    const page = await browser.context.newPage();
    await page.goto(`http://localhost:${devPort}/payments`);
    await signInAtProvider(page, `http://localhost:${devPort + 100}`, ALICE);
    await page.waitForSelector('[data-testid=payments-overview]');
    expect(await page.textContent('[data-testid=payments-overview]')).toContain('welcome to Payments');

    // Fast Refresh: the typed note (component state) and the page itself survive the edit.
    await expectSavedEditInPlace(page, join(copy, 'apps/payments/src/App.tsx'), 'in the repository');
    expect(new URL(page.url()).pathname).toBe('/payments');
  } finally {
    await browser.close();
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
  }

  // The host was never edited.
  expect(hostFiles().map((file) => readFileSync(join(copy, file), 'utf8'))).toEqual(hostBefore);
});
