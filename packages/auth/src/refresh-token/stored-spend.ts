import { ErrorResponse, User as OidcUser, type UserManager } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';
import { newNonce } from '../sign-in/client';
import type { StoredRefreshToken, RefreshStore } from './refresh-store';

/**
 * With DPoP, every tab renews with the one refresh token kept in IndexedDB, and the provider
 * rotates it: a token it has already exchanged, sent again, makes it revoke the whole grant. So the
 * kept token is marked *in doubt* before it leaves; the answer replaces it (session.ts saves its
 * successor without the mark). A tab closed (or a network dropped) after the provider rotated the
 * token and before the answer arrived leaves the mark, and whoever renews next does not send it:
 * it signs in silently with the provider's session (the hidden frame, the same DPoP key) instead.
 * Only if the provider has no session for that is the marked token tried, since then nothing is
 * left to lose. Callers hold the cross-tab renewal lock.
 *
 * Throws the provider's `ErrorResponse` (final) or anything else (the network; try again later).
 */
export async function exchangeStoredToken(
  manager: Pick<UserManager, 'getUser' | 'storeUser' | 'signinSilent'>,
  refreshStore: RefreshStore,
  token: StoredRefreshToken,
  now: () => number = Date.now,
): Promise<OidcUser> {
  const stored = await manager.getUser();
  if (token.inDoubtSince !== undefined) {
    try {
      return forSameUser(await signIn(manager, stored, token, undefined), token);
    } catch (error) {
      // No session at the provider (login required, consent): the marked token is the last way.
      if (!(error instanceof ErrorResponse)) throw error;
    }
  }
  await refreshStore.save({ refreshToken: token.refreshToken, sub: token.sub, inDoubtSince: now() });
  return forSameUser(await signIn(manager, stored, token, token.refreshToken), token);
}

/** One silent request: with a refresh token, the token endpoint; without, the provider's session in a hidden frame. */
async function signIn(
  manager: Pick<UserManager, 'storeUser' | 'signinSilent'>,
  stored: OidcUser | null,
  token: StoredRefreshToken,
  refreshToken: string | undefined,
): Promise<OidcUser> {
  // No scope: a refresh gets what the sign-in granted (token-request.ts says why).
  const base =
    stored ??
    new OidcUser({ token_type: 'DPoP', access_token: '', profile: { sub: token.sub } as OidcUser['profile'] });
  await manager.storeUser(
    new OidcUser({ ...base, profile: base.profile, refresh_token: refreshToken, scope: undefined }),
  );
  const user = await manager.signinSilent(refreshToken ? undefined : { nonce: newNonce() });
  if (!user) throw new ErrorResponse({ error: 'invalid_grant', error_description: 'the provider returned no user' });
  return user;
}

function forSameUser(user: OidcUser, token: StoredRefreshToken): OidcUser {
  if (user.profile.sub !== token.sub)
    throw new PlatformError('AUTH_FAILED', 'The provider answered for another user; sign in again.');
  return user;
}
