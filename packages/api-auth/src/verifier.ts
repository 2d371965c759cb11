import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AccessDenied, type ChallengeContext } from './denial';
import { DEFAULT_PROOF_ALGORITHMS, verifyProof } from './dpop-proof';
import { providerKeys } from './keys';
import { createNonceSource, type NonceSource } from './nonces';
import { createMemoryReplayStore, type ReplayStore } from './replay';

export interface AccessPolicy {
  /** The provider's issuer identifier, exactly as in its tokens' `iss`. */
  readonly issuer: string;
  /** This API's identifier, as in the tokens' `aud` (the resource indicator the provider issues for). */
  readonly audience: string;
  /** Scopes every call needs (a call can ask for more). */
  readonly scopes?: readonly string[];
  /** Signing keys; default: the provider's, from its discovery document. */
  readonly keys?: JWTVerifyGetKey;
  /** Token signing algorithms accepted (default: the asymmetric ones; never "none" or HMAC). */
  readonly algorithms?: readonly string[];
  /** Clock skew allowed between this server and the provider (default 30 s). */
  readonly clockToleranceSeconds?: number;
  /** Named in challenges. */
  readonly realm?: string;
  readonly dpop?: {
    /** Refuse bearer tokens: every token must be DPoP-bound (default false: bound tokens must come with proofs). */
    readonly required?: boolean;
    /** Server nonces (default: on, with a random secret); false turns them off. */
    readonly nonces?: NonceSource | false;
    readonly proofMaxAgeSeconds?: number;
    readonly replay?: ReplayStore;
    readonly algorithms?: readonly string[];
  };
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
}

/** What the API may act on once a request is verified. */
export interface VerifiedAccess {
  readonly subject: string;
  readonly clientId?: string;
  readonly scopes: readonly string[];
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  /** The key the token is bound to (`cnf.jkt`), when it is a DPoP token. */
  readonly keyThumbprint?: string;
  readonly claims: JWTPayload;
  /** The nonce to send back as `DPoP-Nonce` (so the next call needs no retry). */
  readonly nonce?: string;
}

export interface AccessRequest {
  readonly method: string;
  /** The URL as the client called it (behind a proxy: the public one). */
  readonly url: string;
  readonly authorization?: string | null;
  /** The `DPoP` header(s). */
  readonly dpop?: string | readonly string[] | null;
}

export interface AccessVerifier {
  /** Resolves with the verified access, or rejects with an `AccessDenied` to answer with. */
  verify(request: AccessRequest, need?: { readonly scopes?: readonly string[] }): Promise<VerifiedAccess>;
  /** What challenges say about this API. */
  readonly challenge: ChallengeContext;
  /** The nonce to hand out now (none without nonces). */
  nonce(): string | undefined;
}

const DEFAULT_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384', 'RS384', 'PS384', 'EdDSA'];

/** jose's refusals as the client should read them; anything else (keys unreachable) is the server's problem. */
function tokenDenial(error: unknown, scheme: 'Bearer' | 'DPoP'): AccessDenied {
  const denied = (message: string) => new AccessDenied('invalid_token', message, { scheme });
  if (error instanceof errors.JWTExpired) return denied('The access token has expired: renew it.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return denied('The access token is from another issuer.');
    if (error.claim === 'aud') return denied('The access token is for another audience, not this API.');
    if (error.claim === 'typ') return denied('The token is not an access token (typ "at+jwt", RFC 9068).');
    return denied(`The access token's "${error.claim}" claim is not acceptable (${error.reason}).`);
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed)
    return denied('The access token is not signed by the provider.');
  if (error instanceof errors.JOSEAlgNotAllowed)
    return denied('The access token is signed with an algorithm this API does not accept.');
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  )
    return denied('The access token is malformed.');
  throw error;
}

