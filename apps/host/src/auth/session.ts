import { InMemoryWebStorage, UserManager, WebStorageStateStore, type User as OidcUser } from 'oidc-client-ts';
import { PlatformError, type AuthApi, type User } from '@mfe/context';
import type { HostConfig } from '../config';
import { createLogger } from '../logger';
import { safeReturnPath } from './return-path';
import { toContractUser } from './user';

const log = createLogger('auth');

export const CALLBACK_PATH = '/auth/callback';
export const SILENT_CALLBACK_PATH = '/auth/silent-callback';

/**
 * Not a secret: only remembers, for this tab, that someone signed in, so a
 * reload tries a silent sign-in instead of showing a signed-out page.
 */
const SIGNED_IN_HINT = 'mfe.auth.signed-in';

interface SignInState {
  readonly returnTo: string;
}

export function createUserManager(config: HostConfig, origin = window.location.origin): UserManager {
  return new UserManager({
    authority: config.auth.authority,
    client_id: config.auth.clientId,
    scope: config.auth.scopes,
    response_type: 'code', // authorization code + PKCE (S256), always
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    // Tokens live in memory only: gone when the tab closes, never in Web Storage.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // Only the short-lived PKCE verifier and `state` must survive the redirect.
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: 8,
    monitorSession: false,
    loadUserInfo: false,
  });
}

export type AuthStartResult = { readonly kind: 'ready' } | { readonly kind: 'callback-failed'; readonly error: PlatformError };

/**
 * The host's sign-in session. Remotes see it only through the contract's
 * `AuthApi`; nothing of oidc-client-ts crosses to them.
 */
export class AuthSession {
  private user: User | null = null;
  private oidcUser: OidcUser | null = null;
  private readonly listeners = new Set<() => void>();
  private leaving = false;
  readonly api: AuthApi;

  constructor(
    private readonly manager: UserManager,
    private readonly config: HostConfig,
    private readonly location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'> = window.location,
  ) {
    manager.events.addUserLoaded((loaded) => this.setUser(loaded));
    manager.events.addUserUnloaded(() => this.setUser(null));
    manager.events.addSilentRenewError((error) => log.warn('Token renewal failed; you may need to sign in again.', { message: error.message }));
    const currentUser = () => this.user;
    this.api = {
      get user() {
        return currentUser();
      },
      getAccessToken: () => this.getAccessToken(),
      signIn: (returnTo?: string) => this.signIn(returnTo),
      signOut: () => this.signOut(),
    };
  }

  currentUser = (): User | null => this.user;

  /** True once the page is on its way to the provider (sign-in or sign-out); guards must not start another redirect. */
  isLeaving = (): boolean => this.leaving;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Runs before the router and before any remote code: completes a sign-in
   * callback (and takes `code`/`state` out of the URL), or restores the
   * session silently in a tab that was signed in.
   */
  async start(): Promise<AuthStartResult> {
    if (this.location.pathname === CALLBACK_PATH) return this.completeCallback();
    if (window.sessionStorage.getItem(SIGNED_IN_HINT) === '1') {
      try {
        this.setUser(await this.manager.signinSilent());
      } catch (error) {
        log.info('The earlier session could not be restored silently; sign in again to continue.', { message: (error as Error).message });
        window.sessionStorage.removeItem(SIGNED_IN_HINT);
      }
    }
    return { kind: 'ready' };
  }

  private async completeCallback(): Promise<AuthStartResult> {
    try {
      const user = await this.manager.signinRedirectCallback();
      this.setUser(user);
      window.sessionStorage.setItem(SIGNED_IN_HINT, '1');
      const state = user.state as Partial<SignInState> | undefined;
      // Replace, so neither the address bar nor history keeps `code`/`state`.
      window.history.replaceState(null, '', safeReturnPath(state?.returnTo, this.location.origin));
      return { kind: 'ready' };
    } catch (cause) {
      window.history.replaceState(null, '', CALLBACK_PATH);
      await this.manager.removeUser().catch(() => undefined);
      const message = cause instanceof Error ? cause.message : String(cause);
      log.error('Sign-in could not be completed.', { message });
      return {
        kind: 'callback-failed',
        error: new PlatformError('AUTH_FAILED', `Sign-in could not be completed: ${message}. Try signing in again.`, { cause }),
      };
    }
  }

  async signIn(returnTo?: string): Promise<void> {
    const current = `${this.location.pathname}${this.location.search}${this.location.hash}`;
    const state: SignInState = { returnTo: safeReturnPath(returnTo ?? current, this.location.origin) };
    if (this.leaving) return;
    this.leaving = true;
    try {
      await this.manager.signinRedirect({ state });
    } catch (cause) {
      this.leaving = false;
      throw new PlatformError('AUTH_FAILED', `The sign-in provider could not be reached (${(cause as Error)?.message}). Check your connection and try again.`, { cause });
    }
  }

  async signOut(): Promise<void> {
    const idToken = this.oidcUser?.id_token;
    this.leaving = true;
    window.sessionStorage.removeItem(SIGNED_IN_HINT);
    // Local tokens go first, whatever the provider does next.
    await this.manager.removeUser();
    try {
      await this.manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
    } catch (error) {
      log.warn('The provider could not be reached to end its session; you are signed out of this app.', { message: (error as Error).message });
      this.location.assign('/');
    }
  }

  async getAccessToken(): Promise<string> {
    let user = await this.manager.getUser();
    if (user?.expired) {
      try {
        user = await this.manager.signinSilent();
      } catch (cause) {
        throw new PlatformError('AUTH_REQUIRED', 'Your session has expired. Sign in again to continue.', { cause });
      }
    }
    if (!user) throw new PlatformError('AUTH_REQUIRED', 'Nobody is signed in. Sign in to continue.');
    return user.access_token;
  }

  private setUser(user: OidcUser | null): void {
    this.oidcUser = user;
    this.user = user ? toContractUser(user.profile, this.config.auth.rolesClaim) : null;
    this.listeners.forEach((listener) => listener());
  }
}
