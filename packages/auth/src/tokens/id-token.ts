import { decodeProtectedHeader, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { PlatformError } from '@mfe/context';
import { describeSkew } from './clock';

/**
 * Checks an ID token before its user is shown: signed by the provider (a key from its JWKS, with an
 * algorithm it advertises — never `none`), for this app from the configured issuer, and current by
 * the provider's clock (see clock.ts). oidc-client-ts checks the nonce and `sub`; this checks the rest.
 * Loaded on its own (it carries jose), off the path to first content.
 */
export interface IdTokenTrust {
  readonly issuer: string;
  readonly clientId: string;
  /** `id_token_signing_alg_values_supported` from the provider's discovery document. */
  readonly algorithms: readonly string[];
  /** The provider's signing keys (its JWKS). */
  readonly keys: JWTVerifyGetKey;
  /** The provider's time, epoch seconds. */
  readonly providerNow: number;
  /** Allowed difference with the provider's clock, seconds. */
  readonly skew?: number;
  /** How far this device's clock is from the provider's, seconds (named when time is the reason). */
  readonly deviceSkew?: number;
}

const normalize = (url: string) => url.replace(/\/+$/, '');

export async function verifyIdToken(
  idToken: string | undefined,
  trust: IdTokenTrust,
): Promise<Record<string, unknown>> {
  const skew = trust.skew ?? 120;
  const clockNote =
    trust.deviceSkew !== undefined && Math.abs(trust.deviceSkew) > skew
      ? `; this device's clock is ${describeSkew(trust.deviceSkew)} the provider's — set it right, then sign in again`
      : '';
  const distrust = (why: string) =>
    new PlatformError(
      'AUTH_FAILED',
      `The sign-in provider returned an ID token this app cannot trust (${why}). Sign in again; if it keeps happening, the provider or the app's configuration is wrong.`,
    );
  if (!idToken) throw distrust('no ID token');
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch (error) {
    throw distrust(`unreadable: ${(error as Error).message}`);
  }
  const allowed = trust.algorithms.filter((candidate) => candidate !== 'none');
  if (!alg || !allowed.includes(alg))
    throw distrust(
      `signed with ${JSON.stringify(alg ?? null)}, which the provider does not use (it uses ${allowed.join(', ') || 'none it advertises'})`,
    );
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, trust.keys, {
      algorithms: allowed,
      issuer: [normalize(trust.issuer), `${normalize(trust.issuer)}/`],
      audience: trust.clientId,
      currentDate: new Date(trust.providerNow * 1000),
      clockTolerance: skew,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed)
      throw distrust("its signature does not match the provider's keys");
    if (error instanceof errors.JWKSNoMatchingKey)
      throw distrust('it is signed with a key the provider does not publish');
    if (error instanceof errors.JWTExpired) throw distrust(`it has expired${clockNote}`);
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'iss')
        throw distrust(`issuer is ${JSON.stringify(error.payload.iss)}, expected ${trust.issuer}`);
      if (error.claim === 'aud')
        throw distrust(`audience ${JSON.stringify(error.payload.aud)} does not include this app`);
      if (error.claim === 'nbf') throw distrust(`it is not valid yet${clockNote}`);
      throw distrust(`its "${error.claim}" claim is ${error.reason === 'missing' ? 'missing' : 'invalid'}`);
    }
    if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout))
      throw distrust(`unreadable: ${error.message}`);
    // The keys could not be fetched (network): not a verdict on the token.
    throw error;
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== trust.clientId) throw distrust('authorized party is not this app');
  if (typeof claims.iat === 'number' && claims.iat - skew > trust.providerNow)
    throw distrust(`it was issued in the future${clockNote}`);
  return claims;
}
