import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@mfe/e2e/browser';
import { commands, consolePages, DirectoryStore, startReleaseService } from '@mfe/release';
import { startHost, tempDir, writeBuild } from '@mfe/release/testing';
import { fmt, summarize } from './stats';

// `pnpm bench:console`: the release console's first view of a large store, as a person opens it
// (a fresh browser profile, an empty cache, the service just started), against the same console
// on a store of one remote, measured in the same run. "Ready" is when the overview shows every
// remote of every environment (the page's tables, filled), in ms since the navigation started.
// Then how long a change made elsewhere (the CLI) takes to show on an open page.
const REMOTES = 50;
const ENVIRONMENTS = ['development', 'staging', 'canary', 'production', 'production-eu'] as const;
const REVISIONS = 1_000;
const LOADS = Number(process.argv.find((arg) => arg.startsWith('--loads='))?.slice('--loads='.length) ?? 7);
const LOOK_EVERY_MS = 5_000;
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');
const who = { actor: 'bench', reason: '' };

interface Seeded {
  readonly store: DirectoryStore;
  readonly remotes: number;
  readonly envs: readonly string[];
  close(): Promise<void>;
}

/** A store as a platform with many teams has it: every remote in every environment, a long history in production. */
async function seed(remotes: number, envs: readonly string[], revisions: number): Promise<Seeded> {
  const dir = tempDir('bench-console-store');
  const store = new DirectoryStore(dir);
  const host = await startHost(() => dir);
  await commands.init(
    store,
    { publicUrl: `${host.url}/remotes`, hosts: Object.fromEntries(envs.map((env) => [env, host.url])) },
    who,
  );
  const builds = tempDir('bench-console-builds');
  const names = Array.from({ length: remotes }, (_, index) => `area_${String(index).padStart(2, '0')}`);
  for (const name of names)
    for (const version of ['1.0.0', '1.1.0']) await commands.publish(store, writeBuild(builds, name, version), who);
  for (const env of envs)
    for (const name of names)
      await commands.deploy({ store, env, who }, `${name}@1.0.0`, { path: `/${name.replace('_', '-')}`, label: name });
  const production = envs.at(-2) ?? envs[0]!;
  for (let revision = remotes; revision < revisions; revision += 1) {
    const name = names[revision % remotes]!;
    const version = Math.floor(revision / remotes) % 2 === 1 ? '1.1.0' : '1.0.0';
    await commands.deploy(
      { store, env: production, who: { actor: 'bench', reason: `change ${revision}` } },
      `${name}@${version}`,
    );
  }
  return { store, remotes, envs, close: () => host.close() };
}

/** A fresh release service on the store, its console read-only (no provider), as a desk tool runs it; on a free port. */
function readOnlyService(seeded: Seeded) {
  return startReleaseService({
    store: seeded.store,
    host: '127.0.0.1',
    port: 0,
    lookEveryMs: LOOK_EVERY_MS,
    log: () => undefined,
    console: { signIn: null, read: 'anyone', prometheusFor: () => undefined, pages: consolePages() },
  });
}

/** One first view: a fresh service and a fresh profile; ms from navigation start to every table filled. */
async function firstView(browser: Browser, seeded: Seeded): Promise<{ ready: number; api: number; warm: number }> {
  const service = await readOnlyService(seeded);
  try {
    const cold = await openOverview(browser, service.url, seeded);
    // The next person's first view, on the same (running) service: what most people see.
    const warm = await openOverview(browser, service.url, seeded);
    return { ...cold, warm: warm.ready };
  } finally {
    await service.close();
  }
}