/** `Authorization: <scheme> <token>`, exactly one. */
function credentialsOf(authorization: string | null | undefined): { scheme: 'Bearer' | 'DPoP'; token: string } | null {
  if (!authorization) return null;
  const match = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
  if (!match)
    throw new AccessDenied('invalid_request', 'The Authorization header must be "Bearer <token>" or "DPoP <token>".');
  const [, scheme = '', token = ''] = match;
  return { scheme: scheme.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer', token };
}

export function createAccessVerifier(policy: AccessPolicy): AccessVerifier {
  const now = policy.now ?? Date.now;
  const keys = policy.keys ?? providerKeys(policy.issuer, policy.fetch);
  const tolerance = policy.clockToleranceSeconds ?? 30;
  const nonces = policy.dpop?.nonces === false ? null : (policy.dpop?.nonces ?? createNonceSource({ now }));
  const proofAlgorithms = policy.dpop?.algorithms ?? DEFAULT_PROOF_ALGORITHMS;
  const replay = policy.dpop?.replay ?? createMemoryReplayStore(now);
  const challenge: ChallengeContext = { ...(policy.realm ? { realm: policy.realm } : {}), algorithms: proofAlgorithms };

  async function verify(
    request: AccessRequest,
    need: { readonly scopes?: readonly string[] } = {},
  ): Promise<VerifiedAccess> {
    const required = [...(policy.scopes ?? []), ...(need.scopes ?? [])];
    const credentials = credentialsOf(request.authorization);
    if (!credentials) throw new AccessDenied('missing_token', 'Send an access token.', { scope: required });
    const proofs =
      request.dpop === undefined || request.dpop === null
        ? []
        : typeof request.dpop === 'string'
          ? [request.dpop]
          : [...request.dpop];
    if (proofs.length > 1 || proofs.some((proof) => proof.includes(',')))
      throw new AccessDenied('invalid_request', 'Send one DPoP proof per request.', { scheme: 'DPoP' });

    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(credentials.token, keys, {
        issuer: policy.issuer,
        audience: policy.audience,
        algorithms: [...(policy.algorithms ?? DEFAULT_TOKEN_ALGORITHMS)],
        typ: 'at+jwt',
        clockTolerance: tolerance,
        currentDate: new Date(now()),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw tokenDenial(error, credentials.scheme);
    }

    const boundTo = (claims.cnf as { jkt?: unknown } | undefined)?.jkt;
    let keyThumbprint: string | undefined;
    if (typeof boundTo === 'string' || credentials.scheme === 'DPoP') {
      if (credentials.scheme !== 'DPoP')
        throw new AccessDenied(
          'invalid_token',
          'This access token is bound to a key: send it as "DPoP <token>" with a proof.',
          { scheme: 'DPoP' },
        );
      if (typeof boundTo !== 'string')
        throw new AccessDenied('invalid_token', 'This access token is not bound to a key: send it as a bearer token.', {
          scheme: 'DPoP',
        });
      const [proof] = proofs;
      if (proof === undefined)
        throw new AccessDenied('invalid_token', 'This access token is bound to a key: send a DPoP proof with it.', {
          scheme: 'DPoP',
          ...(nonces ? { nonce: nonces.current() } : {}),
        });
      const rules = {
        algorithms: proofAlgorithms,
        maxAgeSeconds: policy.dpop?.proofMaxAgeSeconds ?? 60,
        clockToleranceSeconds: tolerance,
        nonces,
        replay,
        now,
      };
      const { thumbprint } = await verifyProof(
        { method: request.method, url: request.url, proof, token: credentials.token },
        rules,
      );
      if (thumbprint !== boundTo)
        throw new AccessDenied(
          'invalid_token',
          'The DPoP proof is made with another key than the one this access token is bound to.',
          { scheme: 'DPoP' },
        );
      keyThumbprint = thumbprint;
    } else if (policy.dpop?.required) {
      throw new AccessDenied('invalid_token', 'This API takes only DPoP-bound access tokens.', { scheme: 'DPoP' });
    }

    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
    const missing = required.filter((scope) => !scopes.includes(scope));
    if (missing.length)
      throw new AccessDenied(
        'insufficient_scope',
        `The access token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: sign in again asking for ${missing.length > 1 ? 'them' : 'it'}.`,
        { scheme: credentials.scheme, scope: required },
      );

    return {
      subject: claims.sub!,
      ...(typeof claims.client_id === 'string' ? { clientId: claims.client_id } : {}),
      scopes,
      expiresAt: claims.exp!,
      ...(keyThumbprint ? { keyThumbprint } : {}),
      claims,
      ...(keyThumbprint && nonces ? { nonce: nonces.current() } : {}),
    };
  }

  return { verify, challenge, nonce: () => nonces?.current() };
}
