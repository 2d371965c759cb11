import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import { isPlatformError } from '@mfe/context';
import { newNonce } from '../sign-in/client';
import { exchangeStoredToken } from '../refresh-token/stored-spend';
import type { RefreshStore } from '../refresh-token/refresh-store';
import { RenewalError } from './renewal';

/**
 * One token request for a renewal: the refresh token when there is one, else a silent sign-in in a
 * hidden iframe. With DPoP the newest refresh token is the stored one (any tab may have rotated it),
 * sent at most once (stored-spend.ts).
 * A refresh names no scope, so it gets everything the sign-in granted (RFC 6749 §6): when access
 * tokens are issued for an API (a resource indicator), the last token response names only the API's
 * scopes, and asking for those alone would get no new ID token (no `openid`).
 * Throws `RenewalError`: `invalid_grant` when the provider said no (final), `network` otherwise.
 */
export async function requestTokens(manager: UserManager, kept: RefreshStore | null): Promise<OidcUser> {
  let user: OidcUser | null;
  try {
    const storedToken = kept ? await kept.load() : undefined;
    // With DPoP: spent at most once, even when the tab that sent it last never heard back (stored-spend.ts).
    if (kept && storedToken) return await exchangeStoredToken(manager, kept, storedToken);
    const stored = await manager.getUser();
    if (stored?.refresh_token && stored.scope !== undefined) {
      stored.scope = undefined;
      await manager.storeUser(stored);
    }
    user = await manager.signinSilent({ nonce: newNonce() });
  } catch (error) {
    // The provider said no (revoked, expired, reused refresh token, login required): final.
    if (error instanceof ErrorResponse) throw new RenewalError('invalid_grant', error.error ?? error.message);
    if (isPlatformError(error, 'AUTH_FAILED')) throw new RenewalError('invalid_grant', error.message);
    throw new RenewalError('network', (error as Error)?.message ?? String(error));
  }
  if (!user) throw new RenewalError('invalid_grant', 'the provider returned no user');
  return user;
}
