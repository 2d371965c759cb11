import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Cookie } from 'playwright-core';
import { DEMO_USERS } from '@mfe/dev-idp';
import { serveStatic, startStack, type RunningStack } from '@mfe/stack';
import { CHROMIUM_PATH, PROFILES, Session, type LoadFigures, type Profile } from './measure';
import { summarize, type Summary } from './stats';

// `pnpm bench` (10 loads per case) or `pnpm bench --quick` (3, a smoke run for CI).
// Builds come first (the root script runs `pnpm build` and the baseline's build).
const quick = process.argv.includes('--quick');
const LOADS = quick ? 3 : 10;
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');
const DEMO = DEMO_USERS[0]!;

/** Budgets from the README; the report says which hold. */
const BUDGETS = { paintRatio: 1.1, jsOverheadGzipBytes: 15 * 1024, extraRequests: 3, manyRemotesRatio: 1.05 };

interface App {
  readonly label: string;
  readonly origin: string;
  readonly idpUrl: string;
  cookies: Cookie[];
}

async function signInOnce(app: App): Promise<void> {
  const dir = join(outDir, `signin-${Date.now()}`);
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${app.origin}/referrals`);
  await page.waitForSelector('#username');
  await page.fill('#username', DEMO.username);
  await page.fill('#password', DEMO.password);
  await page.click('button[type=submit]:has-text("Sign in")');
  await page.waitForSelector('[data-testid=referrals-overview]');
  // The provider's session cookie: each measured load starts signed in at the provider, with an empty cache.
  app.cookies = (await context.cookies()).filter((cookie) => app.idpUrl.includes(cookie.domain));
  await context.close();
}

/** One measured visit in a fresh profile; the profile is closed whatever happens. */
async function inFreshProfile(app: App, profile: Profile, visit: (session: Session) => Promise<LoadFigures>): Promise<LoadFigures> {
  const session = await Session.open(profile, app.origin, app.cookies);
  try {
    return await visit(session);
  } finally {
    await session.close();
  }
}

const coldLoad = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/referrals`, { waitUntil: 'commit' });
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

/** Signed in on /referrals, then a client-side navigation to the account area (its first visit). */
const navigation = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/referrals`);
    await session.waitForPaint('referrals-overview');
    await session.page.waitForTimeout(200);
    session.resetCounters();
    const clickedAt = (await session.page.evaluate('performance.now()')) as number;
    await session.page.click('[data-testid=nav-account]');
    return session.figures((await session.waitForPaint('account-greeting')) - clickedAt);
  });

/** The same load again in the same profile: what a returning user downloads. */
const repeatVisit = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/referrals`);
    await session.waitForPaint('referrals-overview');
    session.resetCounters();
    await session.page.goto(`${app.origin}/referrals`);
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

/** Signed in on a deep link, then the page reloaded: how long until its content is back. */
const reloadDeepLink = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/account`);
    await session.waitForPaint('account-greeting');
    await session.page.waitForTimeout(300); // the kept token (with DPoP) is written
    session.resetCounters();
    await session.page.reload({ waitUntil: 'commit' });
    return session.figures(await session.waitForPaint('account-greeting'));
  });

type Scenario = (app: App, profile: Profile) => Promise<LoadFigures>;

/** Loads alternate between the two apps, so both see the same machine state; ratios are per pair. */
async function pairs(a: App, b: App, profile: Profile, scenario: Scenario) {
  await scenario(a, profile); // warm-up (not recorded)
  await scenario(b, profile);
  const results: Array<[LoadFigures, LoadFigures]> = [];
  for (let i = 0; i < LOADS; i += 1) {
    const first = i % 2 === 0 ? await scenario(a, profile) : await scenario(b, profile);
    const second = i % 2 === 0 ? await scenario(b, profile) : await scenario(a, profile);
    results.push(i % 2 === 0 ? [first, second] : [second, first]);
  }
  return results;
}

type Metric = Exclude<keyof LoadFigures, never>;
const METRICS: readonly Metric[] = ['paintMs', 'fcpMs', 'requests', 'jsRequests', 'jsBytes', 'jsGzipBytes', 'jsTransferBytes', 'tbtMs', 'heapBytes', 'reactCopies'];

function summarizeRuns(runs: readonly LoadFigures[]): Record<Metric, Summary> {
  return Object.fromEntries(METRICS.map((metric) => [metric, summarize(runs.map((run) => run[metric]))])) as Record<Metric, Summary>;
}

interface Comparison {
  readonly scenario: string;
  readonly profile: string;
  readonly a: string;
  readonly b: string;
  readonly aFigures: Record<Metric, Summary>;
  readonly bFigures: Record<Metric, Summary>;
  readonly paintRatio: Summary;
}

function compare(scenario: string, profile: Profile, a: App, b: App, results: Array<[LoadFigures, LoadFigures]>): Comparison {
  return {
    scenario,
    profile: profile.name,
    a: a.label,
    b: b.label,
    aFigures: summarizeRuns(results.map(([x]) => x)),
    bFigures: summarizeRuns(results.map(([, y]) => y)),
    paintRatio: summarize(results.map(([x, y]) => x.paintMs / y.paintMs)),
  };
}

const fmt = (s: Summary, unit: 'ms' | 'KiB' | '' | 'MiB') => {
  const scale = unit === 'KiB' ? 1024 : unit === 'MiB' ? 1024 * 1024 : 1;
  const digits = unit === 'ms' || unit === '' ? 0 : 1;
  const v = (n: number) => (n / scale).toFixed(digits);
  return s.min === s.max ? `${v(s.median)}${unit ? ` ${unit}` : ''}` : `${v(s.median)} (${v(s.min)}–${v(s.max)})${unit ? ` ${unit}` : ''}`;
};

const ratioText = (s: Summary) => `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

