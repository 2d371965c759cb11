import { join } from 'node:path';
import { RUNTIME_FILES } from '@mfe/manifest';
import { HOST_DIST, readDevRemotes, serveStatic, startStack, type RunningStack, type StackRig } from '@mfe/stack';
import { FIXTURES, tileRemotes } from '@mfe/e2e/fixtures';
import { PUBLIC_PAGE, signInOnce, type App } from './scenarios';

// What the benchmark measures: seven stacks of the platform, each a production build served as
// `pnpm start` serves it, and the reference pages (its own and its peers'), each served with the
// host's headers.

/** Where the rigs listen: each stack takes its host port and the 200 above it (topology.ts). */
const BASE_PORT = 7400;
const STACK_PORTS = {
  main: 0,
  manyRemotes: 200,
  dpop: 400,
  clientRendered: 600,
  tenTiles: 800,
  oneTile: 1000,
  areaRoots: 1200,
};
/** The reference pages beside the main stack, clear of its collector (host + 60). */
const PAGE_PORTS = {
  baseline: 50,
  plain: 55,
  fixedChoices: 56,
  federatedFloor: 57,
  federatedFloorPrerendered: 58,
  htmlAlone: 59,
  singleSpa: 70,
  mfExample: 71,
};
const port = (offset: number) => BASE_PORT + offset;

/** The systems compared, by the role each plays in the plan (plan.ts). */
export interface Apps {
  readonly host: App;
  readonly baseline: App;
  readonly host50: App;
  readonly hostDpop: App;
  readonly hostIframe: App;
  readonly visitor: App;
  readonly visitorClient: App;
  readonly tenTilesPage: App;
  readonly oneTilePage: App;
  readonly ownRootArea: App;
  readonly treeArea: App;
  readonly plainPage: App;
  readonly fixedChoicesPage: App;
  readonly federatedFloor: App;
  readonly federatedFloorPrerendered: App;
  readonly htmlAlone: App;
  /** The peers a team would pick instead: single-spa with SystemJS and an import map. */
  readonly singleSpaPage: App;
  /** Module Federation's dynamic-remotes example: `init()` then `loadRemote()`. */
  readonly mfExamplePage: App;
}

export interface Rigs {
  readonly apps: Apps;
  close(): Promise<void>;
}

const app = (label: string, stack: Pick<RunningStack, 'hostUrl' | 'idpUrl'>, visitor = false): App => ({
  label,
  origin: stack.hostUrl,
  idpUrl: stack.idpUrl,
  cookies: [],
  ...(visitor ? { visitor } : {}),
});

/** Starts every rig, signs in where a scenario needs a session, and says how to stop them all. */
export async function startRigs(benchDir: string, outDir: string): Promise<Rigs> {
  const running: Array<{ close(): Promise<void> }> = [];
  try {
    const stacks = await startStacks(running);
    const [
      baseline,
      plainPage,
      fixedChoicesPage,
      federatedFloor,
      federatedFloorPrerendered,
      singleSpaPage,
      mfExamplePage,
    ] = await startReferencePages(benchDir, stacks, running);
    const apps: Apps = {
      host: app('host (federated)', stacks.main),
      baseline,
      host50: app('host, 50 remotes in manifest', stacks.manyRemotes),
      hostDpop: app('host with DPoP (stored refresh token)', stacks.dpop),
      hostIframe: app('host without DPoP (iframe restore)', stacks.main),
      visitor: app('host, prerendered public page, visitor', stacks.dpop, true),
      visitorClient: app('host, public page rendered in the browser, visitor', stacks.clientRendered, true),
      tenTilesPage: app('home page, 10 contributions from 5 remotes, visitor', stacks.tenTiles, true),
      oneTilePage: app('home page, 1 contribution, visitor', stacks.oneTile, true),
      ownRootArea: app('an area on React 18 in a root of its own, visitor', stacks.areaRoots, true),
      treeArea: app("the same area in the host's tree (React 19), visitor", stacks.areaRoots, true),
      plainPage,
      fixedChoicesPage,
      federatedFloor,
      federatedFloorPrerendered,
      htmlAlone: await startHtmlAlone(stacks.dpop, running),
      singleSpaPage,
      mfExamplePage,
    };
    await signInOnce(apps.host, outDir);
    // The baseline page and the iframe restore sign in with the main stack's provider: the same session.
    apps.baseline.cookies = apps.host.cookies;
    apps.hostIframe.cookies = apps.host.cookies;
    await signInOnce(apps.host50, outDir);
    await signInOnce(apps.hostDpop, outDir);
    return { apps, close: () => closeAll(running) };
  } catch (error) {
    await closeAll(running);
    throw error;
  }
}

async function closeAll(running: ReadonlyArray<{ close(): Promise<void> }>): Promise<void> {
  await Promise.all(running.map((rig) => rig.close()));
}

