import { PlatformError } from '@mfe/context';

/**
 * Checks the ID token's claims that oidc-client-ts leaves alone: issuer,
 * audience (and authorized party), expiry and issue time. The token came
 * straight from the token endpoint over TLS, so its signature is not checked
 * here (OpenID Connect Core 3.1.3.7 allows that for the code flow).
 */
export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  /** Epoch seconds. */
  readonly now: number;
  /** Allowed clock difference with the provider, seconds. */
  readonly skew?: number;
}

function decodePayload(idToken: string): Record<string, unknown> {
  const part = idToken.split('.')[1];
  if (!part) throw new Error('it is not a JWT');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof payload !== 'object' || payload === null) throw new Error('its payload is not an object');
  return payload as Record<string, unknown>;
}

const normalize = (url: string) => url.replace(/\/+$/, '');

export function validateIdTokenClaims(idToken: string | undefined, expected: IdTokenExpectations): void {
  const distrust = (why: string) =>
    new PlatformError('AUTH_FAILED', `The sign-in provider returned an ID token this app cannot trust (${why}). Sign in again; if it keeps happening, the provider or the app's configuration is wrong.`);
  if (!idToken) throw distrust('no ID token');
  let claims: Record<string, unknown>;
  try {
    claims = decodePayload(idToken);
  } catch (error) {
    throw distrust(`unreadable: ${(error as Error).message}`);
  }
  const skew = expected.skew ?? 120;
  if (typeof claims.iss !== 'string' || normalize(claims.iss) !== normalize(expected.issuer)) throw distrust(`issuer is ${JSON.stringify(claims.iss)}, expected ${expected.issuer}`);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw distrust(`audience ${JSON.stringify(claims.aud)} does not include this app`);
  if (audiences.length > 1 && claims.azp !== expected.clientId) throw distrust('authorized party is not this app');
  if (typeof claims.exp !== 'number' || claims.exp + skew < expected.now) throw distrust('it has expired');
  if (typeof claims.iat === 'number' && claims.iat - skew > expected.now) throw distrust('it was issued in the future');
}
