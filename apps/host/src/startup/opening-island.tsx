// The opening area's island (issue 61): on a prerendered page, the area's HTML is hydrated by the
// host's first script in a React root of its own, before the shell's code is even requested, so the
// area works as soon as its own code is in; the shell (router, layout, checks, session, telemetry)
// follows and adopts the island, handing it the full contract (decision 0017). Until then the area
// has the contract as a visitor's page has it while it hydrates: no one signed in, nothing consented,
// the page's language; what it asks of the rest (navigation, API calls, sign-in, events, telemetry)
// is kept and done by the shell's services once they adopt it.
//
// Only when nothing could differ from the shell's own hydration: the page names its area's build,
// the manifest still chooses that build for this browser (cohort included) from an allowed origin
// and pinned as the config requires, no preview or overrides, no contribution in the area's HTML,
// a React area in the host's tree, and its texts compiled. Otherwise the shell starts as before.
//
// On a page rendered in the browser (no area in its HTML), a public opening area is rendered the
// same way into the page's placeholder, in the language the shell will choose, and the shell moves
// it into its route when it renders (decision 0021, amended).
import { Component, startTransition, Suspense, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { Route, Router, Routes } from 'react-router';
import { hostNavigator } from '@mfe/context/react-root';
import {
  CONTRACT_VERSION,
  HostProvider,
  NO_CONSENT,
  areaPath,
  createIntl,
  fixedIntl,
  isRemoteModule,
  textDirection,
  type HostContext,
} from '@mfe/context';
import rules from '@mfe/manifest/rules.json';
import { replayEarlyClicks } from '../early-clicks';
import { fetchEarly, jsonOf, peekEarly } from '../early-fetch';
import type { IslandLocation, OpeningIsland } from '../host-services/types';
import { applyToRoot } from '../i18n/document-language';
import { readPageData, type PageData } from '../prerender/page-data';
import { manifestUrlOf, openingEntry, type OpeningEntry } from '../remotes/opening-build';
import { compiledTexts, defaultLocaleOf, type FoundIsland, type LoadingArea, type RawIslandConfig } from './island';
import type { LoadTrace } from '../remotes/load-trace';
import type { RemoteLoader } from '../remotes/remote-loader';
import { tabChoicesAsked } from '../remotes/tab-choices';
import { storageOrNull } from '../browser-storage';
import { createLogger } from '../logger';

const log = createLogger('host');

/**
 * A file the start-up reads: as the boot script fetched it, or (a page without one, whose area the
 * first script starts alone) fetched now, answered by the page's own hint for it, and held likewise
 * for the host's first request of it.
 */
const early = (url: string, init?: RequestInit): Promise<Response> => peekEarly(url) ?? fetchEarly(url, init);

/**
 * How long the shell's code waits at most for the island: a slow remote holds the shell (its
 * navigation, sign-in, language menu) back no longer than this. The island is then given up, and
 * the shell loads and renders the area itself, as on any page.
 */
const ISLAND_WAIT_MS = 1_000;

/**
 * Starts the opening area's island when this page has one (see above), resolving once the area has
 * committed (its controls answer clicks); null when the page has none, it is not ready within
 * ISLAND_WAIT_MS, or anything did not go as planned (the shell then does the work itself, and says
 * what went wrong). On a page that may have one, the opening area's code starts loading here.
 */
export function startOpeningIsland(loader: RemoteLoader): Promise<OpeningIsland | null> {
  let begun = false;
  let givenUp = false;
  const island = (async () => {
    const page = islandPage();
    const placeholder = page ? null : document.querySelector('#root .boot');
    if (!page && !placeholder) return null;
    // What renders an island on a page without HTML: a chunk, which prerendered pages never ask for.
    const toRender = page ? null : import(/* webpackChunkName: "island-to-render" */ './island-to-render');
    // The area's own manifest first: nothing else decides when it is asked for.
    if (page) early(page.page.entry).catch(() => undefined);
    const ahead = await loadOpeningArea(loader);
    const found = page ? await findIsland(page, ahead) : await (await toRender)!.findIslandToRender(ahead);
    if (!found || givenUp) return null;
    begun = true;
    return start(found, placeholder, () => loader.traceOf(found.entry.name));
  })().catch(() => null);
  const waited = new Promise<null>((resolve) =>
    setTimeout(() => {
      // Once it has begun to render, it is only a moment from committing.
      if (begun) return;
      givenUp = true;
      resolve(null);
    }, ISLAND_WAIT_MS),
  );
  return Promise.race([island, waited]);
}

/**
 * The opening page's area, by the config and manifest (those the boot script fetched, or the page's
 * preloads), read as they arrived (opening-build.ts), registered with its canary's side and its
 * loading started; null when there is none to load before the shell has read the manifest (a preview
 * or overrides replace its entries). Throws when either cannot be read: the caller leaves the page
 * to the shell.
 */
async function loadOpeningArea(loader: RemoteLoader): Promise<LoadingArea | null> {
  if (tabChoicesAsked(window.location.href, storageOrNull('sessionStorage'))) return null;
  const config = (await early(rules.runtimeFiles.config, { cache: 'no-cache' }).then(jsonOf)) as RawIslandConfig;
  const manifest = await early(manifestUrlOf(config), { cache: 'no-cache' }).then(jsonOf);
  const opening = openingEntry(config, manifest, window.location.pathname);
  if (!opening) return null;
  const { entry, variant } = opening;
  loader.register([entry], { [entry.name]: { variant } });
  // A failure is kept for the area's route, which shows it (it is not tried twice).
  const loading = loader.loadAhead(entry.name);
  loading.catch(() => undefined);
  return { opening, config, loading };
}

interface IslandPage {
  readonly page: PageData & { readonly remote: string; readonly entry: string };
  readonly element: HTMLElement;
}

/** A prerendered page holding its area's content, and that content's element. */
function islandPage(): IslandPage | null {
  const page = readPageData(document);
  if (!page?.remote || !page.entry) return null;
  const element = document.querySelector<HTMLElement>(`.remote-area[data-remote="${CSS.escape(page.remote)}"]`);
  // A slot in the area's HTML holds contributions, which only the shell renders.
  if (!element || element.querySelector('[data-slot]')) return null;
  return { page: { ...page, remote: page.remote, entry: page.entry }, element };
}

/** The island, if the area loading is the page's build: its code, and its texts in the page's language. */
async function findIsland({ page, element }: IslandPage, ahead: LoadingArea | null): Promise<FoundIsland | null> {
  if (!ahead || !islandEntry(page, ahead.opening)) return null;
  const { opening, config, loading } = ahead;
  const module = await loading;
  if (!isRemoteModule(module)) return null;
  const defaultLocale = defaultLocaleOf(config);
  const locale = page.locale ?? defaultLocale;
  const messages = await compiledTexts(module, locale, defaultLocale);
  if (messages === null) return null;
  return { locale, element, entry: opening.entry, module, config, ...(messages ? { messages } : {}), defaultLocale };
}

/**
 * The opening area's entry, when the island is for this page: the page's area, from the build its
 * HTML was rendered from. Otherwise null: the manifest no longer lists the area at this page, or
 * this browser loads another build (a newer release, the other side of a canary, an origin the
 * config does not allow, a pin missing): the shell then decides, renders afresh and says why.
 */
export function islandEntry(
  page: Pick<PageData, 'remote' | 'entry'>,
  opening: OpeningEntry | null,
): OpeningEntry | null {
  if (!opening || !page.remote || !page.entry) return null;
  const { entry } = opening;
  return entry.name === page.remote && entry.entry === new URL(page.entry, window.location.href).href ? opening : null;
}

const samePlace = (a: IslandLocation, b: IslandLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

const locationNow = (): IslandLocation => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

/**
 * Hydrates the area's element in a root of its own, or (`placeholder`: a page rendered in the
 * browser) renders it there in place of the placeholder; resolves once it has committed.
 */
function start(
  found: FoundIsland,
  placeholder: Element | null,
  trace: () => LoadTrace | undefined,
): Promise<OpeningIsland> {
  const { element, entry, module } = found;
  const hydrated = placeholder === null;
  const shell = shellLater();
  let root: Root | undefined;
  let state: 'hydrating' | 'waiting' | 'adopted' | 'ended' = 'hydrating';
  let location = locationNow();
  // Until the shell adopts it, the island routes within its area itself, in the page's one history
  // (the shell's router starts from the URL it finds), and follows back and forward. A call made
  // with the island's contract after the shell adopted it (a handler rendered before) is the shell's.
  const navigateEarly = (to: string, options?: { readonly replace?: boolean }) => {
    if (state === 'adopted') return shell.run((shellContext) => shellContext.remote.navigate(to, options));
    if (state === 'ended') return;
    const path = areaPath(entry.path, to);
    if (options?.replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    moved();
  };
  let movedWhileHydrating = false;
  const moved = () => {
    if (state === 'adopted' || state === 'ended') return;
    location = locationNow();
    // Not before hydration has committed: React would drop the HTML and render the area afresh.
    if (state === 'hydrating') movedWhileHydrating = true;
    else show();
  };
  let settled: (island: OpeningIsland) => void = () => undefined;
  const committed = () => {
    if (state !== 'hydrating') return;
    trace()?.shown(element, hydrated);
    state = 'waiting';
    settled(island);
    if (movedWhileHydrating) show();
  };
  // As a transition: a page of the area still loading (a lazy part) leaves the one on screen until it is in.
  const show = () => startTransition(() => root?.render(render()));
  window.addEventListener('popstate', moved);
  let context = islandContext(found, shell, navigateEarly);
  // A throw before the shell adopts it ends the island: the shell renders the area itself.
  let fail: (error: unknown) => void = () => island.end();
  const navigator = hostNavigator(() => context);
  const render = () => (
    <Island failed={(error) => fail(error)} committed={committed}>
      <Router location={location} navigator={navigator}>
        <Routes>
          <Route
            path={`${entry.path}/*`}
            element={
              // As RemoteRoute renders it in the shell's tree (and so in the HTML): the provider, then Suspense.
              <HostProvider value={context}>
                <Suspense fallback={null}>
                  <module.App />
                </Suspense>
              </HostProvider>
            }
          />
        </Routes>
      </Router>
    </Island>
  );
  // Where focus was in the area: an island rendered here is moved into the shell's route, which
  // takes focus from it (a person typing in the area goes on typing).
  let focused: HTMLElement | null = null;
  element.addEventListener('focusin', (event) => (focused = event.target as HTMLElement));
  const island: OpeningIsland = {
    remote: entry.name,
    element,
    hydrated,
    get adoptable() {
      // One rendered here is out of the page for a moment as the shell renders, until its route takes it in.
      return state === 'waiting' && (element.isConnected || !hydrated);
    },
    adopt(next, at, onFail) {
      state = 'adopted';
      if (focused?.isConnected && (document.activeElement === document.body || !document.activeElement))
        focused.focus({ preventScroll: true });
      window.removeEventListener('popstate', moved);
      fail = onFail;
      shell.adopted(next);
      context = next;
      // The area moved within itself after the shell's router had read the address (a click while
      // the shell hydrated): it stays where it is, and the router is to follow it.
      const movedTo = samePlace(location, at) ? null : location;
      if (!movedTo) location = at;
      show();
      return movedTo;
    },
    update(next, at) {
      if (state !== 'adopted') return;
      context = next;
      location = at;
      show();
    },
    end() {
      if (state === 'ended') return;
      state = 'ended';
      window.removeEventListener('popstate', moved);
      // Not while the shell's React commits (its route leaving): React unmounts no root from inside another's commit.
      setTimeout(() => root?.unmount(), 0);
    },
  };
  return new Promise((resolve) => {
    settled = resolve;
    if (placeholder) {
      applyToRoot(document.documentElement, found.locale, textDirection(found.locale));
      placeholder.replaceWith(element);
      root = createRoot(element);
      root.render(render());
      return;
    }
    root = hydrateRoot(element, render(), {
      onRecoverableError: (error) =>
        log.warn("The area's prerendered HTML did not match what the browser renders; React rendered it again.", {
          message: (error as Error)?.message,
        }),
    });
    // Its controls answer from now on: a click kept on one since the first paint is made again (early-click replay).
    replayEarlyClicks(element);
  });
}

/** The island's root: says once that it committed, and hands a throw of the area's to whoever holds it. */
class Island extends Component<{
  readonly failed: (error: unknown) => void;
  readonly committed: () => void;
  readonly children: ReactNode;
}> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidMount() {
    this.props.committed();
  }
  override componentDidCatch(error: unknown) {
    this.props.failed(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** What the area asks of the shell before the shell adopts it: done once it does, in order; then at once. */
interface ShellLater {
  run(task: (context: HostContext) => void): void;
  ask<T>(task: (context: HostContext) => Promise<T>): Promise<T>;
  adopted(context: HostContext): void;
}

function shellLater(): ShellLater {
  let shell: HostContext | undefined;
  const waiting: Array<(context: HostContext) => void> = [];
  const run = (task: (context: HostContext) => void) => (shell ? task(shell) : void waiting.push(task));
  return {
    run,
    ask: (task) => new Promise((resolve, reject) => run((context) => task(context).then(resolve, reject))),
    adopted: (context) => {
      shell = context;
      for (const task of waiting.splice(0)) task(context);
    },
  };
}

/**
 * The contract before the shell adopts the island: a visitor's, as the HTML was rendered (the
 * session is restored once the area works, as before), the page's language and the area's texts.
 */
function islandContext(
  found: FoundIsland,
  shell: ShellLater,
  navigate: HostContext['remote']['navigate'],
): HostContext {
  const { entry, config, locale, messages, defaultLocale } = found;
  const intl = createIntl({
    locale,
    defaultLocale,
    ...(messages ? { messages: messages as Parameters<typeof createIntl>[0]['messages'] } : {}),
  });
  return Object.freeze({
    contractVersion: CONTRACT_VERSION,
    auth: Object.freeze({
      user: null,
      getAccessToken: () => shell.ask((context) => context.auth.getAccessToken()),
      signIn: (returnTo?: string) => shell.ask((context) => context.auth.signIn(returnTo)),
      signOut: () => shell.ask((context) => context.auth.signOut()),
      hasRole: () => false,
      hasScope: () => false,
    }),
    api: Object.freeze({
      fetch: (input: string | URL, init?: RequestInit) => shell.ask((context) => context.api.fetch(input, init)),
      json: <T,>(input: string | URL, init?: RequestInit) => shell.ask((context) => context.api.json<T>(input, init)),
    }),
    telemetry: Object.freeze({
      track: (name: string, properties?: Readonly<Record<string, unknown>>) =>
        shell.run((context) => context.telemetry.track(name, properties)),
      captureError: (error: unknown, extra?: Readonly<Record<string, unknown>>) =>
        shell.run((context) => context.telemetry.captureError(error, extra)),
    }),
    config: Object.freeze({
      productName: typeof config.productName === 'string' ? config.productName : '',
      auth: config.auth as HostContext['config']['auth'],
      apiOrigins: Array.isArray(config.apiOrigins) ? config.apiOrigins : [],
      features: (config.features ?? {}) as HostContext['config']['features'],
    }),
    remote: Object.freeze({
      name: entry.name,
      basePath: entry.path,
      navigate,
      setTitle: (title: string | null) => shell.run((context) => context.remote.setTitle(title)),
    }),
    events: Object.freeze({
      emit: (name, payload) => shell.run((context) => context.events.emit(name, payload)),
      on: (name, handler, options) => {
        let off: (() => void) | undefined;
        let live = true;
        shell.run((context) => {
          if (live) off = context.events.on(name, handler, options);
        });
        return () => {
          live = false;
          off?.();
        };
      },
    } satisfies HostContext['events']),
    consent: Object.freeze({
      get: () => NO_CONSENT,
      set: (choice) => shell.run((context) => context.consent.set(choice)),
      subscribe: () => () => undefined,
    } satisfies HostContext['consent']),
    intl: fixedIntl(intl),
  });
}
