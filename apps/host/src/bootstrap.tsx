import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { getInstance } from '@module-federation/enhanced/runtime';
import { createEventBus, createIntl, type IntlApi } from '@mfe/context';
import { shellMessages } from './i18n/shell-messages';
import { loadShellCatalogue } from './i18n/shell-catalogues';
import { english, inEnglish, raw, say, type Text } from './i18n/text';
import { createApiClient } from './api-client';
import { CALLBACK_PATH } from '@mfe/auth/paths';
import { LazySession, loadAuthEngine, needsAuthEngineAtOnce } from '@mfe/auth';
import { describeSignInFailure } from './layout/sign-in-problem';
import { fetchEarlyOr, markHostStarted } from './early-fetch';
import { loadRuntimeConfig } from './config';
import { HostServicesProvider } from './host-services/hooks';
import { browserPageLocale } from './i18n/browser-locale';
import { createPageTitles } from './page-titles';
import { StartupErrorPage } from './layout/StartupErrorPage';
import { createLogger } from './logger';
import { describeProblem, hasArea, loadManifest, parseManifest } from './manifest';
import { RemoteLoader, type FederationRuntime } from './remotes/remote-loader';
import { ContributionLoader } from './remotes/contribution-loader';
import { reportSlotsNobodyOffers } from './remotes/offered-slots';
import { prepareFirstRender } from './prerender/hydration';
import { pageWorks } from './after-page-works';
import { chooseBuilds, cohortSeed } from './remotes/cohort';
import { leavePreview, loadPreview, requestedPreview } from './remotes/preview';
import { AppRouter } from './routes';
import { mayLoadBeforeSession, openingRemote } from './remotes/opening';
import { applyOverrides, policyOf, readOverrides } from './remotes/overrides';
import { createRemoteStyles } from './remotes/remote-styles';
import { createPageConsent, exposeConsent, installTelemetry, report } from './telemetry';
import type { ManifestEntry } from './manifest';
import { readPageData } from './prerender/page-data';
import type { ReactNode } from 'react';
import { storageOrNull } from './browser-storage';

const log = createLogger('host');

