import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  createConsentStore,
  createEventBus,
  defineRemote,
  isRemoteModule,
  textDirection,
  type ApiClient,
  type ContributionModule,
  type RemoteModule,
} from '@mfe/context';
import { contributionExpose } from '@mfe/manifest';
import type { LazySession } from '@mfe/auth';
import { SESSION_NOT_KNOWN } from '@mfe/auth';
import { parseRuntimeConfig } from '../config';
import { HostServicesProvider } from '../host-services/hooks';
import type { HostServices } from '../host-services/types';
import { labelFor } from '../i18n/area-labels';
import { createPageLocale } from '../i18n/page-locale';
import { loadShellCatalogue } from '../i18n/shell-catalogues';
import { hostPageNames, titleFor } from '../layout/document-title';
import { createPageTitles } from '../page-titles';
import { entriesOf, parseManifest, type ParsedManifest } from '../manifest';
import type { RemoteLoader } from '../remotes/remote-loader';
import { ContributionLoader, contributionKey, type PlacedContribution } from '../remotes/contribution-loader';
import { AppRoutes } from '../routes';
import { loadHeldContributions } from '../areas/held-contributions';
import { pageDataText } from './page-data';
import type { PageRequest, RenderedPage } from '@mfe/prerender/page-contract';

/**
 * The contract package as this build bundles it: the one instance every area rendered with the shell
 * gets. With `renderPage`, what @mfe/prerender's `HostRenderer` names.
 */
export * as contract from '@mfe/context';

const neverSubscribed = () => () => undefined;
const notInHtml = (what: string) => () => {
  throw new Error(`${what} is not available while a page is rendered ahead of time.`);
};

/**
 * The page as the browser first renders it when it hydrates: the same routes, shell and area
 * components, with what only a browser knows (the session, consent, overrides) not known yet.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const config = parseRuntimeConfig(request.config);
  const manifest = parseManifest(request.manifest, {
    allowedOrigins: [request.origin, ...config.allowedRemoteOrigins],
    requireIntegrity: config.requireIntegrity,
  });
  let module: RemoteModule | undefined;
  if (request.content) {
    const exported = (request.content.module as { default?: unknown }).default ?? request.content.module;
    if (!isRemoteModule(exported))
      throw new Error(`${request.content.remote}'s server build does not export a module made with defineRemote().`);
    module = defineRemote({ App: exported.App, ...(exported.messages ? { messages: exported.messages } : {}) });
  }
  // The page in its language, the shell's and the area's texts in before anything renders (the
  // server build has every catalogue inlined); a catalogue that fails leaves the default texts.
  const locale = createPageLocale({
    ...config.i18n,
    storage: null,
    languages: [],
    loadShellCatalogue,
    onMissing: () => undefined,
  });
  await locale.begin(request.locale ?? config.i18n.defaultLocale);
  if (request.content && module) await locale.prepareArea(request.content.remote, module.messages);
  const provided = request.contributions ?? [];
  const loader = serverLoader(manifest, request.content?.remote, module, request.content?.version, provided);
  // Public contributions the renderer has server builds of are loaded before rendering (as a
  // browser that has them renders at once); a slot holding one renders it, and the page names it.
  const contributions = new HtmlContributions(loader);
  await loadHeldContributions(provided, entriesOf(manifest), contributions, (remote, messages) =>
    locale.prepareArea(remote, messages),
  );
  const services = {
    config,
    manifest,
    session: serverSession(),
    loader,
    contributions,
    api: { fetch: notInHtml('The api client'), json: notInHtml('The api client') } as unknown as ApiClient,
    events: createEventBus(() => undefined),
    consent: createConsentStore(),
    pageTitles: createPageTitles(),
    locale,
    styles: { show: () => () => undefined, dispose: () => undefined },
    prerendered: request.content ? { remote: request.content.remote } : {},
  } satisfies HostServices;
  const page: ReactNode = (
    <HostServicesProvider value={services}>
      <StaticRouter location={request.path}>
        <AppRoutes remotes={manifest.remotes} />
      </StaticRouter>
    </HostServicesProvider>
  );
  // prerender waits for everything the page suspends on, so the HTML is complete. An error a
  // Suspense boundary caught is recorded here and answered with no digest, so nothing of it is
  // written into the HTML (the page is then not served: see `errors`).
  const errors: string[] = [];
  const { prelude } = await prerender(page, {
    onError: (error) => {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  const html = await new Response(prelude).text();
  const entry = request.content
    ? manifest.remotes.find((remote) => remote.name === request.content?.remote)?.entry
    : undefined;
  const labelled = manifest.remotes.map((remote) => ({ ...remote, label: labelFor(remote, locale.shell.get()) }));
  return {
    html,
    title: titleFor(request.path, config.productName, labelled, hostPageNames(locale.shell.get())),
    locale: locale.current(),
    dir: textDirection(locale.current()),
    data: pageDataText({
      locale: locale.current(),
      ...(request.content && entry ? { remote: request.content.remote, entry } : {}),
      ...(contributions.rendered.size
        ? {
            contributions: [...contributions.rendered.values()].map(({ remote, module }) => ({
              remote,
              module,
              entry: loader.entryOf(remote)?.entry,
              scripts: provided.find((one) => one.remote === remote && one.module === module)?.scripts ?? [],
            })),
          }
        : {}),
    }),
    errors,
    contributions: [...contributions.rendered.values()],
  };
}

/** Contributions as a prerendered page renders them: those a slot rendered are what the page holds. */
class HtmlContributions extends ContributionLoader {
  readonly rendered = new Map<
    string,
    { readonly remote: string; readonly module: string; readonly firstView: boolean }
  >();