function table(comparisons: readonly Comparison[]): string {
  const rows = ['| scenario | profile | app | content painted | FCP | requests | JS raw | JS gzip | JS over network | TBT | heap | React copies | paint ratio |', '|---|---|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const c of comparisons) {
    for (const [label, f, ratio] of [
      [c.a, c.aFigures, ratioText(c.paintRatio)] as const,
      [c.b, c.bFigures, '1 (reference)'] as const,
    ]) {
      rows.push(
        `| ${c.scenario} | ${c.profile} | ${label} | ${fmt(f.paintMs, 'ms')} | ${fmt(f.fcpMs, 'ms')} | ${fmt(f.requests, '')} | ${fmt(f.jsBytes, 'KiB')} | ${fmt(f.jsGzipBytes, 'KiB')} | ${fmt(f.jsTransferBytes, 'KiB')} | ${fmt(f.tbtMs, 'ms')} | ${fmt(f.heapBytes, 'MiB')} | ${fmt(f.reactCopies, '')} | ${ratio} |`,
      );
    }
  }
  return rows.join('\n');
}

function budgets(comparisons: readonly Comparison[]): Array<{ budget: string; measured: string; ok: boolean }> {
  const find = (scenario: string, profile: string) => comparisons.find((c) => c.scenario === scenario && c.profile === profile)!;
  const throttled = find('cold load', PROFILES[1]!.name);
  const many = find('50 vs 2 remotes', PROFILES[1]!.name);
  const repeat = find('repeat visit', PROFILES[0]!.name);
  const reload = find('signed-in reload of a deep link', PROFILES[1]!.name);
  const overhead = throttled.aFigures.jsGzipBytes.median - throttled.bFigures.jsGzipBytes.median;
  const extra = throttled.aFigures.requests.median - throttled.bFigures.requests.median;
  return [
    { budget: `content painted ≤ ${BUDGETS.paintRatio}× baseline (throttled)`, measured: `${throttled.paintRatio.median.toFixed(2)}×`, ok: throttled.paintRatio.median <= BUDGETS.paintRatio },
    { budget: 'federation + shell JS ≤ 15 KiB gzip over baseline', measured: `${(overhead / 1024).toFixed(1)} KiB`, ok: overhead <= BUDGETS.jsOverheadGzipBytes },
    { budget: `≤ ${BUDGETS.extraRequests} extra requests`, measured: `${extra}`, ok: extra <= BUDGETS.extraRequests },
    { budget: 'React downloaded once', measured: `${throttled.aFigures.reactCopies.max}`, ok: throttled.aFigures.reactCopies.max === 1 },
    { budget: '50 remotes within 5% of 2 (throttled)', measured: `${many.paintRatio.median.toFixed(3)}×`, ok: many.paintRatio.median <= BUDGETS.manyRemotesRatio },
    { budget: 'warm repeat visit transfers no JS', measured: `${(repeat.aFigures.jsTransferBytes.max / 1024).toFixed(1)} KiB`, ok: repeat.aFigures.jsTransferBytes.max === 0 },
    {
      budget: 'signed-in reload with DPoP (kept token, one request) no slower than the iframe restore (throttled)',
      measured: `${reload.aFigures.paintMs.median.toFixed(0)} vs ${reload.bFigures.paintMs.median.toFixed(0)} ms, ${reload.paintRatio.median.toFixed(2)}×`,
      ok: reload.paintRatio.median <= 1,
    },
  ];
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const baselinePort = 7450;
  const stacks: RunningStack[] = [];
  const servers: Array<{ close(): Promise<void> }> = [];
  try {
    const main = await startStack({ ports: { host: 7400, idp: 7500 }, compress: true, extraHostOrigins: [`http://localhost:${baselinePort}`] });
    stacks.push(main);
    const many = await startStack({ ports: { host: 7600, idp: 7700 }, compress: true, idleRemotes: 48 });
    stacks.push(many);
    const withDpop = await startStack({ ports: { host: 7800, idp: 7900 }, compress: true, dpop: true });
    stacks.push(withDpop);
    servers.push(await serveStatic({ dir: join(here, '..', 'dist'), port: baselinePort, compress: true, role: { kind: 'host', headers: { config: main.config }, runtimeFiles: { '/config.json': main.config } } }));

    const host: App = { label: 'host (federated)', origin: main.hostUrl, idpUrl: main.idpUrl, cookies: [] };
    const baseline: App = { label: 'baseline (single bundle)', origin: `http://localhost:${baselinePort}`, idpUrl: main.idpUrl, cookies: [] };
    const host50: App = { label: 'host, 50 remotes in manifest', origin: many.hostUrl, idpUrl: many.idpUrl, cookies: [] };
    await signInOnce(host);
    baseline.cookies = host.cookies;
    await signInOnce(host50);
    const hostDpop: App = { label: 'host with DPoP (kept refresh token)', origin: withDpop.hostUrl, idpUrl: withDpop.idpUrl, cookies: [] };
    await signInOnce(hostDpop);
    const hostIframe: App = { label: 'host without DPoP (iframe restore)', origin: main.hostUrl, idpUrl: main.idpUrl, cookies: host.cookies };

    const comparisons: Comparison[] = [];
    for (const profile of PROFILES) {
      console.log(`measuring cold loads (${profile.name}) …`);
      comparisons.push(compare('cold load', profile, host, baseline, await pairs(host, baseline, profile, coldLoad)));
      console.log(`measuring client-side navigation (${profile.name}) …`);
      comparisons.push(compare('navigation to 2nd remote', profile, host, baseline, await pairs(host, baseline, profile, navigation)));
      console.log(`measuring repeat visits (${profile.name}) …`);
      comparisons.push(compare('repeat visit', profile, host, baseline, await pairs(host, baseline, profile, repeatVisit)));
      console.log(`measuring 50 vs 2 remotes (${profile.name}) …`);
      comparisons.push(compare('50 vs 2 remotes', profile, host50, host, await pairs(host50, host, profile, coldLoad)));
      console.log(`measuring signed-in reloads, DPoP vs iframe (${profile.name}) …`);
      comparisons.push(compare('signed-in reload of a deep link', profile, hostDpop, hostIframe, await pairs(hostDpop, hostIframe, profile, reloadDeepLink)));
    }
    const checks = budgets(comparisons);
    const markdown = [
      `Benchmark: ${LOADS} loads per case after a warm-up, medians with min–max, fresh profile and empty cache per load; ${new Date().toISOString()}; ${quick ? 'QUICK (smoke) run' : 'full run'}.`,
      '',
      table(comparisons),
      '',
      '| budget | measured | |',
      '|---|---|---|',
      ...checks.map((c) => `| ${c.budget} | ${c.measured} | ${c.ok ? 'within' : 'OVER'} |`),
    ].join('\n');
    writeFileSync(join(outDir, 'results.json'), JSON.stringify({ loads: LOADS, quick, comparisons, budgets: checks }, null, 2));
    writeFileSync(join(outDir, 'results.md'), `${markdown}\n`);
    console.log(`\n${markdown}\n\n(results in .bench/results.json and .bench/results.md; ${Math.round((Date.now() - started) / 1000)} s)`);
  } finally {
    await Promise.all([...servers, ...stacks].map((s) => s.close()));
  }
}

await main();
