import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWTPayload } from 'jose';
import { AccessDenied } from './denial';
import type { NonceSource } from './nonces';
import type { ReplayStore } from './replay';

/** Proof algorithms accepted by default: the asymmetric ones browsers' WebCrypto can make. */
export const DEFAULT_PROOF_ALGORITHMS = ['ES256', 'ES384', 'PS256', 'RS256', 'EdDSA'] as const;

export interface ProofRules {
  readonly algorithms: readonly string[];
  /** How old a proof may be (RFC 9449 §11.1: "a few seconds to minutes"). */
  readonly maxAgeSeconds: number;
  /** How far ahead of this server's clock a proof's `iat` may be. */
  readonly clockToleranceSeconds: number;
  /** Server nonces (§8), or none. */
  readonly nonces: NonceSource | null;
  readonly replay: ReplayStore;
  readonly now: () => number;
}

export interface ProofRequest {
  readonly method: string;
  /** The URL the client called, as it saw it (behind a proxy: the public URL). */
  readonly url: string;
  readonly proof: string;
  /** The access token presented with it. */
  readonly token: string;
}

const dpopDenial = (code: 'invalid_dpop_proof' | 'use_dpop_nonce' | 'invalid_token', message: string, nonce?: string) =>
  new AccessDenied(code, message, { scheme: 'DPoP', ...(nonce ? { nonce } : {}) });

/** A URL as `htu` compares it (§4.3): normalized, without query and fragment. */
export function htuOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.search = '';
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');

/**
 * Checks a DPoP proof for a request (RFC 9449 §4.3, §7.1) and returns its key's thumbprint for the
 * token's `cnf.jkt` to be compared with. Order matters: a replayed proof is only recorded once
 * everything else about it holds, so a forged proof cannot burn a real one's `jti`.
 */
export async function verifyProof(
  request: ProofRequest,
  rules: ProofRules,
): Promise<{ thumbprint: string; payload: JWTPayload }> {
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    verified = await jwtVerify(request.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: [...rules.algorithms] });
  } catch (error) {
    throw dpopDenial('invalid_dpop_proof', `The DPoP proof is not a valid signed proof (${(error as Error).message}).`);
  }
  const { payload, protectedHeader } = verified;
  const { htm, htu, iat, jti, ath, nonce } = payload as JWTPayload & Record<string, unknown>;
  if (typeof jti !== 'string' || jti.length < 8)
    throw dpopDenial('invalid_dpop_proof', 'The DPoP proof has no unique "jti".');
  if (htm !== request.method.toUpperCase())
    throw dpopDenial(
      'invalid_dpop_proof',
      `The DPoP proof is for method ${String(htm)}, not ${request.method.toUpperCase()}.`,
    );
  const expectedHtu = htuOf(request.url);
  if (typeof htu !== 'string' || htuOf(htu) === null || htuOf(htu) !== expectedHtu)
    throw dpopDenial('invalid_dpop_proof', 'The DPoP proof is for another URL ("htu").');
  if (typeof ath !== 'string' || ath !== sha256(request.token))
    throw dpopDenial('invalid_dpop_proof', 'The DPoP proof is not for this access token ("ath").');
  const nowSeconds = rules.now() / 1000;
  if (rules.nonces) {
    if (typeof nonce !== 'string' || !rules.nonces.accepts(nonce)) {
      throw dpopDenial(
        'use_dpop_nonce',
        'Send the request again with a DPoP proof holding the nonce in the DPoP-Nonce header.',
        rules.nonces.current(),
      );
    }
  }
  if (typeof iat !== 'number') throw dpopDenial('invalid_dpop_proof', 'The DPoP proof has no "iat".');
  // With server nonces the nonce proves freshness (§8), so a client whose clock is off still gets in;
  // without them the proof's own time must be recent.
  if (!rules.nonces && (nowSeconds - iat > rules.maxAgeSeconds || iat - nowSeconds > rules.clockToleranceSeconds)) {
    throw dpopDenial(
      'invalid_dpop_proof',
      `The DPoP proof's "iat" is not within ${rules.maxAgeSeconds} s of this server's time.`,
    );
  }
  const thumbprint = await calculateJwkThumbprint(protectedHeader.jwk!, 'sha256');
  const remember =
    Math.max(rules.maxAgeSeconds + rules.clockToleranceSeconds, rules.nonces?.lifetimeSeconds ?? 0) * 1000;
  if (!(await rules.replay.firstUse(`${thumbprint}:${jti}`, rules.now() + remember))) {
    throw dpopDenial('invalid_dpop_proof', 'This DPoP proof was already used: make a new proof for every request.');
  }
  return { thumbprint, payload };
}
