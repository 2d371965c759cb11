import { LazySession } from '@mfe/auth';
import { createRoot } from 'react-dom/client';
import { createApiClient, type Authorizer } from './api';
import { App } from './App';
import type { SessionInfo } from './views';
import './console.global.css';

// The console's start: what the service says about sign-in (/api/session), the platform's own
// sign-in session (@mfe/auth: code + PKCE, tokens in memory, DPoP where the provider offers it) when
// it has a provider, then the page. The sign-in's return (/auth/callback) is finished first.

async function start(): Promise<void> {
  const bare = createApiClient(() => null);
  const info = await bare.get<SessionInfo>('/api/session').catch((error: Error) => ({ error }));
  const root = createRoot(document.getElementById('root')!);
  if ('error' in info) {
    root.render(
      <main className="console-loading">
        <h1>Release console</h1>
        <p role="alert">The release service did not answer ({info.error.message}). Reload to try again.</p>
      </main>,
    );
    return;
  }
  const session = info.signIn
    ? new LazySession({
        auth: {
          authority: info.signIn.authority,
          clientId: info.signIn.clientId,
          scopes: 'openid profile roles offline_access',
          rolesClaim: 'roles',
          dpop: 'auto',
          resource: info.signIn.resource,
        },
      })
    : null;
  if (session) {
    const started = session.start();
    if (location.pathname === '/auth/callback') await started.catch(() => undefined);
  }
  const api = createApiClient(() => (session?.signedIn ? (session as Authorizer) : null));
  root.render(<App api={api} session={session} />);
}

void start();
