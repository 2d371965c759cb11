import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Cookie } from 'playwright-core';
import { DEMO_USERS } from '@mfe/dev-idp';
import { readDevRemotes, serveStatic, startStack, type RunningStack, type StackRig } from '@mfe/stack';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PROFILES, Session, type LoadFigures, type Profile } from './measure';
import { summarize, type Summary } from './stats';

// `pnpm bench` (10 loads per case) or `pnpm bench --quick` (3, a smoke run for CI); `--only` below.
// Builds come first (the root script runs `pnpm build` and the baseline's build).
const quick = process.argv.includes('--quick');
// `--only <text>`: just the scenarios whose name contains it (e.g. "navigation"), and their budgets.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
if (onlyAt >= 0 && (!only || only.startsWith('--'))) throw new Error("--only needs part of a scenario's name after it, e.g. `pnpm bench --only navigation`.");
const LOADS = quick ? 3 : 10;
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');
const DEMO = DEMO_USERS[0]!;

/** Budgets from the README; the report says which hold. */
const BUDGETS = {
  paintRatio: 1.1,
  jsOverheadGzipBytes: 15 * 1024,
  extraRequests: 3,
  manyRemotesRatio: 1.05,
  /** The public page's heading vs the plain React page, pair by pair (throttled). */
  plainPaintRatio: 1.35,
  /** All JS the public page downloads, React included. */
  publicJsGzipBytes: 120 * 1024,
  /** A signed-in reload's content vs the public page's reload. */
  signedInReloadExtraMs: 150,
  navigationRatio: 1.2,
};

interface App {
  readonly label: string;
  readonly origin: string;
  readonly idpUrl: string;
  cookies: Cookie[];
  /** A visitor who never signed in: no provider cookie, no signed-in hint. */
  readonly visitor?: boolean;
}

async function signInOnce(app: App): Promise<void> {
  const dir = join(outDir, `signin-${Date.now()}`);
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${app.origin}/account`);
  await page.waitForSelector('#username');
  await page.fill('#username', DEMO.username);
  await page.fill('#password', DEMO.password);
  await page.click('button[type=submit]:has-text("Sign in")');
  await page.waitForSelector('[data-testid=account-greeting]');
  // The provider's session cookie: each measured load starts signed in at the provider, with an empty cache.
  app.cookies = (await context.cookies()).filter((cookie) => app.idpUrl.includes(cookie.domain));
  await context.close();
}

/** One measured visit in a fresh profile; the profile is closed whatever happens. */
async function inFreshProfile(app: App, profile: Profile, visit: (session: Session) => Promise<LoadFigures>): Promise<LoadFigures> {
  const session = await Session.open(profile, app.origin, app.visitor ? [] : app.cookies, !app.visitor);
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

/**
 * Signed in on /referrals, then a client-side navigation to the account area (its first visit), once
 * the page has settled (no request for 500 ms), as when someone reads a page before moving on.
 */
const navigation = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/referrals`);
    await session.waitForPaint('referrals-overview');
    await session.page.waitForLoadState('networkidle');
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

/** A visitor on the public page, then the page reloaded (the reference for a signed-in reload). */
const reloadPublicPage = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.page.goto(`${app.origin}/referrals`);
    await session.waitForPaint('referrals-overview');
    await session.page.waitForTimeout(300);
    session.resetCounters();
    await session.page.reload({ waitUntil: 'commit' });
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

type Scenario = (app: App, profile: Profile) => Promise<LoadFigures>;

/**
 * Loads alternate between the two apps, so both see the same machine state; ratios are per pair.
 * `scenarioB` (default: the same) is what the reference app does.
 */
async function pairs(a: App, b: App, profile: Profile, scenario: Scenario, scenarioB: Scenario = scenario) {
  await scenario(a, profile); // warm-up (not recorded)
  await scenarioB(b, profile);
  const results: Array<[LoadFigures, LoadFigures]> = [];
  for (let i = 0; i < LOADS; i += 1) {
    const first = i % 2 === 0 ? await scenario(a, profile) : await scenarioB(b, profile);
    const second = i % 2 === 0 ? await scenarioB(b, profile) : await scenario(a, profile);
    results.push(i % 2 === 0 ? [first, second] : [second, first]);
  }
  return results;
}

