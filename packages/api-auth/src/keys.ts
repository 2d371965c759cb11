import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/**
 * The provider's signing keys, found the standard way: its discovery document's `jwks_uri`, read
 * once (jose's key set refetches on an unknown `kid`, so the provider's key rotation needs nothing
 * here). A discovery document for another issuer is refused: its keys would sign anyone's tokens.
 */
export function providerKeys(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`The provider's discovery document (${url}) answered ${response.status}.`);
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer)
      throw new Error(`The discovery document at ${url} is for issuer ${String(metadata.issuer)}, not ${issuer}.`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`The discovery document at ${url} has no jwks_uri.`);
    return createRemoteJWKSet(new URL(metadata.jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined; // try again on the next request
      throw error;
    });
    return (await keys)(header, token);
  };
}
