import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '@mfe/e2e/browser';
import { ALICE, signInAtProvider } from '@mfe/e2e/sign-in';
import { copyRepository, freePortBlock, waitForOutput } from '@mfe/e2e/processes';
import { localUrl, topology } from '@mfe/manifest';

// `pnpm bench:dev`: how fast and how heavy `pnpm dev <remote>` is with 2 remotes in the
// repository vs 10 more scaffolded ones, in a throw-away copy of the repository; and how long a
// saved edit takes to show (Fast Refresh) against a full page reload measured in the same run.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const EXTRA = 10;
const RUNS = 5;

function mustRun(cwd: string, args: string[]): void {
  const result = spawnSync('pnpm', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Resident memory of a process group (the dev launcher, its dev server and the stack), in MiB. */
function groupRssMiB(pgid: number): number {
  let kib = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kib / 1024;
}

/** `pnpm dev referrals` on a free block of ports (the stack moves with its host's port). */
async function startDev(cwd: string): Promise<{ child: ChildProcess; hostPort: number }> {
  const hostPort = await freePortBlock();
  const child = spawn('pnpm', ['dev', 'referrals', '--base-port', String(hostPort)], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return { child, hostPort };
}

async function measureDev(cwd: string): Promise<{ ms: number; bannerMs: number; rssMiB: number }> {
  const started = performance.now();
  const { child } = await startDev(cwd);
  const output = await waitForOutput(child, 'DEV READY', 120_000, 'pnpm dev');
  const ms = performance.now() - started;
  // What the banner tells the person, held against the time measured here from the spawn.
  const banner = /ready (\d+(?:\.\d+)?) s after the command started/.exec(output);
  if (!banner) throw new Error(`pnpm dev's banner does not say when it was ready:\n${output}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssMiB = groupRssMiB(child.pid!);
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms, bannerMs: Number(banner[1]) * 1000, rssMiB };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const EDITS = 7;
/** Where the bench edits referrals: inside the overview's element of its component. */
const EDITED = {
  file: 'apps/referrals/src/ReferralsApp.tsx',
  anchor: `<p data-testid="referrals-overview" {...paintMarker('referrals-overview')}>`,
};

/** Edit-to-update with Fast Refresh, and a full page reload to the same content, in one dev session. */
async function measureEdits(cwd: string): Promise<{ refresh: number[]; reload: number[] }> {
  const file = join(cwd, EDITED.file);
  const original = readFileSync(file, 'utf8');
  // The edit goes inside a component, as a person's would: an edit elsewhere (a module of texts)
  // is a page reload, not Fast Refresh, and would measure the wrong thing.
  if (!original.includes(EDITED.anchor))
    throw new Error(
      `${EDITED.file} no longer holds ${EDITED.anchor}: point the bench's edit at the overview's element.`,
    );
  const { child, hostPort } = await startDev(cwd);
  const browser = await launchBrowser();
  try {
    await waitForOutput(child, 'DEV READY', 120_000, 'pnpm dev');
    const page = await browser.context.newPage();
    await page.goto(`${localUrl(hostPort)}/referrals`);
    await signInAtProvider(page, localUrl(topology(hostPort).idp), ALICE);
    await page.waitForSelector('[data-testid=referrals-overview]');
    const refresh: number[] = [];
    const reload: number[] = [];
    for (let i = 0; i < EDITS; i += 1) {
      const marker = `edit number ${i}`;
      // Gone if the edit reloaded the page instead of refreshing the component in place.
      await page.evaluate(() => Object.assign(window, { benchPageKept: true }));
      const saved = performance.now();
      writeFileSync(file, original.replace(EDITED.anchor, `${EDITED.anchor}{${JSON.stringify(marker)}}`));
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=referrals-overview]')?.textContent?.includes(text),
        marker,
        { timeout: 30_000 },
      );
      refresh.push(performance.now() - saved);
      if (!(await page.evaluate(() => (window as { benchPageKept?: boolean }).benchPageKept)))
        throw new Error(`The edit of ${EDITED.file} reloaded the page: Fast Refresh did not apply it in place.`);
      const reloaded = performance.now();
      await page.reload();
      await page.waitForSelector('[data-testid=referrals-overview]');
      reload.push(performance.now() - reloaded);
    }
    return { refresh, reload };
  } finally {
    writeFileSync(file, original);
    await browser.close();
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const spread = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

const copy = copyRepository(repoRoot, 'mfe-dev-bench-');
try {
  mustRun(copy, ['install', '--offline', '--frozen-lockfile']);
  mustRun(copy, ['--filter', '@mfe/host', '--filter', '@mfe/referrals', '--filter', '@mfe/account', 'build']);
  const rows: string[] = [];
  const measure = async (label: string) => {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measureDev(copy));
    const row = `| ${label} | ${spread(runs.map((r) => r.ms))} | ${spread(runs.map((r) => r.bannerMs))} | ${Math.round(median(runs.map((r) => r.rssMiB)))} MiB |`;
    rows.push(row);
    console.log(row);
  };
  console.log(
    '| remotes in the repository | `pnpm dev referrals` ready, from its spawn | its banner says | memory (all its processes) |\n|---|---|---|---|',
  );
  await measure('2');
  for (let i = 1; i <= EXTRA; i += 1)
    mustRun(copy, ['create-remote', `area${i}`, '--route', `/area-${i}`, '--no-install']);
  mustRun(copy, ['install', '--offline', '--no-frozen-lockfile']);
  mustRun(copy, ['--filter', './apps/area*', 'build']);
  await measure(`${2 + EXTRA} (10 scaffolded)`);
  console.log(
    `\nmedians (min–max) of ${RUNS} starts each; the watched remote is built by webpack's dev server, the host once for development, the others are served from their builds.`,
  );
  const edits = await measureEdits(copy);
  const ratio = edits.refresh.map((ms, i) => ms / edits.reload[i]!);
  console.log(
    `\n| saved edit of referrals' component to updated text (${EDITS} edits) | median (min–max) |\n|---|---|\n| Fast Refresh (state kept) | ${spread(edits.refresh)} |\n| full page reload to the same content (baseline) | ${spread(edits.reload)} |\n| ratio, edit by edit | ${median(ratio).toFixed(2)}× (${Math.min(...ratio).toFixed(2)}–${Math.max(...ratio).toFixed(2)}) |\n`,
  );
} finally {
  rmSync(copy, { recursive: true, force: true });
}
