import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createEventBus } from '@mfe/context';
import type { LazySession } from '@mfe/auth';
import type { ReactNode } from 'react';
import { createApiClient } from '../api-client';
import type { HostConfig } from '../config';
import { HostServicesProvider } from '../host-services/hooks';
import type { HostServices } from '../host-services/types';
import { replayEarlyClicks } from '../early-clicks';
import { createLogger } from '../logger';
import { createPageTitles } from '../page-titles';
import { prepareFirstRender } from '../prerender/hydration';
import type { PageData } from '../prerender/page-data';
import type { ComposedManifest } from '../remotes/compose-manifest';
import { ContributionLoader } from '../remotes/contribution-loader';
import type { RemoteLoader } from '../remotes/remote-loader';
import { AppRouter } from '../routes';
import type { OpeningIsland } from '../host-services/types';

const log = createLogger('host');

/** The page's React root: made on the first render, or by hydrating the page's HTML. */
export interface PageRoot {
  render(node: ReactNode): void;
  hydrate(node: ReactNode): void;
}

export function pageRoot(element: HTMLElement): PageRoot {
  let root: Root | undefined;
  return {
    render: (node) => {
      (root ??= createRoot(element)).render(node);
      answerEarlyClicks();
    },
    hydrate: (node) => {
      root = hydrateRoot(element, node, {
        onRecoverableError: (error) =>
          log.warn('The prerendered page did not match what the browser renders; React rendered it again.', {
            message: (error as Error)?.message,
          }),
      });
      answerEarlyClicks();
    },
  };
}

/**
 * React's listeners are on the root now: a click the page's inline script kept since the first paint
 * is answered, and no later one is kept (whatever rendered: the page, or a start-up failure's Retry).
 */
function answerEarlyClicks(): void {
  const replayed = replayEarlyClicks();
  if (replayed > 0) log.info(`Answered ${replayed} click(s) made before the page's code had run.`);
}

/** What start-up has made by the time the page renders. */
export type StartedServices = Pick<HostServices, 'consent' | 'locale' | 'styles'> & {
  readonly config: HostConfig;
  readonly session: LazySession;
  readonly manifest: ComposedManifest;
  readonly loader: RemoteLoader;
  /** Settles once the page's language is ready to render with. */
  readonly localeReady: Promise<unknown>;
  /** The opening area, hydrated on its own before the shell's code came (opening-island.tsx). */
  readonly island: OpeningIsland | null;
};

/**
 * The host's services handed to its views, then the page: hydrated where it was prerendered and its
 * parts' code is in (prepareFirstRender), else rendered. Resolves, once it is on screen, whether it hydrated.
 */
export async function renderFirstPage(
  root: PageRoot,
  prerendered: PageData | null,
  started: StartedServices,
): Promise<boolean> {
  const { config, session, manifest, loader, locale, localeReady, island } = started;
  const contributions = new ContributionLoader(loader);
  const hydrate = await prepareFirstRender(prerendered, {
    manifest,
    loader,
    contributions,
    locale,
    started: localeReady,
  });
  // An island rendered in the browser is taken in by the first render: its area's texts are ready for it.
  if (!hydrate && island?.adoptable && !island.hydrated)
    await locale.prepareArea(island.remote, loader.loadedModule(island.remote)?.messages);
  const services: HostServices = {
    config,
    session,
    manifest,
    loader,
    contributions,
    api: createApiClient({
      apiOrigins: config.apiOrigins,
      origin: window.location.origin,
      authorize: (url, method, nonce) => session.authorize(url, method, nonce),
      renewAfterRejection: (rejected) => session.renewAfterRejection(rejected),
    }),
    events: createEventBus((error, name) =>
      log.error(`A handler of "${name}" threw; the other handlers still ran.`, { message: (error as Error)?.message }),
    ),
    consent: started.consent,
    locale,
    pageTitles: createPageTitles(),
    styles: started.styles,
    overrides: manifest.overrides,
    builds: manifest.builds,
    ...(manifest.preview ? { preview: manifest.preview } : {}),
    ...(hydrate && prerendered ? { prerendered } : {}),
    // Adopted by its route as the page hydrates, or (rendered in the browser) as the page renders;
    // a page rendered afresh around a hydrated one replaces it.
    ...(island?.adoptable && (hydrate || !island.hydrated) ? { island } : {}),
  };
  if (!hydrate && island?.hydrated) island.end();
  const app = (
    <HostServicesProvider value={services}>
      <AppRouter remotes={manifest.remotes} />
    </HostServicesProvider>
  );
  if (hydrate) root.hydrate(app);
  else root.render(app);
  return hydrate;
}
