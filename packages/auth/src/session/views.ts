import type { AuthApi } from '@mfe/context';
import type { SessionStore } from './session-store';

/** Who is on screen, as access checks take it: signed in or not, and their roles and scopes. */
export interface Viewer {
  readonly signedIn: boolean;
  hasRole(role: string): boolean;
  hasScope(scope: string): boolean;
}

/**
 * Access as the page on screen has it: the user's roles and scopes also while the session shows as
 * expired, so an expiry keeps the page (and its navigation) as it was under the notice.
 */
export function onScreenViewer(store: SessionStore, grantedScopes: () => readonly string[]): Viewer {
  return {
    get signedIn() {
      return store.user() !== null;
    },
    hasRole: (role) => store.get().status !== 'signed-out' && (store.user()?.roles.includes(role) ?? false),
    hasScope: (scope) => store.get().status !== 'signed-out' && grantedScopes().includes(scope),
  };
}

/** Access for a usable session only: roles and scopes while it is active (the session's own `Viewer`). */
export function usableViewer(store: SessionStore, grantedScopes: () => readonly string[]): Viewer {
  return {
    get signedIn() {
      return store.user() !== null;
    },
    hasRole: (role) => store.get().status === 'active' && (store.user()?.roles.includes(role) ?? false),
    hasScope: (scope) => store.get().status === 'active' && grantedScopes().includes(scope),
  };
}

/** What remotes get as `useAuth()`: the contract's `AuthApi`, nothing of oidc-client-ts. */
export function remoteAuthApi(session: Omit<AuthApi, 'user'>, store: Pick<SessionStore, 'user'>): AuthApi {
  return {
    get user() {
      return store.user();
    },
    getAccessToken: () => session.getAccessToken(),
    signIn: (returnTo?: string) => session.signIn(returnTo),
    signOut: () => session.signOut(),
    hasRole: (role: string) => session.hasRole(role),
    hasScope: (scope: string) => session.hasScope(scope),
  };
}
