import type { User as OidcUser, UserManager } from 'oidc-client-ts';
import type { createRemoteJWKSet } from 'jose';
import type { SessionClock } from './clock';
import { issuedAt } from './id-token-time';

/**
 * The checks every token set passes before its user is adopted, wherever it came from. The
 * verifier (jose) and the provider's keys are in their own chunk, loaded when tokens are about to
 * arrive (`prepare`) or on first use; a visitor who never signs in never loads them.
 */
export interface TokenChecks {
  /**
   * A token set this tab just received from the token endpoint: the provider's clock is learned
   * from its ID token, then it is verified. An ID token the tab already had (a refresh that
   * returned none) is neither checked again nor a lesson about the clock.
   */
  fromProvider(user: OidcUser, previousIdToken?: string): Promise<void>;
  /** A token set another tab offers: verified against the provider's clock as this tab knows it. */
  fromPeer(user: OidcUser): Promise<void>;
  /** Starts loading the verifier (a session is about to be restored or a sign-in completed), so no check waits for it. */
  prepare?(): void;
}

export function createTokenChecks(options: {
  readonly manager: UserManager;
  readonly clientId: string;
  readonly clock: SessionClock;
}): TokenChecks {
  const { manager, clientId, clock } = options;
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const loadKeys = () =>
    (keys ??= (async () => {
      const [{ createRemoteJWKSet }, metadata] = await Promise.all([
        import(/* webpackChunkName: "token-checks" */ 'jose'),
        manager.metadataService.getMetadata(),
      ]);
      if (!metadata.jwks_uri) throw new Error('the provider publishes no jwks_uri');
      return createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: 30_000 });
    })().catch((error: unknown) => {
      keys = undefined; // fetched again next time
      throw error;
    }));
  const verify = async (user: OidcUser) => {
    const [{ verifyIdToken }, getKey, metadata] = await Promise.all([
      import(/* webpackChunkName: "token-checks" */ './id-token'),
      loadKeys(),
      manager.metadataService.getMetadata(),
    ]);
    const issuer = String(metadata.issuer ?? '');
    const algorithms = (metadata as Record<string, unknown>).id_token_signing_alg_values_supported;
    await verifyIdToken(user.id_token, {
      issuer,
      clientId,
      algorithms: Array.isArray(algorithms) ? (algorithms as string[]) : [],
      keys: getKey,
      providerNow: clock.providerNow(),
      deviceSkew: clock.deviceSkew(),
    });
  };
  return {
    fromProvider: async (user, previousIdToken) => {
      if (user.id_token && user.id_token === previousIdToken) return;
      const iat = issuedAt(user.id_token);
      if (iat !== undefined) clock.learn(iat);
      await verify(user);
    },
    fromPeer: verify,
    // The keys themselves are fetched too, alongside the token request rather than after its
    // answer: one round trip less before a restored or new session is adopted. A failure here is
    // not said; the check that needs the keys fetches them again and says it.
    prepare: () =>
      void Promise.all([
        import(/* webpackChunkName: "token-checks" */ './id-token'),
        loadKeys().then((keySet) => keySet.reload()),
      ]).catch(() => undefined),
  };
}