/** The overview in a fresh profile: ms from navigation start to every table filled, and the API's answer time. */
async function openOverview(browser: Browser, url: string, seeded: Seeded): Promise<{ ready: number; api: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let api = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/overview')) api = request.timing().responseEnd;
    });
    await page.goto(`${url}/`);
    const expected = seeded.remotes * seeded.envs.length;
    // A string, not a function: the runner's compiler would wrap a function's names in helpers the page lacks.
    const ready = await page.evaluate<number>(`new Promise((resolve) => {
      const check = () => document.querySelectorAll('section.environment th[scope=row]').length >= ${expected}
        ? resolve(performance.now())
        : requestAnimationFrame(check);
      check();
    })`);
    return { ready, api };
  } finally {
    await context.close();
  }
}

/** How long a change made by the CLI takes to show on an open overview. */
async function liveUpdate(browser: Browser, seeded: Seeded): Promise<number> {
  const service = await readOnlyService(seeded);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${service.url}/`);
    const env = seeded.envs[0]!;
    const region = page.getByRole('region', { name: new RegExp(`^${env}`) });
    await region.getByRole('link', { name: /^revision \d+$/ }).waitFor();
    // Listening for a while, as an open page is.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const changedAt = Date.now();
    const lines = await commands.rollback({ store: seeded.store, env, who }, undefined);
    const revision = /revision (\d+)/.exec(lines.join('\n'))?.[1];
    await region.getByRole('link', { name: `revision ${revision}` }).waitFor({ timeout: 30_000 });
    return Date.now() - changedAt;
  } finally {
    await context.close();
    await service.close();
  }
}

async function main() {
  const started = Date.now();
  console.log(`seeding: ${REMOTES} remotes × ${ENVIRONMENTS.length} environments, ${REVISIONS} revisions in one …`);
  const large = await seed(REMOTES, ENVIRONMENTS, REVISIONS);
  const small = await seed(1, ['production'], 1);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; ${LOADS} first views of each, alternating …`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const views = {
    large: [] as number[],
    small: [] as number[],
    largeApi: [] as number[],
    smallApi: [] as number[],
    largeWarm: [] as number[],
    smallWarm: [] as number[],
  };
  const lives: number[] = [];
  try {
    for (let load = 0; load < LOADS; load += 1) {
      const a = await firstView(browser, large);
      const b = await firstView(browser, small);
      views.large.push(a.ready);
      views.largeWarm.push(a.warm);
      views.smallWarm.push(b.warm);
      views.largeApi.push(a.api);
      views.small.push(b.ready);
      views.smallApi.push(b.api);
    }
    for (let load = 0; load < 3; load += 1) lives.push(await liveUpdate(browser, large));
  } finally {
    await browser.close();
    await large.close();
    await small.close();
  }
  const ratio = summarize(views.large).median / summarize(views.small).median;
  const report = [
    `Release console, first view (${LOADS} loads each, alternating; fresh service, profile and cache per load; unthrottled, this machine); ${new Date().toISOString()}`,
    '',
    "| store | first view, service just started | its /api/overview | next person's first view (service running) |",
    '| --- | --- | --- | --- |',
    `| ${REMOTES} remotes × ${ENVIRONMENTS.length} environments, ${REVISIONS} revisions | ${fmt(summarize(views.large), 'ms')} | ${fmt(summarize(views.largeApi), 'ms')} | ${fmt(summarize(views.largeWarm), 'ms')} |`,
    `| 1 remote, 1 environment, 1 revision (reference) | ${fmt(summarize(views.small), 'ms')} | ${fmt(summarize(views.smallApi), 'ms')} | ${fmt(summarize(views.smallWarm), 'ms')} |`,
    '',
    `Ratio large ÷ reference: ${ratio.toFixed(2)}×. Budget: first view of the large store under 1,000 ms — ${summarize(views.large).median < 1_000 ? 'met' : 'NOT met'}.`,
    `A change made with the CLI shown on an open page after ${fmt(summarize(lives), 'ms')} (3 changes; the service looks every ${LOOK_EVERY_MS} ms, its feed every ${Math.min(LOOK_EVERY_MS, 2_000)} ms).`,
  ].join('\n');
  console.log(`\n${report}`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'console.md'), `${report}\n`);
}

await main();
