import { PlatformError } from '@mfe/context';
import type { UserManager } from 'oidc-client-ts';
import { createLogger } from '@mfe/context/runtime-utils';
import { newNonce } from './client';
import { safeReturnPath } from './return-path';
import type { SignInState } from '../session/session-start';

const log = createLogger('auth');

type PageLocation = Pick<Location, 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;

/**
 * Leaves for the provider's sign-in page, to come back to `returnTo` (default: this page), a path
 * of this host only. A provider that cannot be reached is a `PlatformError` that says what to do.
 */
export async function redirectToSignIn(manager: UserManager, location: PageLocation, returnTo?: string): Promise<void> {
  const current = `${location.pathname}${location.search}${location.hash}`;
  const state: SignInState = { returnTo: safeReturnPath(returnTo ?? current, location.origin) };
  try {
    await manager.signinRedirect({ state, nonce: newNonce() });
  } catch (cause) {
    throw new PlatformError(
      'AUTH_FAILED',
      `The sign-in provider could not be reached (${(cause as Error)?.message}). Check your connection and try again.`,
      { cause },
    );
  }
}

/** Ends the provider's session too; when it cannot be reached, the app's own is already gone and the page goes home. */
export async function redirectToSignOut(
  manager: UserManager,
  location: PageLocation,
  idToken: string | undefined,
): Promise<void> {
  try {
    await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
  } catch (error) {
    log.warn('The provider could not be reached to end its session; you are signed out of this app.', {
      message: (error as Error).message,
    });
    location.assign('/');
  }
}