type Metric = Exclude<keyof LoadFigures, never>;
const METRICS: readonly Metric[] = ['paintMs', 'fcpMs', 'requests', 'requestsBeforePaint', 'jsRequests', 'jsBytes', 'jsGzipBytes', 'jsTransferBytes', 'tbtMs', 'heapBytes', 'reactCopies', 'remoteRequestedMs', 'hostScriptLoadedMs'];

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
  /** Content painted, a minus b, pair by pair (ms). */
  readonly paintDelta: Summary;
  /** How long before its own main script had loaded a's page asked for the remote, load by load (ms; negative: after). */
  readonly remoteLead: Summary;
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
    paintDelta: summarize(results.map(([x, y]) => x.paintMs - y.paintMs)),
    remoteLead: summarize(results.filter(([x]) => x.remoteRequestedMs >= 0).map(([x]) => x.hostScriptLoadedMs - x.remoteRequestedMs)),
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
  const rows = ['| scenario | profile | app | content painted | FCP | remote requested | main script loaded | requests (all / before paint) | JS raw | JS gzip | JS over network | TBT | heap | React copies | paint ratio |', '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const c of comparisons) {
    for (const [label, f, ratio] of [
      [c.a, c.aFigures, ratioText(c.paintRatio)] as const,
      [c.b, c.bFigures, '1 (reference)'] as const,
    ]) {
      rows.push(
        `| ${c.scenario} | ${c.profile} | ${label} | ${fmt(f.paintMs, 'ms')} | ${fmt(f.fcpMs, 'ms')} | ${f.remoteRequestedMs.max < 0 ? '–' : fmt(f.remoteRequestedMs, 'ms')} | ${fmt(f.hostScriptLoadedMs, 'ms')} | ${fmt(f.requests, '')} / ${fmt(f.requestsBeforePaint, '')} | ${fmt(f.jsBytes, 'KiB')} | ${fmt(f.jsGzipBytes, 'KiB')} | ${fmt(f.jsTransferBytes, 'KiB')} | ${fmt(f.tbtMs, 'ms')} | ${fmt(f.heapBytes, 'MiB')} | ${fmt(f.reactCopies, '')} | ${ratio} |`,
      );
    }
  }
  return rows.join('\n');
}

const range = (x: Summary, digits = 2, unit = '×') => `${x.median.toFixed(digits)}${unit} (${x.min.toFixed(digits)}–${x.max.toFixed(digits)})`;

interface Check {
  readonly budget: string;
  readonly measured: string;
  readonly ok: boolean;
}

