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
  type RemoteModule,
} from '@mfe/context';
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
import { parseManifest } from '../manifest';
import type { RemoteLoader } from '../remotes/remote-loader';
import { ContributionLoader } from '../remotes/contribution-loader';
import { AppRoutes } from '../routes';
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
  const loader = serverLoader(request.content?.remote, module, request.content?.version);
  const services = {
    config,
    manifest,
    session: serverSession(),
    loader,
    // Contributions are rendered in the browser (the page holds each one's place): nothing loads here.
    contributions: new ContributionLoader(loader),
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
    }),
    errors,
  };
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

/** The one area whose content the page holds is loaded; every other is still to come. */
function serverLoader(
  remote: string | undefined,
  module: RemoteModule | undefined,
  version: string | undefined,
): RemoteLoader {
  const pending = () => new Promise<never>(() => undefined);
  return {
    loadedModule: (name: string) => (name === remote ? module : undefined),
    load: pending,
    retry: pending,
    prefetch: async () => undefined,
    build: (name: string) => ({ version: name === remote ? version : undefined }),
    describe: (name: string) => ({ name }),
  } as unknown as RemoteLoader;
}
