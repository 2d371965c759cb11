// BENCH FIXTURE: the baseline. The host's own shell and sign-in code, with the
// two remotes imported statically and no Module Federation at all, so the
// benchmark's difference is exactly what composition costs.
import { createRoot } from 'react-dom/client';
import { createEventBus, type RemoteModule } from '@mfe/context';
import account from '@mfe/account/src/remote';
import referrals from '@mfe/referrals/src/remote';
import { createApiClient } from '@mfe/host/src/api-client';
import { CALLBACK_PATH } from '@mfe/host/src/auth/paths';
import { LazySession, loadAuthEngine, needsAuthEngineAtOnce } from '@mfe/host/src/auth/lazy-session';
import { createPageTitles } from '@mfe/host/src/layout/page-titles';
import { loadRuntimeConfig } from '@mfe/host/src/config';
import { HostServicesProvider } from '@mfe/host/src/host-services';
import type { RemoteEntry } from '@mfe/host/src/manifest';
import type { RemoteLoader } from '@mfe/host/src/remotes/remote-loader';
import { createRemoteStyles } from '@mfe/host/src/remotes/remote-styles';
import { AppRouter } from '@mfe/host/src/routes';
import { createPageConsent, exposeConsent, installTelemetry } from '@mfe/host/src/telemetry';

const modules: Record<string, RemoteModule> = { referrals, account };
const entry = (name: string, path: string, label: string, order: number): RemoteEntry => ({ name, entry: `${location.origin}/${name}`, path, label, order, requiresAuth: true, timeoutMs: 10_000 });
const remotes = [entry('referrals', '/referrals', 'Referrals', 10), entry('account', '/account', 'Account', 20)];
// A monolith's "loader": everything is already in the bundle.
const loader = {
  register: () => undefined,
  load: async (name: string) => modules[name]!,
  retry: async (name: string) => modules[name]!,
  status: () => ({ state: 'loaded' as const, loadMs: 0 }),
  build: () => ({}),
  describe: (name: string) => ({ name }),
} as unknown as RemoteLoader;

async function start() {
  if (needsAuthEngineAtOnce(location.pathname)) void loadAuthEngine().catch(() => undefined);
  const config = await loadRuntimeConfig();
  document.title = config.productName;
  // The same consent and telemetry as the host (they are not about federation).
  const consent = createPageConsent();
  exposeConsent(consent);
  installTelemetry({ config, consent, remotes: () => remotes, describe: (name) => ({ name }) });
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
    <HostServicesProvider value={{ config, session, manifest: { remotes, problems: [] }, loader, api, events: createEventBus(), consent, pageTitles: createPageTitles(), styles: createRemoteStyles(() => remotes) }}>
      <AppRouter remotes={remotes} />
    </HostServicesProvider>,
  );
}

if (location.pathname === '/auth/silent-callback') void import('@mfe/host/src/auth/silent-callback').then((m) => m.completeSilentCallback());
else void start();