  override loadedModule(
    contribution: PlacedContribution,
    shown: { readonly firstView: boolean } = { firstView: true },
  ): ContributionModule | undefined {
    const module = super.loadedModule(contribution);
    if (module)
      this.rendered.set(contributionKey(contribution), {
        remote: contribution.remote,
        module: contribution.module,
        firstView: shown.firstView,
      });
    return module;
  }
}

/** Nobody is known: the HTML reserves the account's place and shows no signed-out chrome. */
function serverSession(): LazySession {
  return {
    getSnapshot: () => SESSION_NOT_KNOWN,
    getServerSnapshot: () => SESSION_NOT_KNOWN,
    currentUser: () => null,
    subscribe: neverSubscribed,
    onScreen: { signedIn: false, hasRole: () => false, hasScope: () => false },
    isLeaving: () => false,
    api: {
      user: null,
      getAccessToken: notInHtml('A token'),
      signIn: notInHtml('Sign-in'),
      signOut: notInHtml('Sign-out'),
      hasRole: () => false,
      hasScope: () => false,
    },
  } as unknown as LazySession;
}

/**
 * The one area whose content the page holds is loaded, and the public contributions the renderer
 * has server builds of; every other is still to come.
 */
function serverLoader(
  manifest: ParsedManifest,
  remote: string | undefined,
  module: RemoteModule | undefined,
  version: string | undefined,
  contributions: NonNullable<PageRequest['contributions']>,
): RemoteLoader {
  const pending = () => new Promise<never>(() => undefined);
  const versionOf = (name: string) =>
    name === remote ? version : contributions.find((contribution) => contribution.remote === name)?.version;
  return {
    loadedModule: (name: string) => (name === remote ? module : undefined),
    load: pending,
    retry: pending,
    prefetch: async () => undefined,
    loadExposed: (name: string, expose: string) => {
      const found = contributions.find(
        (contribution) => contribution.remote === name && contributionExpose(contribution.module) === expose,
      );
      return found ? Promise.resolve(found.exports) : pending();
    },
    entryOf: (name: string) => entriesOf(manifest).find((entry) => entry.name === name),
    build: (name: string) => ({ version: versionOf(name) }),
    describe: (name: string) => ({ name, version: versionOf(name) }),
    traceOf: () => undefined,
  } as unknown as RemoteLoader;
}
