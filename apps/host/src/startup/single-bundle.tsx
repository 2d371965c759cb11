import { createRoot } from 'react-dom/client';
import { createEventBus, type RemoteModule } from '@mfe/context';
import { createApiClient } from '../api-client';
import { CALLBACK_PATH, SILENT_CALLBACK_PATH } from '@mfe/auth/paths';
import { LazySession, loadAuthEngine, needsAuthEngineAtOnce } from '@mfe/auth';
import { loadRuntimeConfig } from '../config';
import { HostServicesProvider } from '../host-services/hooks';
import { browserPageLocale } from '../i18n/browser-locale';
import { createPageTitles } from '../page-titles';
import type { RemoteEntry } from '../manifest';
import type { RemoteLoader } from '../remotes/remote-loader';
import { ContributionLoader } from '../remotes/contribution-loader';
import { createRemoteStyles } from '../remotes/remote-styles';
import { AppRouter } from '../routes';
import { createPageConsent, exposeConsent, installTelemetry } from '../telemetry';
import { pageWorks } from '../after-page-works';

/**
 * The host's shell and sign-in with its feature areas bundled in, no Module Federation: the
 * benchmark's same-code baseline (packages/bench), so the difference it measures is exactly what
 * composition costs. Public as `@mfe/host/single-bundle`, so nothing outside this app reaches into
 * its modules. The same start-up as start.tsx, minus the manifest, the loader and overrides.
 */
export type BundledArea = Pick<RemoteEntry, 'name' | 'path' | 'label' | 'order'> & { readonly module: RemoteModule };

export async function startSingleBundle(areas: readonly BundledArea[]): Promise<void> {
  if (location.pathname === SILENT_CALLBACK_PATH) {
    const { completeSilentCallback } = await import('@mfe/auth/silent-callback');
    return completeSilentCallback();
  }
  const remotes: RemoteEntry[] = areas.map(({ name, path, label, order }) => ({
    name,
    entry: `${location.origin}/${name}`,
    path,
    label,
    order,
    requiresAuth: true,
    timeoutMs: 10_000,
  }));
  const modules = Object.fromEntries(areas.map((area) => [area.name, area.module]));
  // A monolith's "loader": everything is already in the bundle.
  const loader = {
    register: () => undefined,
    loadedModule: (name: string) => modules[name],
    load: async (name: string) => modules[name]!,
    retry: async (name: string) => modules[name]!,
    status: () => ({ state: 'loaded' as const, loadMs: 0 }),
    build: () => ({}),
    describe: (name: string) => ({ name }),
    // No load to trace: the areas are in the bundle.
    traceOf: () => undefined,
  } as unknown as RemoteLoader;

  if (needsAuthEngineAtOnce(location.pathname)) void loadAuthEngine().catch(() => undefined);
  const config = await loadRuntimeConfig();
  document.title = config.productName;
  // The same consent and telemetry as the host (they are not about federation).
  const consent = createPageConsent();
  exposeConsent(consent);
  // As the host: the telemetry hub once the page has rendered and the browser is idle.
  const { shown, pageShown } = pageWorks();
  installTelemetry({ config, consent, remotes: () => remotes, describe: (name) => ({ name }), after: shown });
  const locale = browserPageLocale(config, (name) => ({ name }));
  await locale.start();
  const session = new LazySession(config);
  // As the host: only the sign-in callback is finished before the first render.
  const started = session.start();
  if (location.pathname === CALLBACK_PATH) await started;
  const api = createApiClient({
    apiOrigins: config.apiOrigins,
    origin: location.origin,
    authorize: (url, method, nonce) => session.authorize(url, method, nonce),
    renewAfterRejection: (rejected) => session.renewAfterRejection(rejected),
  });
  createRoot(document.getElementById('root')!).render(
    <HostServicesProvider
      value={{
        config,
        session,
        manifest: { remotes, contributors: [], problems: [] },
        loader,
        contributions: new ContributionLoader(loader),
        api,
        events: createEventBus(),
        consent,
        locale,
        pageTitles: createPageTitles(),
        styles: createRemoteStyles(() => remotes),
      }}
    >
      <AppRouter remotes={remotes} />
    </HostServicesProvider>,
  );
  pageShown();
}
