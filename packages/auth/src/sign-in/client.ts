import {
  IndexedDbDPoPStore,
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
  type OidcMetadata,
} from 'oidc-client-ts';
import type { AuthConfig } from './config';

import { CALLBACK_PATH, SILENT_CALLBACK_PATH } from './paths';

export { CALLBACK_PATH, SILENT_CALLBACK_PATH };

/**
 * The OpenID Connect client: authorization code + PKCE, tokens in memory only, renewal left to the
 * session. `metadata`: the provider's discovery document when already read (not fetched again).
 */
export function createUserManager(
  config: AuthConfig,
  { origin = window.location.origin, metadata }: { origin?: string; metadata?: Partial<OidcMetadata> } = {},
): UserManager {
  return withOneDiscoveryRequest(
    new UserManager({
      authority: config.auth.authority,
      client_id: config.auth.clientId,
      scope: config.auth.scopes,
      // RFC 8707: tokens for the product's API (its audience), when the config names it.
      ...(config.auth.resource ? { resource: config.auth.resource } : {}),
      response_type: 'code', // authorization code + PKCE (S256), always
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
      post_logout_redirect_uri: `${origin}/`,
      // Tokens live in memory only: gone when the tab closes, never in Web Storage.
      userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      // Only the short-lived PKCE verifier and `state` must survive the redirect.
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
      // Renewal is ours (TokenRenewer): one request per renewal across tabs.
      automaticSilentRenew: false,
      silentRequestTimeoutInSeconds: 8,
      monitorSession: false,
      loadUserInfo: false,
      // DPoP: a non-extractable key pair in IndexedDB, its thumbprint bound to the authorization code.
      ...(config.auth.dpop === true
        ? { dpop: { store: new IndexedDbDPoPStore(), bind_authorization_code: true } }
        : {}),
      ...(metadata ? { metadata } : {}),
    }),
  );
}

/**
 * oidc-client-ts keeps the discovery document once it has arrived, but two callers before then each
 * fetch it: on every restored session the token checks (for the keys' address) and the silent
 * sign-in (for the authorization endpoint) asked at once, a second request to the provider on the
 * page's path. Callers now share the one in flight; a failed read is tried again by the next caller.
 */
function withOneDiscoveryRequest(manager: UserManager): UserManager {
  const service = manager.metadataService;
  const read = service.getMetadata.bind(service);
  let inFlight: Promise<Partial<OidcMetadata>> | undefined;
  service.getMetadata = () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
  return manager;
}

/** A fresh `nonce` for an authorization request (oidc-client-ts checks it in the ID token). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
