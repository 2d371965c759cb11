import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import { newNonce } from './client';
import type { RefreshStore } from './refresh-store';
import { RenewalError } from './renewal';

/**
 * One token request for a renewal: the refresh token when there is one, else a silent sign-in in a
 * hidden iframe. With DPoP the newest refresh token is the kept one (any tab may have rotated it).
 * Throws `RenewalError`: `invalid_grant` when the provider said no (final), `network` otherwise.
 */
export async function requestTokens(manager: UserManager, kept: RefreshStore | null): Promise<OidcUser> {
  let user: OidcUser | null;
  try {
    const keptToken = kept ? await kept.load() : undefined;
    const stored = keptToken ? await manager.getUser() : null;
    if (keptToken && stored && stored.refresh_token !== keptToken.refreshToken) {
      stored.refresh_token = keptToken.refreshToken;
      await manager.storeUser(stored);
    }
    user = await manager.signinSilent({ nonce: newNonce() });
  } catch (error) {
    // The provider said no (revoked, expired, reused refresh token, login required): final.
    if (error instanceof ErrorResponse) throw new RenewalError('invalid_grant', error.error ?? error.message);
    throw new RenewalError('network', (error as Error)?.message ?? String(error));
  }
  if (!user) throw new RenewalError('invalid_grant', 'the provider returned no user');
  return user;
}
