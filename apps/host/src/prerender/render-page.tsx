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
import type { LazySession } from '../auth/lazy-session';
import { SESSION_NOT_KNOWN } from '../auth/session-store';
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
import { AppRoutes } from '../routes';
import { pageDataText } from './page-data';

/** The contract package as this build bundles it: the one instance every area rendered with the shell gets. */
export * as contract from '@mfe/context';

/** What the prerender step asks for: one page of the shell, with or without an area's content. */
export interface PageRequest {
  /** The host's public origin (remotes on it are allowed, as in the browser). */
  readonly origin: string;
  /** The runtime config and manifest as served (`config.json`, `remotes.json`). */
  readonly config: unknown;
  readonly manifest: unknown;
  /** The page's path. */
  readonly path: string;
  /** The page's language, one the runtime config lists (else its default). */
  readonly locale?: string;
  /** The area whose content the page holds: its server build's module and its version. */
  readonly content?: { readonly remote: string; readonly module: unknown; readonly version: string };
}

export interface RenderedPage {
  /** The markup of `#root`. */
  readonly html: string;
  /** The page's `<title>`, as the browser names it before the area names its page. */
  readonly title: string;
  /** The text of the page's data block for the browser (page-data.ts). */
  readonly data: string;
  /** The page's language and direction (`<html lang dir>`). */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /**
   * What threw while rendering, for the operator (said at release time): a page whose render
   * recorded any is not to be served, since React would finish it by rendering in the browser.
   * The messages never enter the HTML (React is told nothing back: no digest).
   */
  readonly errors: readonly string[];
}

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
  const services = {
    config,
    manifest,
    session: serverSession(),
    loader: serverLoader(request.content?.remote, module, request.content?.version),
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