/** Each budget with its figure and verdict; one whose scenario was not measured (`--only`) is left out. */
function budgets(comparisons: readonly Comparison[]): Check[] {
  const find = (scenario: string, profile: string) => comparisons.find((c) => c.scenario === scenario && c.profile === profile);
  const throttledName = PROFILES[1]!.name;
  const when = (c: Comparison | undefined, checks: (c: Comparison) => Check[]): Check[] => (c ? checks(c) : []);
  return [
    ...when(find('public page, cold', throttledName), (plain) => {
      const publicJs = plain.aFigures.jsGzipBytes;
      const remoteAt = plain.aFigures.remoteRequestedMs;
      return [
        { budget: `public page: heading painted ≤ ${BUDGETS.plainPaintRatio}× the plain React page, pair by pair (throttled)`, measured: range(plain.paintRatio), ok: plain.paintRatio.median <= BUDGETS.plainPaintRatio },
        { budget: `public page: JS ≤ ${BUDGETS.publicJsGzipBytes / 1024} KiB gzip, React included (throttled)`, measured: `${fmt(publicJs, 'KiB')} (plain page ${fmt(plain.bFigures.jsGzipBytes, 'KiB')})`, ok: publicJs.median <= BUDGETS.publicJsGzipBytes },
        {
          budget: "public page: the route's remote requested no later than the host's main script has loaded, load by load (throttled)",
          measured: `remote at ${fmt(remoteAt, 'ms')}, main script loaded at ${fmt(plain.aFigures.hostScriptLoadedMs, 'ms')}: ${range(plain.remoteLead, 0, ' ms')} ahead`,
          ok: remoteAt.max >= 0 && plain.remoteLead.median >= 0,
        },
      ];
    }),
    ...when(find('signed-in reload vs public reload', throttledName), (signedIn) => [
      {
        budget: `signed-in reload of a deep link (DPoP) ≤ public page reload + ${BUDGETS.signedInReloadExtraMs} ms, pair by pair (throttled)`,
        measured: `${fmt(signedIn.aFigures.paintMs, 'ms')} vs ${fmt(signedIn.bFigures.paintMs, 'ms')}: ${range(signedIn.paintDelta, 0, ' ms')}`,
        ok: signedIn.paintDelta.median <= BUDGETS.signedInReloadExtraMs,
      },
    ]),
    ...when(find('navigation to 2nd remote', throttledName), (navigation) => [
      { budget: `navigation to a 2nd remote ≤ ${BUDGETS.navigationRatio}× the baseline (throttled)`, measured: range(navigation.paintRatio), ok: navigation.paintRatio.median <= BUDGETS.navigationRatio },
    ]),
    ...when(find('cold load', throttledName), (throttled) => {
      const overhead = throttled.aFigures.jsGzipBytes.median - throttled.bFigures.jsGzipBytes.median;
      const extra = throttled.aFigures.requestsBeforePaint.median - throttled.bFigures.requestsBeforePaint.median;
      return [
        { budget: `content painted ≤ ${BUDGETS.paintRatio}× baseline (throttled)`, measured: range(throttled.paintRatio), ok: throttled.paintRatio.median <= BUDGETS.paintRatio },
        { budget: 'federation + shell JS ≤ 15 KiB gzip over baseline', measured: `${(overhead / 1024).toFixed(1)} KiB`, ok: overhead <= BUDGETS.jsOverheadGzipBytes },
        { budget: `≤ ${BUDGETS.extraRequests} extra requests before content is painted`, measured: `${extra}`, ok: extra <= BUDGETS.extraRequests },
        { budget: 'React downloaded once', measured: `${throttled.aFigures.reactCopies.max}`, ok: throttled.aFigures.reactCopies.max === 1 },
      ];
    }),
    ...when(find('50 vs 2 remotes', throttledName), (many) => [
      { budget: '50 remotes within 5% of 2 (throttled)', measured: range(many.paintRatio, 3), ok: many.paintRatio.median <= BUDGETS.manyRemotesRatio },
    ]),
    ...when(find('repeat visit', PROFILES[0]!.name), (repeat) => [
      { budget: 'warm repeat visit transfers no JS', measured: `${(repeat.aFigures.jsTransferBytes.max / 1024).toFixed(1)} KiB`, ok: repeat.aFigures.jsTransferBytes.max === 0 },
    ]),
    ...when(find('signed-in reload of a deep link', throttledName), (reload) => [
      {
        budget: 'signed-in reload with DPoP (kept token, one request) no slower than the iframe restore (throttled)',
        measured: `${reload.aFigures.paintMs.median.toFixed(0)} vs ${reload.bFigures.paintMs.median.toFixed(0)} ms, ${range(reload.paintRatio)}`,
        ok: reload.paintRatio.median <= 1,
      },
    ]),
  ];
}

