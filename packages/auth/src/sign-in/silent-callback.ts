import { UserManager } from 'oidc-client-ts';

/**
 * Runs inside the hidden iframe of a silent sign-in: hands the provider's
 * answer to the parent window. Loads neither React nor any remote.
 */
export async function completeSilentCallback(): Promise<void> {
  // Settings are not used by the iframe callback; it only posts the URL to the opener's window.
  await new UserManager({
    authority: window.location.origin,
    client_id: 'silent-callback',
    redirect_uri: window.location.href,
  }).signinSilentCallback();
}
