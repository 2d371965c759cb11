import { markArrival } from '../sign-in/arrival';
import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import { isPlatformError } from '@mfe/context';
import { createLogger } from '@mfe/context/runtime-utils';
import { CALLBACK_PATH, newNonce } from '../sign-in/client';
import { restoreWithStoredToken } from '../refresh-token/stored-restore';
import type { RefreshStore } from '../refresh-token/refresh-store';
import { safeReturnPath } from '../sign-in/return-path';
import { withCrossTabLock } from '../tabs/session-channel';
import type { SessionStore } from './session-store';
import { classifySignInError, type SignInFailure } from '../sign-in/sign-in-failure';
import { mayHaveSession, rememberSignedIn } from '../sign-in/signed-in-hint';

const log = createLogger('auth');

/** What the sign-in carries through the provider and back. */
export interface SignInState {
  readonly returnTo: string;
}

export type AuthStartResult =
  { readonly kind: 'ready' } | { readonly kind: 'callback-failed'; readonly problem: SignInFailure };

/** What starting a session needs from it: the client, where tokens go, and whether it has some. */
export interface StartDeps {
  readonly manager: UserManager;
  readonly store: SessionStore;
  readonly location: Pick<Location, 'origin' | 'pathname'>;
  readonly dpop: boolean;
  readonly stored: RefreshStore;
  readonly renewLock: string;
  /** Validates and takes a token set this tab obtained (the session's `accept`). */
  accept(user: OidcUser): Promise<void>;
  hasTokens(): boolean;
  /** Asks the other open tabs for their token set (and waits for an answer, longer when one holds a session). */
  askPeers(): Promise<void>;
}

/**
 * Joins another open tab's session, or restores this tab's earlier one: with DPoP from the stored
 * refresh token (stored-restore.ts), else silently through the provider when a session may exist.
 */
export async function restoreSession(deps: StartDeps): Promise<void> {
  await deps.askPeers();
  if (!deps.hasTokens() && deps.dpop) {
    const restored = await restoreWithStoredToken({
      manager: deps.manager,
      stored: deps.stored,
      withLock: (fn) => withCrossTabLock(deps.renewLock, fn),
      hasTokens: deps.hasTokens,
      accept: deps.accept,
      forget: async () => {
        await deps.stored.clear();
        rememberSignedIn(false);
        await deps.manager.removeUser();
      },
    });
    if (restored) return;
  }
  if (deps.hasTokens() || !mayHaveSession()) return;
  try {
    const user = await deps.manager.signinSilent({ nonce: newNonce() });
    if (!user) throw new Error('the provider returned no user');
    await deps.accept(user);
  } catch (error) {
    log.info('The earlier session could not be restored silently; sign in again to continue.', {
      message: (error as Error).message,
    });
    // Forget it only on the provider's answer (no session there, a token refused): a timeout, a
    // network failure or the page being left mid-restore says nothing, and the next load tries again.
    if (error instanceof ErrorResponse || isPlatformError(error, 'AUTH_FAILED')) {
      rememberSignedIn(false);
      await deps.manager.removeUser();
    }
  }
}

/** Finishes a sign-in that came back from the provider, and takes `code`/`state` out of the address bar. */
export async function completeCallback(deps: StartDeps): Promise<AuthStartResult> {
  try {
    const user = await deps.manager.signinRedirectCallback();
    await deps.accept(user);
    const state = user.state as Partial<SignInState> | undefined;
    // Replace, so neither the address bar nor history keeps `code`/`state`.
    window.history.replaceState(null, '', safeReturnPath(state?.returnTo, deps.location.origin));
    markArrival('signed-in');
    return { kind: 'ready' };
  } catch (cause) {
    window.history.replaceState(null, '', CALLBACK_PATH);
    // Never half signed in: whatever was stored goes.
    await deps.manager.removeUser().catch(() => undefined);
    deps.store.update({ user: null, status: 'signed-out', signedOutElsewhere: false, restoring: false });
    const problem = classifySignInError(cause);
    log.error(`Sign-in could not be completed (${problem.kind}).`, { message: (cause as Error)?.message });
    return { kind: 'callback-failed', problem };
  }
}

/**
 * Runs before the router and before any remote code: completes a sign-in callback (and takes
 * `code`/`state` out of the URL), or joins the session of another open tab, or restores this
 * tab's session silently. The page shows as restoring meanwhile.
 */
export async function startSession(deps: StartDeps): Promise<AuthStartResult> {
  if (deps.location.pathname === CALLBACK_PATH) return completeCallback(deps);
  deps.store.update({ restoring: true });
  try {
    await restoreSession(deps);
  } finally {
    deps.store.update({ restoring: false });
  }
  return { kind: 'ready' };
}
