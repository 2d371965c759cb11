import { CALLBACK_PATH } from '@mfe/auth/paths';
import { LazySession, loadAuthEngine, needsAuthEngineAtOnce } from '@mfe/auth';
import { pageWorks } from '../after-page-works';
import { loadRuntimeConfig, type HostConfig } from '../config';
import { fetchEarlyOr } from '../early-fetch';
import { browserPageLocale } from '../i18n/browser-locale';
import type { PageLocale } from '../i18n/page-locale';
import { shellMessages } from '../i18n/shell-messages';
import { say } from '../i18n/text';
import { createLogger } from '../logger';
import { describeProblem, entriesOf, type ManifestEntry } from '../manifest';
import { readPageData, type PageData } from '../prerender/page-data';
import { composeManifest, type ComposedManifest } from '../remotes/compose-manifest';
import { mayLoadBeforeSession, openingRemote } from '../remotes/opening';
import { reportSlotsNobodyOffers } from '../remotes/offered-slots';
import type { RemoteLoader } from '../remotes/remote-loader';
import { createRemoteStyles } from '../remotes/remote-styles';
import { startupFailure } from './failure';
import { pageRoot, renderFirstPage } from './first-render';
import type { OpeningIsland } from '../host-services/types';
import { finishSignInReturn } from './sign-in-return';
import { createPageConsent, exposeConsent, installTelemetry } from '../telemetry';

const log = createLogger('host');

/**
 * The host's start-up, step by step: the page's root and how a failure is said; the runtime config;
 * telemetry, the page's language and the remotes' styles; the manifest composed for this browser,
 * alongside the session's start; the sign-in return finished when this is that page; the opening
 * page's area started; then the page rendered, or its prerendered HTML hydrated (adopting the
 * opening area's island, if the first script hydrated one).
 */
export async function start(loader: RemoteLoader, island: OpeningIsland | null): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const root = pageRoot(rootElement);
  const onCallback = window.location.pathname === CALLBACK_PATH;
  // A prerendered page's HTML is on screen already, to be hydrated; the sign-in return page's HTML
  // only shows while the sign-in completes: the page rendered then is another.
  const prerendered = onCallback ? null : readPageData(document);
  const { shown, pageShown } = pageWorks();
  const { fail, sayIn } = startupFailure(prerendered?.locale, root.render, pageShown);

  startSignInCodeEarly(prerendered);
  const config = await loadRuntimeConfig(undefined, fetchEarlyOr()).catch((error: unknown) => error as Error);
  if (config instanceof Error) return fail(say(shellMessages.startupFailed), config);
  document.title = config.productName;

  let composed: readonly ManifestEntry[] = [];
  const consent = startTelemetry(config, loader, () => composed, shown);
  // The page's language: a prerendered page starts in the language it was rendered in, which hydration must match.
  const locale = browserPageLocale(config, (name) => loader.describe(name));
  const localeReady = prerendered ? locale.begin(prerendered.locale ?? config.i18n.defaultLocale) : locale.start();
  sayIn(() => localeReady.then(() => locale.shell.get()));
  // Watching from before any remote loads, so every stylesheet a remote adds is known to be its.
  const styles = createRemoteStyles(() => composed);
  const manifestReady = composeManifest(config, loader, (entries) => (composed = entries));

  const session = new LazySession(config);
  // A prerendered area answers first; its session is restored once it has hydrated (the sign-in code
  // would compete with the area's files and main thread for a second or more on a phone).
  const sessionStarted = areaFirst(prerendered) ? shown.then(() => session.start()) : session.start();
  if (onCallback) {
    void manifestReady.catch(() => undefined);
    if (await finishSignInReturn(sessionStarted, session, fail)) return;
  } else
    sessionStarted.catch((error: unknown) =>
      log.error('The session could not be restored.', { message: (error as Error)?.message }),
    );

  const manifest = await manifestReady.catch((error: unknown) => error as Error);
  if (manifest instanceof Error) return fail(say(shellMessages.areasFailed), manifest);
  startOpeningArea(manifest, loader, prerendered, { locale, ready: localeReady });
  manifest.problems.forEach((problem) => log.warn(`Manifest entry refused: ${describeProblem(problem)}`));
  reportSlotsNobodyOffers(entriesOf(manifest), loader);

  const hydrated = await renderFirstPage(root, prerendered, {
    ...{ config, session, manifest, loader },
    ...{ consent, locale, localeReady, styles, island },
  });
  pageShown();
  // An island rendered in the browser that no route took in (the shell's page is another) is ended.
  if (island && !island.hydrated) void shown.then(() => island.element.isConnected || island.end());
  // The visitor's own language, if it differs from the prerendered page's, once the page works.
  if (hydrated) void shown.then(() => locale.start());
}

/** Whether this page is a prerendered area's, which answers before the session is restored. */
const areaFirst = (prerendered: PageData | null) => prerendered?.remote !== undefined;

/** Elsewhere, a returning sign-in or a session to restore needs the sign-in code: it downloads alongside the config. */
function startSignInCodeEarly(prerendered: PageData | null): void {
  if (!areaFirst(prerendered) && needsAuthEngineAtOnce(window.location.pathname))
    void loadAuthEngine().catch(() => undefined);
}

/**
 * The opening page's area starts loading before the first render, alongside it rather than after
 * it (by the boot script's rule: not on the sign-in return, nor before a session it needs); its
 * route takes this very load. On a page rendered in the browser, its texts in the page's language
 * follow, so it can show in that render; a prerendered area's are hydration's (prepareFirstRender).
 */
function startOpeningArea(
  manifest: ComposedManifest,
  loader: RemoteLoader,
  prerendered: PageData | null,
  texts: { readonly locale: Pick<PageLocale, 'prepareArea'>; readonly ready: Promise<unknown> },
): void {
  const { pathname } = window.location;
  const opening = openingRemote(manifest.remotes, pathname);
  if (!opening || !mayLoadBeforeSession(opening, pathname)) return;
  const loading = loader.loadAhead(opening.name);
  if (areaFirst(prerendered)) return;
  // A failure is the route's to show (loadAhead keeps it for it).
  void Promise.all([loading, texts.ready]).then(
    ([module]) => texts.locale.prepareArea(opening.name, module.messages),
    () => undefined,
  );
}

/**
 * Consent and telemetry come first, so a failure further on is reported (after consent) as its
 * remote's. The hub (scrubbing, adapters, web vitals, the tag loader) starts once the page works;
 * reports queue until then.
 */
function startTelemetry(
  config: HostConfig,
  loader: RemoteLoader,
  composed: () => readonly ManifestEntry[],
  shown: Promise<void>,
) {
  const consent = createPageConsent();
  exposeConsent(consent);
  void installTelemetry({
    config,
    consent,
    remotes: composed,
    describe: (name) => loader.describe(name),
    after: shown,
  });
  return consent;
}