export async function start(): Promise<void> {
  markHostStarted();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  let root: Root | undefined;
  const render = (node: ReactNode) => (root ??= createRoot(rootElement)).render(node);
  // A page rendered ahead of time (prerender/): its HTML is on screen already, to be hydrated. The
  // sign-in return page's HTML only shows while the sign-in completes: the page rendered then is another.
  const fromHtml = window.location.pathname === CALLBACK_PATH ? null : readPageData(document);
  // A failure is said in the page's language once it is known; before that, in the HTML's. Never
  // later than a moment: a failure that comes with the network down must not wait on a catalogue.
  const { shown, pageShown } = pageWorks();
  let pageIntl = (): Promise<IntlApi> => startupIntl(fromHtml?.locale);
  const failureIntl = () =>
    Promise.race([
      pageIntl(),
      new Promise<IntlApi>((resolve) => setTimeout(() => resolve(english), FAILURE_TEXTS_WAIT_MS)),
    ]);
  const fail = (
    title: Text,
    error: unknown,
    {
      message = raw((error as Error)?.message ?? String(error)),
      action = say(shellMessages.retry),
      onAction = () => window.location.reload(),
      reported = {
        kind: 'error',
        name: 'start-up failed',
        error: {
          type: (error as Error)?.name ?? 'Error',
          message: `${inEnglish(title)}: ${(error as Error)?.message ?? String(error)}`,
          code: (error as { code?: string })?.code ?? 'STARTUP_FAILED',
        },
      },
    }: { message?: Text; action?: Text; onAction?: () => void; reported?: Parameters<typeof report>[0] } = {},
  ) => {
    (reported.kind === 'error' ? log.error : log.info)(inEnglish(title), { message: (error as Error)?.message });
    report(reported);
    void failureIntl().then((intl) =>
      render(<StartupErrorPage intl={intl} title={title} message={message} actionLabel={action} onAction={onAction} />),
    );
    pageShown();
  };

  // A page from HTML holding an area's content: that area answers first, and the session is
  // restored once it has been hydrated (its sign-in code would compete with the area's files and
  // main thread for a second or more on a phone). Elsewhere a returning sign-in or a session to
  // restore needs the sign-in code: it downloads alongside the config.
  const areaFirst = fromHtml?.remote !== undefined && window.location.pathname !== CALLBACK_PATH;
  if (!areaFirst && needsAuthEngineAtOnce(window.location.pathname)) void loadAuthEngine().catch(() => undefined);
  let config;
  try {
    // What the boot script (boot/index.ts) already requested is taken from it, not asked again.
    config = await loadRuntimeConfig(undefined, fetchEarlyOr());
  } catch (error) {
    return fail(say(shellMessages.startupFailed), error);
  }
  document.title = config.productName;

  const session = new LazySession(config);
  const runtime = getInstance();
  if (!runtime) throw new Error('The Module Federation runtime is missing: build the host with webpack.shared.js.');
  const loader = new RemoteLoader(runtime as unknown as FederationRuntime, __MFE_PROVIDED_VERSIONS__);
  // Consent and telemetry come first, so a failure further on is reported (after consent) as its remote's.
  const consent = createPageConsent();
  exposeConsent(consent);
  let composed: readonly ManifestEntry[] = [];
  // Its hub (scrubbing, adapters, web vitals, the tag loader) starts once the page works; reports queue until then.
  void installTelemetry({
    config,
    consent,
    remotes: () => composed,
    describe: (name) => loader.describe(name),
    after: shown,
  });
  // The page's language: its shell texts load alongside the manifest (only for a locale other than
  // the default). A page from HTML starts in the language it was rendered in, which hydration must match.
  const locale = browserPageLocale(config, (name) => loader.describe(name));
  const localeReady = fromHtml ? locale.begin(fromHtml.locale ?? config.i18n.defaultLocale) : locale.start();
  pageIntl = () => localeReady.then(() => locale.shell.get());
  // Watching from before any remote loads, so every stylesheet a remote adds is known to be its.
  const styles = createRemoteStyles(() => composed);
  const policy = {
    allowedOrigins: [window.location.origin, ...config.allowedRemoteOrigins],
    requireIntegrity: config.requireIntegrity,
  };
  // A preview link's manifest, read from the release store only (preview.ts); else the environment's.
  const previewId = requestedPreview(window.location, window.history, storageOrNull('sessionStorage'));
  const manifestReady = (previewId ? loadPreview(config, previewId) : Promise.resolve(undefined)).then(
    async (preview) => {
      // A refused link is said on this page only; the tab's next load is simply live.
      if (preview?.kind === 'refused') leavePreview(storageOrNull('sessionStorage'));
      const loaded =
        preview?.kind === 'active'
          ? parseManifest(preview.manifest, policy)
          : await loadManifest(config.manifestUrl, policy, fetchEarlyOr());
      // The stable or the candidate build of each canary, as this browser's cohort says (cohort.ts);
      // kept until the next full page load, even if the manifest changes meanwhile.
      // Remotes that only contribute to slots go the same way: one build of each per browser.
      const chosen = chooseBuilds([...loaded.remotes, ...loaded.contributors], () =>
        cohortSeed(storageOrNull('localStorage')),
      );
      if (preview?.kind === 'active')
        chosen.choices = {
          ...chosen.choices,
          [preview.remote]: { variant: 'preview', version: preview.version, expiresAt: preview.expiresAt },
        };
      // Developer overrides held for this browser session (only when the config enables them).
      const overrides = readOverrides(policyOf(config), chosen.remotes);
      if (Object.keys(overrides).length > 0) log.warn('Developer overrides are active for this session.', overrides);
      const all = applyOverrides(chosen.remotes, overrides);
      const manifest = {
        ...loaded,
        remotes: all.filter(hasArea),
        contributors: all.filter((entry) => !hasArea(entry)),
        overrides,
        builds: chosen.choices,
        preview,
      };
      composed = all;
      loader.register(all, chosen.choices);
      // The remote of the page being opened starts loading now, alongside the session restore, when
      // the boot script's rule allows (its files are already on their way then).
      const opening = openingRemote(manifest.remotes, window.location.pathname);
      if (opening && mayLoadBeforeSession(opening, window.location.pathname))
        void loader.load(opening.name).catch(() => undefined);
      return manifest;
    },
  );
  // The sign-in callback is finished before anything renders (the page it returns to depends on
  // it). Otherwise the shell renders as soon as the manifest is in, while the session is restored:
  // pages that need a user show their area's skeleton until it is (RequireAuth).
  const sessionStarted = areaFirst ? shown.then(() => session.start()) : session.start();
  if (window.location.pathname === CALLBACK_PATH) {
    const [auth] = await Promise.all([sessionStarted, manifestReady.catch(() => undefined)]);
    if (auth.kind === 'callback-failed') {
      const problem = describeSignInFailure(auth.problem);
      const { kind } = auth.problem;
      return fail(problem.title, new Error(inEnglish(problem.message)), {
        // A person who cancelled at the provider chose to: not a failure of the host's start-up.
        reported:
          kind === 'cancelled'
            ? { kind: 'event', name: 'sign-in cancelled' }
            : {
                kind: 'error',
                name: 'sign-in failed',
                error: {
                  type: 'SignInFailure',
                  message: inEnglish(problem.message),
                  code: `SIGN_IN_${kind.toUpperCase().replace(/-/g, '_')}`,
                },
              },
        message: problem.message,
        action: say(shellMessages.signInAgain),
        onAction: () => void session.signIn('/').catch((error) => fail(say(shellMessages.signInUnavailable), error)),
      });
    }
  } else {
    sessionStarted.catch((error: unknown) =>
      log.error('The session could not be restored.', { message: (error as Error)?.message }),
    );
  }
  const manifest = await manifestReady.catch((error: unknown) => error as Error);
  if (manifest instanceof Error) return fail(say(shellMessages.areasFailed), manifest);
  manifest.problems.forEach((problem) => log.warn(`Manifest entry refused: ${describeProblem(problem)}`));
  reportSlotsNobodyOffers([...manifest.remotes, ...manifest.contributors], loader);

  const api = createApiClient({
    apiOrigins: config.apiOrigins,
    origin: window.location.origin,
    authorize: (url, method, nonce) => session.authorize(url, method, nonce),
    renewAfterRejection: (rejected) => session.renewAfterRejection(rejected),
  });
  const events = createEventBus((error, name) =>
    log.error(`A handler of "${name}" threw; the other handlers still ran.`, { message: (error as Error)?.message }),
  );
  const contributions = new ContributionLoader(loader);
  const hydrate = await prepareFirstRender(fromHtml, { manifest, loader, contributions, locale, started: localeReady });
  const app = (
    <HostServicesProvider
      value={{
        config,
        session,
        manifest,
        loader,
        contributions,
        api,
        events,
        consent,
        locale,
        pageTitles: createPageTitles(),
        styles,
        overrides: manifest.overrides,
        builds: manifest.builds,
        ...(manifest.preview ? { preview: manifest.preview } : {}),
        ...(hydrate && fromHtml ? { prerendered: fromHtml } : {}),
      }}
    >
      <AppRouter remotes={manifest.remotes} />
    </HostServicesProvider>
  );
  if (!hydrate) {
    render(app);
    pageShown();
    return;
  }
  root = hydrateRoot(rootElement, app, {
    onRecoverableError: (error) =>
      log.warn('The page from HTML did not match what the browser renders; React rendered it again.', {
        message: (error as Error)?.message,
      }),
  });
  pageShown();
  // The visitor's own language, if it differs from the page's, once the page works.
  void shown.then(() => locale.start());
}

/** How long a start-up failure waits for its texts in the page's language before it is said in English. */
const FAILURE_TEXTS_WAIT_MS = 1500;

/** The shell's texts for a failure before the page's language is known: the HTML's language when its catalogue loads, else the default's. */
async function startupIntl(htmlLocale: string | undefined): Promise<IntlApi> {
  if (!htmlLocale || htmlLocale === 'en') return english;
  return loadShellCatalogue(htmlLocale).then(
    (messages) => createIntl({ locale: htmlLocale, defaultLocale: 'en', messages }),
    () => english,
  );
}
