import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getInstance } from '@module-federation/enhanced/runtime';
import { createApiClient } from './api-client';
import { AuthSession, createUserManager } from './auth/session';
import { loadRuntimeConfig } from './config';
import { HostServicesProvider } from './host-services';
import { StartupErrorPage } from './layout/StartupErrorPage';
import { createLogger } from './logger';
import { describeProblem, loadManifest } from './manifest';
import { RemoteLoader, type FederationRuntime } from './remotes/remote-loader';
import { buildRoutes } from './routes';

const log = createLogger('host');

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const root = createRoot(rootElement);
  const fail = (title: string, error: unknown, actionLabel = 'Retry', onAction = () => window.location.reload()) => {
    log.error(title, { message: (error as Error)?.message });
    root.render(<StartupErrorPage title={title} message={(error as Error)?.message ?? String(error)} actionLabel={actionLabel} onAction={onAction} />);
  };

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    return fail('The app could not start', error);
  }
  document.title = config.productName;

  const session = new AuthSession(createUserManager(config), config);
  // Sign-in finishes (or the session is restored) while the manifest loads;
  // no remote code is fetched until the router mounts a remote's route.
  const [auth, manifest] = await Promise.all([session.start(), loadManifest(config.manifestUrl, { allowedOrigins: [window.location.origin, ...config.allowedRemoteOrigins] }).catch((error: unknown) => error as Error)]);
  if (auth.kind === 'callback-failed') {
    const { problem } = auth;
    return fail(problem.title, new Error(problem.message), 'Sign in again', () => void session.signIn('/').catch((error) => fail('Sign-in is unavailable', error)));
  }
  if (manifest instanceof Error) return fail('The app could not load its feature areas', manifest);
  manifest.problems.forEach((problem) => log.warn(`Manifest entry refused: ${describeProblem(problem)}`));

  const runtime = getInstance();
  if (!runtime) throw new Error('The Module Federation runtime is missing: build the host with webpack.shared.js.');
  const loader = new RemoteLoader(runtime as unknown as FederationRuntime, __MFE_PROVIDED_VERSIONS__);
  loader.register(manifest.remotes);

  const api = createApiClient({
    apiOrigins: config.apiOrigins,
    origin: window.location.origin,
    getAccessToken: () => session.getAccessToken(),
    renewAfterRejection: (rejected) => session.renewAfterRejection(rejected),
  });
  const router = createBrowserRouter(buildRoutes(manifest.remotes));
  root.render(
    <HostServicesProvider value={{ config, session, manifest, loader, api }}>
      <RouterProvider router={router} />
    </HostServicesProvider>,
  );
}

void start();
