import { readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  launchBrowser,
  signInAtProvider,
  ALICE,
  startNginxDeployment,
  startPrometheus,
  type NginxDeployment,
  type TestBrowser,
  runRelease,
  release as releaseIn,
  canaryBuild,
  rolloutEnded,
  serveRelease,
  type ServedRelease,
} from '../src';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/browser';
import { topology } from '@mfe/manifest';

// Releasing a remote as a platform engineer does, with `mfe-release` on a folder store that real
// nginx serves: the store's remotes/ is the remotes' origin, and the host's /remotes.json is the
// store's production manifest (as `server:config --manifest <store>/envs/production/manifest.json`
// would configure it). The canary fixture is one remote built as two versions that say which
// they are.
const repoRoot = join(__dirname, '..', '..', '..');
let deployment: NginxDeployment;
let browser: TestBrowser;

beforeAll(async () => {
  deployment = await startNginxDeployment();
});
afterAll(async () => {
  await browser?.close();
  await deployment?.stop();
});

const release = (...args: string[]) => runRelease(deployment.dir, ...args);
const expectDone = (...args: string[]) => releaseIn(deployment.dir, ...args);

const productionManifest = () => readFileSync(join(deployment.dir, 'envs', 'production', 'manifest.json'), 'utf8');

test('a remote published twice goes to staging, the same bytes to production, and back, with history; the open host follows without a rebuild', async () => {
  await expectDone(
    'init',
    '--public-url',
    deployment.remotesUrl,
    '--host',
    `staging=${deployment.hostUrl}`,
    '--host',
    `production=${deployment.hostUrl}`,
  );
  expect(await expectDone('publish', canaryBuild('1.0.0'), '--actor', 'ci')).toMatch(/✔ published canary@1\.0\.0/);
  expect(await expectDone('publish', canaryBuild('1.1.0'), '--actor', 'ci')).toMatch(/✔ published canary@1\.1\.0/);
  await expectDone(
    'deploy',
    'canary@1.0.0',
    '--env',
    'staging',
    '--path',
    '/canary',
    '--label',
    'Canary',
    '--actor',
    'alice',
    '--reason',
    'first release',
  );
  await expectDone(
    'promote',
    '--from',
    'staging',
    '--to',
    'production',
    '--actor',
    'bob',
    '--reason',
    'staging looks good',
  );
  // nginx serves the store's production manifest at the host's /remotes.json from now on.
  renameSync(deployment.manifestFile, `${deployment.manifestFile}.before`);
  symlinkSync(join(deployment.dir, 'envs', 'production', 'manifest.json'), deployment.manifestFile);

  browser = await launchBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${deployment.hostUrl}/canary`);
  await signInAtProvider(page, deployment.idpUrl, ALICE);
  await page.getByTestId('canary-release').waitFor();
  expect(await page.getByTestId('canary-release').textContent()).toBe('Release 1.0.0');

  await expectDone('deploy', 'canary@1.1.0', '--env', 'staging', '--actor', 'alice', '--reason', 'new copy');
  expect(
    await expectDone(
      'promote',
      '--from',
      'staging',
      '--to',
      'production',
      'canary',
      '--actor',
      'bob',
      '--reason',
      'ship it',
    ),
  ).toContain('~ canary 1.0.0 → 1.1.0');
  // Production points at the very files staging ran: the same URL, and bytes equal to the build's.
  const production = JSON.parse(productionManifest()) as {
    revision: number;
    remotes: Array<{ entry: string; integrity: string }>;
  };
  const staging = JSON.parse(
    readFileSync(join(deployment.dir, 'envs', 'staging', 'manifest.json'), 'utf8'),
  ) as typeof production;
  expect(production.remotes).toEqual(staging.remotes);
  const served = Buffer.from(
    await (await fetch(new URL('remoteEntry.js', production.remotes[0]!.entry))).arrayBuffer(),
  );
  expect(served.equals(readFileSync(join(canaryBuild('1.1.0'), 'remoteEntry.js')))).toBe(true);
  await page.reload();
  await page.getByText('Release 1.1.0').waitFor();

  expect(
    await expectDone('rollback', '--env', 'production', '--actor', 'carol', '--reason', 'errors went up'),
  ).toContain('~ canary 1.1.0 → 1.0.0');
  await page.reload();
  await page.getByText('Release 1.0.0').waitFor();

  const history = await expectDone('history', '--env', 'production');
  expect(history.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^#1 \S+ bob: promote canary from staging #1 \[canary 1\.0\.0 at \/canary\] — staging looks good$/,
    ),
    expect.stringMatching(/^#2 \S+ bob: promote canary from staging #2 \[canary 1\.0\.0 → 1\.1\.0\] — ship it$/),
    expect.stringMatching(/^#3 \S+ carol: rollback to #1 \[canary 1\.1\.0 → 1\.0\.0\] — errors went up$/),
  ]);
  expect((await expectDone('diff', '--env', 'production', '2', '3')).trim()).toBe('~ canary 1.1.0 → 1.0.0');
});

test('a deploy of a build the host cannot run is refused with one line per problem, and production is unchanged', async () => {
  const before = productionManifest();
  await expectDone('publish', join(repoRoot, 'packages', 'e2e', 'fixtures', 'react18', 'dist'), '--actor', 'ci');
  const refused = await release(
    'deploy',
    'react18@0.0.0',
    '--env',
    'production',
    '--path',
    '/react18',
    '--label',
    'React 18',
    '--actor',
    'alice',
  );
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(
    /✖ The new production manifest was refused; production is unchanged at revision \d+\.\n {2}✖ react18: built for react/,
  );
  expect(productionManifest()).toBe(before);
  expect((await release('deploy', 'nothing@1.0.0', '--env', 'production', '--actor', 'alice')).out).toMatch(
    /nothing@1\.0\.0 is not published in .*: run `mfe-release publish <its dist folder>` first/,
  );
});

/** The release the canary fixture's home tile comes from in this context's next load of the home page (null: no tile). */
async function tileSeen(context: BrowserContext): Promise<string | null> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${deployment.hostUrl}/`);
  // The home page's own list of areas: its slot is rendered with it (and is in its HTML); with no
  // contribution placed, the slot renders nothing at all. Then the tile, or the slot gone (the HTML
  // may be older than the manifest the browser reads). Waiting for the network to go quiet was not
  // enough: on a busy machine a script can run longer than that quiet half second.
  await page.locator('main').getByRole('link', { name: 'Canary' }).waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid=canary-tile]') || !document.querySelector('[data-slot="home.tiles"]'),
    undefined,
    { timeout: 15_000 },
  );
  const tile = page.getByTestId('canary-tile');
  if ((await tile.count()) === 0) return null;
  return (await tile.textContent())!.replace('Tile of release ', '');
}

