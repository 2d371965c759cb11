import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_FILES } from '@mfe/manifest';
import { readDevRemotes, serveStatic, startStack, type RunningStack, type StackRig } from '@mfe/stack';
import { tileRemotes } from '@mfe/e2e/fixtures';
import { PROFILES } from './measure';
import { budgets } from './budgets';
import { compare, table, waterfalls, type Comparison } from './report';
import {
  coldLoad,
  firstTileWorks,
  interactiveLoad,
  navigation,
  pairs,
  reloadDeepLink,
  reloadInteractive,
  reloadPublicPage,
  repeatVisit,
  signedInShell,
  signInOnce,
  type App,
  type Scenario,
} from './scenarios';

// `pnpm bench` (10 loads per case) or `pnpm bench --quick` (3, a smoke run for CI); `--only` below.
// Builds come first (the root script runs `pnpm build` and the baseline's build).
const quick = process.argv.includes('--quick');
// `--only <text>`: just the scenarios whose name contains it (e.g. "navigation"), and their budgets.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
if (onlyAt >= 0 && (!only || only.startsWith('--')))
  throw new Error("--only needs part of a scenario's name after it, e.g. `pnpm bench --only navigation`.");
const LOADS = quick ? 3 : 10;
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '..', '..', '.bench');

/** Manifest entries that are valid but never visited (the 50-remote case): the manifest's size alone. */
function withIdleRemotes(count: number): NonNullable<StackRig['manifest']> {
  return (manifest, { remoteUrls }) => ({
    ...manifest,
    remotes: [
      ...manifest.remotes,
      ...Array.from({ length: count }, (_, i) => ({
        name: `idle_${i}`,
        entry: `${remoteUrls.referrals}/idle-${i}/mf-manifest.json`,
        path: `/idle-${i}`,
        label: `Idle ${i}`,
        order: 1000 + i,
      })),
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
    const main = await startStack({
      hostPort: 7400,
      rig: { compress: true, extraHostOrigins: [`http://localhost:${baselinePort}`] },
    });
    stacks.push(main);
    const many = await startStack({ hostPort: 7600, rig: { compress: true, manifest: withIdleRemotes(48) } });
    stacks.push(many);
    // DPoP on (as `pnpm start`), and referrals a public area: the visitor's page.
    const publicRemotes = readDevRemotes().map((remote) =>
      remote.name === 'referrals' ? { ...remote, requiresAuth: false } : remote,
    );
    const withDpop = await startStack({ hostPort: 7800, dpop: true, remotes: publicRemotes, rig: { compress: true } });
    stacks.push(withDpop);
    // The same, with every page rendered in the browser (as a host behind nginx serves it today).
    const clientRendered = await startStack({
      hostPort: 8000,
      dpop: true,
      remotes: publicRemotes,
      prerender: false,
      rig: { compress: true },
    });
    stacks.push(clientRendered);
    // The home page (from HTML) with ten tall tiles from five separately built remotes, and with
    // one: the areas' own contributions are left out, so the tiles are all its slot holds.
    const areasAlone = publicRemotes.map(({ contributions: _contributions, ...remote }) => remote);
    const tenTiles = await startStack({
      hostPort: 8200,
      remotes: areasAlone,
      extraRemotes: tileRemotes(5, 2),
      rig: { compress: true },
    });
    stacks.push(tenTiles);
    const oneTile = await startStack({
      hostPort: 8400,
      remotes: areasAlone,
      extraRemotes: tileRemotes(1, 1),
      rig: { compress: true },
    });
    stacks.push(oneTile);
    const plainPort = 7455; // beside the baseline, clear of the main stack's collector (host + 60)
    servers.push(
      await serveStatic({
        dir: join(here, '..', 'dist'),
        port: baselinePort,
        compress: true,
        role: { kind: 'host', headers: { config: main.config }, runtimeFiles: { [RUNTIME_FILES.config]: main.config } },
      }),
    );
    // A reference page of this package's build, served with the host's headers (same policy, same
    // compression) and opened as a visitor.
    const referencePage = async (dir: string, port: number, label: string): Promise<App> => {
      servers.push(
        await serveStatic({
          dir: join(here, '..', dir),
          port,
          compress: true,
          role: { kind: 'host', headers: { config: main.config } },
        }),
      );
      return { label, origin: `http://localhost:${port}`, idpUrl: withDpop.idpUrl, cookies: [], visitor: true };
    };
    const plainPage = await referencePage('dist-plain', plainPort, 'plain React page (one bundle)');
    const fixedChoicesPage = await referencePage(
      'dist-fixed-choices',
      plainPort + 1,
      'the plain page on the fixed choices (federation runtime, shared singletons, react-router)',
    );

    const host: App = { label: 'host (federated)', origin: main.hostUrl, idpUrl: main.idpUrl, cookies: [] };
    const baseline: App = {
      label: 'baseline (single bundle)',
      origin: `http://localhost:${baselinePort}`,
      idpUrl: main.idpUrl,
      cookies: [],
    };
    const host50: App = {
      label: 'host, 50 remotes in manifest',
      origin: many.hostUrl,
      idpUrl: many.idpUrl,
      cookies: [],
    };
    await signInOnce(host, outDir);
    baseline.cookies = host.cookies;
    await signInOnce(host50, outDir);
    const hostDpop: App = {
      label: 'host with DPoP (kept refresh token)',
      origin: withDpop.hostUrl,
      idpUrl: withDpop.idpUrl,
      cookies: [],
    };
    await signInOnce(hostDpop, outDir);
    const hostIframe: App = {
      label: 'host without DPoP (iframe restore)',
      origin: main.hostUrl,
      idpUrl: main.idpUrl,
      cookies: host.cookies,
    };
    const visitor: App = {
      label: 'host, public page from HTML, visitor',
      origin: withDpop.hostUrl,
      idpUrl: withDpop.idpUrl,
      cookies: [],
      visitor: true,
    };
    const visitorClient: App = {
      label: 'host, public page rendered in the browser, visitor',
      origin: clientRendered.hostUrl,
      idpUrl: clientRendered.idpUrl,
      cookies: [],
      visitor: true,
    };

    const tenTilesPage: App = {
      label: 'home page, 10 contributions from 5 remotes, visitor',
      origin: tenTiles.hostUrl,
      idpUrl: tenTiles.idpUrl,
      cookies: [],
      visitor: true,
    };
    const oneTilePage: App = {
      label: 'home page, 1 contribution, visitor',
      origin: oneTile.hostUrl,
      idpUrl: oneTile.idpUrl,
      cookies: [],
      visitor: true,
    };

    /** What is measured: name, what it says while it runs, the two apps, the scenario (and the reference's, if different). */
    const plan: Array<[string, string, App, App, Scenario, Scenario?]> = [
      ['public page, cold', 'the public page (from HTML) vs a plain React page', visitor, plainPage, coldLoad],
      [
        'public page interactive',
        "the public page's area interactive (from HTML) vs a plain React page's button",
        visitor,
        plainPage,
        interactiveLoad,
      ],
      // What the fixed choices alone cost (no code of the platform's own), and what the platform's own
      // code costs on top of them: the two parts of the line above.
      [
        'fixed choices interactive',
        'the plain page on the fixed choices vs the plain React page, until the button works',
        fixedChoicesPage,
        plainPage,
        interactiveLoad,
      ],
      [
        'public page interactive vs the fixed choices',
        "the public page's area interactive (from HTML) vs the plain page on the fixed choices",
        visitor,
        fixedChoicesPage,
        interactiveLoad,
      ],
      [
        'signed-in page shell',
        "a signed-in page's shell (from HTML) vs a plain React page's content",
        hostDpop,
        plainPage,
        signedInShell,
        coldLoad,
      ],
      [
        'public page rendered in the browser, cold',
        'the public page rendered in the browser vs a plain React page',
        visitorClient,
        plainPage,
        coldLoad,
      ],
      [
        'public page rendered in the browser, interactive',
        "the public page's area interactive (rendered in the browser) vs a plain React page's button",
        visitorClient,
        plainPage,
        interactiveLoad,
      ],
      [
        'signed-in reload vs public reload',
        "a signed-in reload vs the public page's reload (rendered in the browser)",
        hostDpop,
        visitorClient,
        reloadDeepLink,
        reloadPublicPage,
      ],
      [
        'signed-in reload, area interactive',
        "a signed-in reload of the area's page until its button works vs the plain React page's reload",
        hostDpop,
        plainPage,
        reloadInteractive,
      ],
      [
        '10 contributions vs 1',
        'a home page of 10 contributions from 5 remotes vs one of 1, until its first tile works',
        tenTilesPage,
        oneTilePage,
        firstTileWorks,
      ],
      ['cold load', 'cold loads', host, baseline, coldLoad],
      ['navigation to 2nd remote', 'client-side navigation', host, baseline, navigation],
      ['repeat visit', 'repeat visits', host, baseline, repeatVisit],
      ['50 vs 2 remotes', '50 vs 2 remotes', host50, host, coldLoad],
      ['signed-in reload of a deep link', 'signed-in reloads, DPoP vs iframe', hostDpop, hostIframe, reloadDeepLink],
    ];
    const chosen = plan.filter(([name]) => !only || name.includes(only));
    if (chosen.length === 0)
      throw new Error(
        `--only "${only}" names no scenario; the scenarios are: ${plan.map(([name]) => `"${name}"`).join(', ')}.`,
      );
    const comparisons: Comparison[] = [];
    for (const profile of PROFILES) {
      for (const [name, what, a, b, scenario, scenarioB] of chosen) {
        console.log(`measuring ${what} (${profile.name}) …`);
        comparisons.push(compare(name, profile, a, b, await pairs(a, b, profile, LOADS, scenario, scenarioB)));
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
    const drawn = waterfalls(comparisons);
    writeFileSync(
      join(outDir, 'results.json'),
      JSON.stringify({ loads: LOADS, quick, comparisons, budgets: checks }, null, 2),
    );
    writeFileSync(join(outDir, 'results.md'), `${markdown}\n`);
    writeFileSync(join(outDir, 'waterfalls.txt'), `${drawn}\n`);
    console.log(
      `\nWaterfalls (a typical load of each, throttled; █ a request from sent to finished, ▒ a long task):\n\n${drawn}`,
    );
    console.log(
      `\n${markdown}\n\n(results in .bench/results.json, .bench/results.md and .bench/waterfalls.txt; ${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await Promise.all([...servers, ...stacks].map((s) => s.close()));
  }
}

await main();
