import { PlatformError } from '@mfe/context';
import type { User as OidcUser, UserManager } from 'oidc-client-ts';

/** An API call's credentials: the header, and with DPoP the proof for this method and URL. */
export interface ApiAuthorization {
  readonly token: string;
  readonly authorization: string;
  readonly proof?: string;
}

/**
 * Credentials for one API call (api-client.ts): a bearer token, or with a DPoP-bound token a proof
 * signed for this method and URL (and the server's nonce, when it asked for one).
 */
export async function apiAuthorization(
  manager: UserManager,
  user: OidcUser | null,
  token: string,
  dpop: boolean,
  request: { url: string; method: string; nonce?: string },
): Promise<ApiAuthorization> {
  if (!dpop || !user || user.token_type?.toLowerCase() !== 'dpop') return { token, authorization: `Bearer ${token}` };
  const proof = await manager.dpopProof(request.url, user, request.method, request.nonce);
  if (!proof)
    throw new PlatformError('AUTH_REQUIRED', 'The key that proves this session is gone. Sign in again to continue.');
  return { token, authorization: `DPoP ${token}`, proof };
}