async function startStacks(running: Array<{ close(): Promise<void> }>) {
  const start = async (options: NonNullable<Parameters<typeof startStack>[0]>) => {
    const stack = await startStack({ ...options, rig: { compress: true, ...options.rig } });
    running.push(stack);
    return stack;
  };
  // DPoP on (as `pnpm start`), and referrals a public area: the visitor's page.
  const publicRemotes = readDevRemotes().map((remote) =>
    remote.name === 'referrals' ? { ...remote, requiresAuth: false } : remote,
  );
  // The home page with tiles from separately built remotes: the areas' own contributions left out.
  const areasAlone = publicRemotes.map(({ contributions: _contributions, ...remote }) => remote);
  return {
    main: await start({
      hostPort: port(STACK_PORTS.main),
      rig: { extraHostOrigins: [`http://localhost:${port(PAGE_PORTS.baseline)}`] },
    }),
    manyRemotes: await start({ hostPort: port(STACK_PORTS.manyRemotes), rig: { manifest: withIdleRemotes(48) } }),
    dpop: await start({
      hostPort: port(STACK_PORTS.dpop),
      dpop: true,
      remotes: publicRemotes,
      // The area's stylesheet is also linked by the visitor's page without its scripts (startHtmlAlone).
      rig: { extraHostOrigins: [`http://localhost:${port(PAGE_PORTS.htmlAlone)}`] },
    }),
    // Every page rendered in the browser (a host without prerendered pages).
    clientRendered: await start({
      hostPort: port(STACK_PORTS.clientRendered),
      dpop: true,
      remotes: publicRemotes,
      prerender: false,
    }),
    tenTiles: await start({
      hostPort: port(STACK_PORTS.tenTiles),
      remotes: areasAlone,
      extraRemotes: tileRemotes(5, 2),
    }),
    oneTile: await start({ hostPort: port(STACK_PORTS.oneTile), remotes: areasAlone, extraRemotes: tileRemotes(1, 1) }),
    // One area built twice: on React 18 in a root of its own, and for the host's tree; both public.
    areaRoots: await start({
      hostPort: port(STACK_PORTS.areaRoots),
      remotes: areasAlone,
      extraRemotes: [FIXTURES['react18-area'], FIXTURES['react-tree-area']].map((remote) => ({
        ...remote,
        requiresAuth: false,
      })),
    }),
  };
}

/**
 * The same-code baseline (the host's code with its remotes imported statically, signing in with the
 * main stack's provider), the plain React page, the page on the fixed choices, the federated floor and
 * the two peers (single-spa, Module Federation's example), each this package's build served with the
 * host's headers and compression.
 */
async function startReferencePages(
  benchDir: string,
  stacks: Awaited<ReturnType<typeof startStacks>>,
  running: Array<{ close(): Promise<void> }>,
): Promise<[App, App, App, App, App, App, App]> {
  const serve = async (dir: string, offset: number, runtimeFiles?: Record<string, unknown>) => {
    running.push(
      await serveStatic({
        dir: join(benchDir, dir),
        port: port(offset),
        compress: true,
        role: {
          kind: 'host',
          headers: { config: stacks.main.config },
          ...(runtimeFiles ? { runtimeFiles } : {}),
        },
      }),
    );
    return `http://localhost:${port(offset)}`;
  };
  const baseline: App = {
    label: 'baseline (single bundle)',
    origin: await serve('dist', PAGE_PORTS.baseline, { [RUNTIME_FILES.config]: stacks.main.config }),
    idpUrl: stacks.main.idpUrl,
    cookies: [],
  };
  const reference = async (dir: string, offset: number, label: string): Promise<App> => ({
    label,
    origin: await serve(dir, offset),
    idpUrl: stacks.dpop.idpUrl,
    cookies: [],
    visitor: true,
  });
  return [
    baseline,
    await reference('dist-plain', PAGE_PORTS.plain, 'plain React page (one bundle)'),
    await reference(
      'dist-fixed-choices',
      PAGE_PORTS.fixedChoices,
      'the plain page on the fixed choices (federation runtime, shared singletons, react-router)',
    ),
    await reference(
      'dist-federated-floor',
      PAGE_PORTS.federatedFloor,
      'the federated floor (the fixed-choices page loading its area as a pinned federated remote)',
    ),
    await reference(
      'dist-federated-floor-prerendered',
      PAGE_PORTS.federatedFloorPrerendered,
      'the federated floor, prerendered (its area in its HTML, hydrated)',
    ),
    await reference(
      'dist-single-spa',
      PAGE_PORTS.singleSpa,
      'single-spa 6 with SystemJS and an import map (one application)',
    ),
    await reference(
      'dist-mf-example',
      PAGE_PORTS.mfExample,
      "Module Federation's dynamic-remotes example (init() then loadRemote())",
    ),
  ];
}

// Every script of a page, and the hints that only download scripts or data for them. The page's data
// block (type="application/json") is not run, and stays.
const SCRIPT = /<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g;
const SCRIPT_HINT = /<link\b[^>]*\brel="?preload"?[^>]*\bas="?(?:script|fetch)"?[^>]*>/g;

/**
 * The visitor's prerendered public page with every script taken out: its HTML, stylesheets and
 * image alone, served with the host's headers beside the host's files. What any page's first paint
 * can reach on this machine, to judge the paint budget by (docs/performance.md).
 */
async function startHtmlAlone(stack: RunningStack, running: Array<{ close(): Promise<void> }>): Promise<App> {
  const response = await fetch(`${stack.hostUrl}${PUBLIC_PAGE}`, { headers: { 'Accept-Language': 'en' } });
  const page = (await response.text()).replace(SCRIPT, '').replace(SCRIPT_HINT, '');
  if (
    !response.ok ||
    !page.includes('elementtiming="referrals-overview"') ||
    /<script(?![^>]*application\/json)/.test(page)
  )
    throw new Error(
      `The bench could not make the public page without its scripts from ${stack.hostUrl}${PUBLIC_PAGE} (HTTP ${response.status}): is it prerendered?`,
    );
  const server = await serveStatic({
    dir: HOST_DIST,
    port: port(PAGE_PORTS.htmlAlone),
    compress: true,
    role: {
      kind: 'host',
      headers: { config: stack.config },
      pageFor: async (pathname) => (pathname === PUBLIC_PAGE ? page : undefined),
    },
  });
  running.push(server);
  return {
    label: "the public page's HTML and stylesheets alone (its scripts taken out)",
    origin: server.url,
    idpUrl: stack.idpUrl,
    cookies: [],
    visitor: true,
  };
}

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