/** The canary fixture's home tile, shown to everyone. */
const RELEASE_TILE = JSON.stringify([
  { slot: 'home.tiles', module: 'release-tile', requiresAuth: false, label: 'Canary release' },
]);

/** Forgets what a browser stored for the host's site (its cohort seed, its tab's choices), keeping its HTTP cache. */
async function forgetSite(page: Page): Promise<void> {
  if (page.url().startsWith(deployment.hostUrl))
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
}

/** The release a fresh context's page shows at /canary. */
async function releaseSeen(context: BrowserContext): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${deployment.hostUrl}/canary`);
  return (await page.getByTestId('canary-release').textContent({ timeout: 15_000 }))!.replace('Release ', '');
}

test('a canary at 25 %: about a quarter of fresh browsers get the candidate, each keeps its side across reloads, and a tab open on stable stays there while the candidate is promoted', async () => {
  await expectDone(
    'deploy',
    'canary@1.0.0',
    '--env',
    'production',
    '--public',
    '--contributions',
    RELEASE_TILE,
    '--actor',
    'alice',
    '--reason',
    'stable, open to visitors',
  );
  expect(
    await expectDone(
      'canary',
      'canary@1.1.0',
      '--env',
      'production',
      '--percent',
      '25',
      '--actor',
      'alice',
      '--reason',
      'try the new copy',
    ),
  ).toContain('canary canary@1.1.0 at 25 %');
  const engine: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    // Fresh profiles kept open for what follows: a dozen at least, and two on each side at least.
    const kept: Array<{ context: BrowserContext; release: string }> = [];
    const onSide = (release: string) => kept.filter((one) => one.release === release).length;
    while (kept.length < 12 || onSide('1.0.0') < 2 || onSide('1.1.0') < 2) {
      if (kept.length >= 60)
        throw new Error(`60 fresh profiles and still not two on each side: ${kept.map((one) => one.release)}`);
      const context = await engine.newContext();
      kept.push({ context, release: await releaseSeen(context) });
    }
    // 200 browsers without a cohort seed: the kept ones, then visits from four profiles whose site
    // data (where the seed lives) is cleared before each; their HTTP cache stays, as a returning
    // device's would. With a true share of 25 %, 30 to 70 of 200 fails by chance about once in a
    // thousand runs (3.3 standard deviations either side of 50).
    // (The first dozen only: the profiles drawn after them, until both sides had two, were kept for a reason.)
    const seen = kept.slice(0, 12).map((one) => one.release);
    const visitors = await Promise.all([0, 1, 2, 3].map(async () => (await engine.newContext()).newPage()));
    while (seen.length < 200)
      seen.push(
        ...(await Promise.all(
          visitors.slice(0, 200 - seen.length).map(async (page) => {
            await forgetSite(page);
            return releaseSeen(page.context());
          }),
        )),
      );
    await Promise.all(visitors.map((page) => page.context().close()));
    const candidates = seen.filter((release) => release === '1.1.0').length;
    expect(seen.filter((release) => release !== '1.0.0' && release !== '1.1.0')).toEqual([]);
    expect(candidates).toBeGreaterThanOrEqual(30);
    expect(candidates).toBeLessThanOrEqual(70);

    console.log(`Canary at 25 %: ${candidates} of 200 browsers without a seed got the candidate`);

    // Kept across reloads.
    const contexts = kept.map((one) => one.context);
    const before = kept.map((one) => one.release);
    expect(await Promise.all(contexts.map(releaseSeen))).toEqual(before);

    // Its contribution comes from the same build as its area in each browser (the candidate's
    // browsers get the candidate's tile), five at a time over every kept browser.
    const tiles: Array<string | null> = [];
    for (let start = 0; start < contexts.length; start += 5)
      tiles.push(...(await Promise.all(contexts.slice(start, start + 5).map(tileSeen))));
    expect(tiles).toEqual(before);
    expect(tiles).toContain('1.1.0');

    // An admin's /diagnostics says which build this browser got and why.
    const admin = kept.find((one) => one.release === '1.1.0')!.context;
    {
      const page = admin.pages()[0]!;
      await page.goto(`${deployment.hostUrl}/canary`);
      await page.getByTestId('canary-release').waitFor();
      await page.click('[data-testid=sign-in]');
      await signInAtProvider(page, deployment.idpUrl, ALICE);
      // Back where sign-in started, once the callback is done (leaving earlier would abandon it).
      await page.waitForURL(`${deployment.hostUrl}/canary`);
      await page.click('[data-testid=nav-diagnostics]');
      const build = page.locator('tr[data-remote="canary"] [data-testid="remote-build"]');
      await build.waitFor();
      expect(await build.textContent()).toMatch(/^candidate \(canary at 25 %; this browser is at \d+\.\d\d\)$/);
    }

    // A tab that started on stable, on another page when the candidate is promoted, still opens stable.
    const onStable = kept.find((one) => one.release === '1.0.0')!.context;
    const tab = onStable.pages()[0]!;
    await tab.goto(`${deployment.hostUrl}/`);
    await tab.getByRole('link', { name: 'Canary' }).first().waitFor();
    await expectDone('canary', 'canary', '--env', 'production', '--promote', '--actor', 'alice', '--reason', 'healthy');
    await tab.getByRole('link', { name: 'Canary' }).first().click();
    expect(await tab.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.0.0');
    // Its next full load, and any new browser, get the promoted build.
    expect(await releaseSeen(onStable)).toBe('1.1.0');
    const fresh = await engine.newContext();
    expect(await releaseSeen(fresh)).toBe('1.1.0');
    expect(await tileSeen(fresh)).toBe('1.1.0');

    // Taking the contribution off with a deploy (no build, no rebuild): gone from the next load.
    await expectDone(
      'deploy',
      'canary@1.1.0',
      '--env',
      'production',
      '--contributions',
      '[]',
      '--actor',
      'alice',
      '--reason',
      'tile retired',
    );
    expect(await tileSeen(fresh)).toBeNull();
    expect(await releaseSeen(fresh)).toBe('1.1.0');
    await Promise.all(contexts.map((context) => context.close()));
  } finally {
    await engine.close();
  }
}, 420_000);

/** "at 50 %: … (3/120)" lines: the candidate loads each share had when it moved on. */
function loadsPerShare(out: string): string[] {
  return [
    ...out.matchAll(
      /at (\d+) %: healthy, (?:on to \d+ %|promoted)[^\n]*?candidate [\d.]+ errors per load \((\d+)\/(\d+)\)/g,
    ),
  ].map((match) => `${match[1]} %: ${match[3]} candidate loads (${match[2]} errors)`);
}

/**
 * Visitors who accepted analytics, a few at a time, each a browser the canary has not met that opens
 * /canary, waits for the area or its error panel, and leaves (which sends its telemetry), until told
 * to stop. Returns what each saw: a release, or "error".
 */
async function visitors(engine: Browser, until: Promise<unknown>): Promise<string[]> {
  let done = false;
  void until.finally(() => (done = true));
  const seen: string[] = [];
  // Three profiles, their site data (the cohort seed) cleared before each visit: each visit is a
  // browser the canary has not met, its HTTP cache kept as a returning device's would be.
  const pages = await Promise.all(
    [0, 1, 2].map(async () => {
      const context = await engine.newContext();
      await context.addInitScript(() =>
        window.localStorage.setItem('mfe.consent.v1', JSON.stringify({ analytics: true, marketing: false })),
      );
      return context.newPage();
    }),
  );
  try {
    while (!done) {
      await Promise.all(
        pages.map(async (page) => {
          await forgetSite(page);
          await page.goto(`${deployment.hostUrl}/canary`);
          const shown = page.locator('[data-testid=canary-release], [data-testid=remote-error]').first();
          await shown.waitFor({ timeout: 15_000 });
          seen.push(
            (await shown.getAttribute('data-testid')) === 'remote-error'
              ? 'error'
              : (await shown.textContent())!.replace('Release ', ''),
          );
          // Leaving sends what was recorded (the collector adapters flush on pagehide).
          const sent = page
            .waitForResponse((response) => response.url().startsWith(`${deployment.metricsCollectorUrl}/v1/logs`), {
              timeout: 5_000,
            })
            .catch(() => undefined);
          await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
          await sent;
        }),
      );
    }
  } finally {
    await Promise.all(pages.map((page) => page.context().close()));
  }
  return seen;
}

test('rollouts judged from Prometheus move with nobody watching: the release service (two instances) rolls a candidate failing a third of its renders back once; killed mid-rollout and started again, it takes a healthy one to stable; --watch still works beside it, and a person rolling back stops the next one; gc removes what nothing uses', async () => {
  // Through the production metrics path: the metrics collector's command, scraped on its own listener.
  const ports = topology(deployment.basePort);
  const prometheus = await startPrometheus(ports.prometheus, [deployment.metricsScrapeUrl]);
  const engine: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  // Two instances of the release service on the store (the second on the port after the topology's).
  let services: ServedRelease[] = [
    await serveRelease(deployment.dir, ports.releaseService),
    await serveRelease(deployment.dir, ports.releaseService + 1),
  ];
  try {
    await expectDone('publish', canaryBuild('1.2.0'), '--actor', 'ci');
    const rollout = (target: string, interval: string, ...more: string[]) =>
      release(
        'rollout',
        'start',
        target,
        '--env',
        'production',
        '--prometheus',
        prometheus.url,
        '--steps',
        '50,100',
        '--interval',
        interval,
        '--min-loads',
        '30',
        '--margin',
        '0.05',
        '--actor',
        'alice',
        '--reason',
        'the test',
        ...more,
      );
    const rolloutSteps = async () =>
      (
        JSON.parse(await expectDone('history', '--env', 'production', '--json')) as Array<{
          actor: string;
          description: string;
        }>
      )
        .filter((revision) => revision.actor === 'rollout (started by alice)')
        .map((revision) => revision.description);

    // A failing candidate, started with no watcher: the service rolls it back, once.
    const stepsBefore = (await rolloutSteps()).length;
    await rollout('canary@1.2.0', '15s');
    const badEnded = rolloutEnded(deployment.dir, 'production', 'canary');
    const seenDuringBad = await visitors(engine, badEnded);
    const bad = await badEnded;
    expect(bad.status).toBe('rolled-back');
    expect(bad.ending).toMatchObject({ code: 'RELEASE_ROLLOUT_ROLLED_BACK', exit: 3 });
    expect(bad.log.join('\n')).toMatch(/worse, rolled back; candidate 0\.\d{3} errors per load \(\d+\/\d+\)/);
    expect(seenDuringBad).toContain('error');
    console.log(
      `Bad candidate: ${seenDuringBad.length} visits (${seenDuringBad.filter((seen) => seen === 'error').length} failed), then: ${bad.log.filter((line) => /healthy|worse/.test(line)).join(' | ')}`,
    );
    // Two instances looked, one acted: its start's share, then a single rollback.
    expect((await rolloutSteps()).slice(stepsBefore)).toEqual([
      'canary canary@1.2.0 at 50 %',
      'abort canary canary@1.2.0',
    ]);
    const history = await expectDone('history', '--env', 'production');
    expect(history).toMatch(
      /rollout \(started by alice\): abort canary canary@1\.2\.0 — rollout: rolled back automatically, candidate/,
    );
    // Nobody is sent to the bad release any more.
    const after = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const context = await engine.newContext();
        try {
          return await releaseSeen(context);
        } finally {
          await context.close();
        }
      }),
    );
    expect(new Set(after)).toEqual(new Set(['1.1.0']));
    // Both instances say what they did in their health and metrics.
    const health = (await (await fetch(`${services[0]!.url}/healthz`)).json()) as { status: string; looks: number };
    expect(health).toMatchObject({ status: 'ok' });
    expect(health.looks).toBeGreaterThan(3);
    const metrics = await (await fetch(`${services[1]!.url}/metrics`)).text();
    expect(metrics).toMatch(/^mfe_release_looks_total \d+$/m);
    expect(metrics).toMatch(/^mfe_release_look_failures_total 0$/m);

    // A healthy one, with one instance that is killed at its first step and started again.
    await services[1]!.stop();
    const stepsBeforeGood = (await rolloutSteps()).length;
    await rollout('canary@1.0.0', '10s');
    const goodEnded = rolloutEnded(deployment.dir, 'production', 'canary');
    const seenDuringGood = visitors(engine, goodEnded);
    // The release console draws it as it moves: its page, opened now, follows it to the end unreloaded,
    // through the service's restart (it listens again, and asks again for what it missed).
    const watching = await (await engine.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await watching.goto(`${services[0]!.url}/envs/production/rollouts/canary`);
    await watching.getByText(/^Status: running/).waitFor();
    for (let tries = 0; ; tries += 1) {
      if ((await rolloutSteps()).length - stepsBeforeGood >= 2) break;
      if (tries > 600) throw new Error('the service never took the rollout to its next share');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await services[0]!.stop('SIGKILL');
    services = [await serveRelease(deployment.dir, ports.releaseService)];
    const healthy = await goodEnded;
    await watching.getByText(/^Status: promoted · Ended: RELEASE_ROLLOUT_PROMOTED/).waitFor();
    // For a reviewer (docs/images/console-rollout.png is one of these): what the console drew.
    await watching.screenshot({ path: join(repoRoot, '.screenshots', 'console', 'rollout.png'), fullPage: true });
    // Each drawn look is Prometheus's own answer: the candidate's loads at that moment, by its series.
    const drawn = await watching.locator('table.looks tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        at: Number(row.getAttribute('data-at')),
        loads: Number(row.querySelectorAll('td')[1]!.getAttribute('data-loads')),
      })),
    );
    expect(drawn.length).toBeGreaterThan(0);
    for (const look of drawn) {
      const answer = (await (
        await fetch(
          `${prometheus.url}/api/v1/query?${new URLSearchParams({
            query: 'sum(mfe_remote_loads_total{remote="canary",version="1.0.0",variant="candidate"})',
            time: (look.at / 1000).toFixed(3),
          })}`,
        )
      ).json()) as { data: { result: Array<{ value: [number, string] }> } };
      expect([look.at, look.loads]).toEqual([look.at, Number(answer.data.result[0]?.value[1] ?? 0)]);
    }
    await watching.context().close();
    expect(healthy).toMatchObject({ status: 'promoted', ending: { code: 'RELEASE_ROLLOUT_PROMOTED', exit: 0 } });
    expect(healthy.log.join('\n')).toMatch(/at 50 %: healthy, on to 100 %/);
    expect(healthy.log.join('\n')).toMatch(/at 100 %: healthy, promoted/);
    expect(await seenDuringGood).not.toContain('error');
    expect((await rolloutSteps()).slice(stepsBeforeGood)).toEqual([
      'canary canary@1.0.0 at 50 %',
      'canary canary@1.0.0 at 100 %',
      'promote canary canary@1.0.0 to stable',
    ]);
    expect(await expectDone('status', '--env', 'production')).toMatch(/canary 1\.0\.0 at \/canary\n/);
    // The README's release section quotes these: the loads each share took before it moved on.
    console.log(`Healthy candidate, loads per share: ${loadsPerShare(healthy.log.join('\n')).join('; ')}`);

    // A person rolls the environment back while the next rollout runs: the rollout stops, and never
    // writes over them.
    const next = rollout('canary@1.1.0', '1h', '--watch');
    const seenDuringNext = visitors(engine, next);
    for (let tries = 0; !(await expectDone('status', '--env', 'production')).includes('1.1.0'); tries += 1) {
      if (tries > 100) throw new Error('the rollout never set its first share');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const before = await expectDone('history', '--env', 'production');
    await expectDone('rollback', '--env', 'production', '--actor', 'bob', '--reason', 'a person steps in');
    const stopped = await next;
    await seenDuringNext;
    expect(stopped.code).toBe(5);
    expect(stopped.stdout.trimEnd().split('\n').at(-1)).toBe('  (RELEASE_ROLLOUT_STOPPED)');
    // bob's own command stopped it, and its log names his revision.
    expect(await expectDone('rollout', 'status', 'canary', '--env', 'production')).toMatch(
      /stopped: revision \d+ \(rollback to #\d+ by bob: a person steps in\); the change took its candidate out/,
    );
    const afterwards = await expectDone('history', '--env', 'production');
    // Only bob's rollback was added: no share written after it.
    expect(afterwards.split('\n').length - before.split('\n').length).toBe(1);
    expect(await expectDone('status', '--env', 'production')).not.toContain('candidate');

    // gc: the rolled-back 1.2.0 is used by no recent revision once only the last is kept; what is used stays.
    const collected = await expectDone('gc', '--keep-revisions', '1', '--grace', '0s', '--actor', 'ci');
    expect(collected).toMatch(/removed canary@1\.2\.0/);
    expect(collected).not.toMatch(/removed canary@1\.0\.0/);
    expect(await expectDone('verify')).toMatch(/every file as published/);
  } finally {
    await Promise.all(services.map((service) => service.stop()));
    await engine.close();
    await prometheus.stop();
  }
}, 600_000);

test('a preview link shows the branch build with everything else as live; a forged or expired link loads nothing of it and says so', async () => {
  const made = await expectDone(
    'preview',
    canaryBuild('1.1.0'),
    '--env',
    'production',
    '--ttl',
    '1h',
    '--actor',
    'dana',
    '--reason',
    'PR 42',
  );
  const link = /^ {2}(http\S+)$/m.exec(made)![1]!;
  expect(new URL(link).searchParams.get('mfe-preview')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const engine: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const open = async (url: string) => {
      const context = await engine.newContext();
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(url);
      return { context, page, requested };
    };
    // The live app is on 1.0.0 (the healthy rollout above); the preview shows the branch build.
    const shown = await open(new URL('/canary?' + new URL(link).searchParams.toString(), deployment.hostUrl).href);
    await shown.page.getByTestId('preview-banner').waitFor();
    expect(await shown.page.getByTestId('canary-release').textContent()).toBe('Release 1.1.0');
    expect(await shown.page.getByTestId('preview-banner').textContent()).toMatch(
      /^Preview: canary 1\.1\.0, everything else as live, until /,
    );
    // The link leaves the address; the tab keeps the preview until it leaves it.
    expect(new URL(shown.page.url()).search).toBe('');
    await shown.page.reload();
    expect(await shown.page.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.1.0');
    await shown.page.getByRole('button', { name: 'Leave the preview' }).click();
    await shown.page.getByText('Release 1.0.0').waitFor();
    await shown.context.close();

    const forged = await open(`${deployment.hostUrl}/canary?mfe-preview=${'A'.repeat(22)}`);
    await forged.page.getByTestId('preview-refused').waitFor();
    expect(await forged.page.getByTestId('preview-refused').textContent()).toMatch(
      /not valid or the preview was removed/,
    );
    expect(await forged.page.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.0.0');
    expect(forged.requested.filter((url) => url.includes('/canary/1.1.0/'))).toEqual([]);
    // Said once: the tab's next load is the live app without the notice.
    await forged.page.reload();
    expect(await forged.page.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.0.0');
    expect(await forged.page.getByTestId('preview-refused').count()).toBe(0);
    await forged.context.close();

    const short = await expectDone(
      'preview',
      canaryBuild('1.1.0'),
      '--env',
      'production',
      '--ttl',
      '1s',
      '--actor',
      'dana',
    );
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await open(
      new URL('/canary?' + new URL(/^ {2}(http\S+)$/m.exec(short)![1]!).searchParams.toString(), deployment.hostUrl)
        .href,
    );
    await expired.page.getByTestId('preview-refused').waitFor();
    expect(await expired.page.getByTestId('preview-refused').textContent()).toMatch(/^This preview link expired on /);
    expect(await expired.page.getByTestId('canary-release').textContent({ timeout: 15_000 })).toBe('Release 1.0.0');
    expect(expired.requested.filter((url) => url.includes('/canary/1.1.0/'))).toEqual([]);
    await expired.context.close();
  } finally {
    await engine.close();
  }
}, 120_000);