/** Manifest entries that are valid but never visited (the 50-remote case): the manifest's size alone. */
function withIdleRemotes(count: number): NonNullable<StackRig['manifest']> {
  return (manifest, { remoteUrls }) => ({
    ...manifest,
    remotes: [
      ...manifest.remotes,
      ...Array.from({ length: count }, (_, i) => ({ name: `idle_${i}`, entry: `${remoteUrls.referrals}/idle-${i}/mf-manifest.json`, path: `/idle-${i}`, label: `Idle ${i}`, order: 1000 + i })),
    ],
  });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const baselinePort = 7450;
  const stacks: RunningStack[] = [];
  const servers: Array<{ close(): Promise<void> }> = [];
  try {
    // The baseline page signs in with the main stack's provider.
    const main = await startStack({ hostPort: 7400, rig: { compress: true, extraHostOrigins: [`http://localhost:${baselinePort}`] } });
    stacks.push(main);
    const many = await startStack({ hostPort: 7600, rig: { compress: true, manifest: withIdleRemotes(48) } });
    stacks.push(many);
    // DPoP on (as `pnpm start`), and referrals a public area: the visitor's page.
    const publicRemotes = readDevRemotes().map((remote) => (remote.name === 'referrals' ? { ...remote, requiresAuth: false } : remote));
    const withDpop = await startStack({ hostPort: 7800, dpop: true, remotes: publicRemotes, rig: { compress: true } });
    stacks.push(withDpop);
    const plainPort = 7455; // beside the baseline, clear of the main stack's collector (host + 60)
    servers.push(await serveStatic({ dir: join(here, '..', 'dist'), port: baselinePort, compress: true, role: { kind: 'host', headers: { config: main.config }, runtimeFiles: { '/config.json': main.config } } }));
    // Served with the host's headers (same policy, same compression).
    servers.push(await serveStatic({ dir: join(here, '..', 'dist-plain'), port: plainPort, compress: true, role: { kind: 'host', headers: { config: main.config } } }));

    const host: App = { label: 'host (federated)', origin: main.hostUrl, idpUrl: main.idpUrl, cookies: [] };
    const baseline: App = { label: 'baseline (single bundle)', origin: `http://localhost:${baselinePort}`, idpUrl: main.idpUrl, cookies: [] };
    const host50: App = { label: 'host, 50 remotes in manifest', origin: many.hostUrl, idpUrl: many.idpUrl, cookies: [] };
    await signInOnce(host);
    baseline.cookies = host.cookies;
    await signInOnce(host50);
    const hostDpop: App = { label: 'host with DPoP (kept refresh token)', origin: withDpop.hostUrl, idpUrl: withDpop.idpUrl, cookies: [] };
    await signInOnce(hostDpop);
    const hostIframe: App = { label: 'host without DPoP (iframe restore)', origin: main.hostUrl, idpUrl: main.idpUrl, cookies: host.cookies };
    const visitor: App = { label: 'host, public page, visitor', origin: withDpop.hostUrl, idpUrl: withDpop.idpUrl, cookies: [], visitor: true };
    const plainPage: App = { label: 'plain React page (one bundle)', origin: `http://localhost:${plainPort}`, idpUrl: withDpop.idpUrl, cookies: [], visitor: true };

    /** What is measured: name, what it says while it runs, the two apps, the scenario (and the reference's, if different). */
    const plan: Array<[string, string, App, App, Scenario, Scenario?]> = [
      ['public page, cold', 'the public page vs a plain React page', visitor, plainPage, coldLoad],
      ['signed-in reload vs public reload', "a signed-in reload vs the public page's reload", hostDpop, visitor, reloadDeepLink, reloadPublicPage],
      ['cold load', 'cold loads', host, baseline, coldLoad],
      ['navigation to 2nd remote', 'client-side navigation', host, baseline, navigation],
      ['repeat visit', 'repeat visits', host, baseline, repeatVisit],
      ['50 vs 2 remotes', '50 vs 2 remotes', host50, host, coldLoad],
      ['signed-in reload of a deep link', 'signed-in reloads, DPoP vs iframe', hostDpop, hostIframe, reloadDeepLink],
    ];
    const chosen = plan.filter(([name]) => !only || name.includes(only));
    if (chosen.length === 0) throw new Error(`--only "${only}" names no scenario; the scenarios are: ${plan.map(([name]) => `"${name}"`).join(', ')}.`);
    const comparisons: Comparison[] = [];
    for (const profile of PROFILES) {
      for (const [name, what, a, b, scenario, scenarioB] of chosen) {
        console.log(`measuring ${what} (${profile.name}) …`);
        comparisons.push(compare(name, profile, a, b, await pairs(a, b, profile, scenario, scenarioB)));
      }
    }
    const checks = budgets(comparisons);
    const markdown = [
      `Benchmark: ${LOADS} loads per case after a warm-up, medians with min–max, fresh profile and empty cache per load; ${new Date().toISOString()}; ${quick ? 'QUICK (smoke) run' : 'full run'}${only ? `, only "${only}"` : ''}.`,
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
