/**
 * A refused request, as a typed value: the HTTP status and the `WWW-Authenticate` challenge a
 * client can act on (RFC 6750 §3 for bearer tokens, RFC 9449 §7.1 and §9 for DPoP).
 *
 * - `invalid_request` (400): the request itself is malformed (two tokens, two proofs).
 * - `invalid_token` (401): the token is not one this API accepts: wrong issuer or audience, bad
 *   signature, expired, or bound to a key the request does not prove.
 * - `invalid_dpop_proof` (401): the proof is malformed, for another method or URL, too old, or replayed.
 * - `use_dpop_nonce` (401): send the proof again with the nonce in the `DPoP-Nonce` header.
 * - `insufficient_scope` (403): a valid token without a scope this call needs.
 */
export type DenialCode =
  | 'missing_token'
  | 'invalid_request'
  | 'invalid_token'
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce'
  | 'insufficient_scope';

/** The authentication scheme a challenge is for. */
export type Scheme = 'Bearer' | 'DPoP';

const STATUS: Record<DenialCode, number> = {
  missing_token: 401,
  invalid_request: 400,
  invalid_token: 401,
  invalid_dpop_proof: 401,
  use_dpop_nonce: 401,
  insufficient_scope: 403,
};

export interface DenialDetails {
  /** The scheme the client used or must use; a request without credentials is challenged in both. */
  readonly scheme?: Scheme;
  /** Scopes the call needs (insufficient_scope). */
  readonly scope?: readonly string[];
  /** A fresh server nonce, sent as `DPoP-Nonce`. */
  readonly nonce?: string;
}

/** What every challenge says about the server: its realm and the proof algorithms it accepts. */
export interface ChallengeContext {
  readonly realm?: string;
  readonly algorithms: readonly string[];
}

// A quoted-string (RFC 9110 §5.6.4) may not hold `"` or `\` unescaped; descriptions are ours, but
// keep them safe and readable (RFC 6750 also limits error_description to printable ASCII).
const quoted = (value: string) => `"${value.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, "'")}"`;

export class AccessDenied extends Error {
  readonly status: number;

  constructor(
    readonly code: DenialCode,
    message: string,
    readonly details: DenialDetails = {},
  ) {
    super(message);
    this.name = 'AccessDenied';
    this.status = STATUS[code];
  }

  /** The `WWW-Authenticate` values (one per challenge) for this denial. */
  challenges(context: ChallengeContext): string[] {
    const realm = context.realm ? [`realm=${quoted(context.realm)}`] : [];
    const algs = `algs=${quoted(context.algorithms.join(' '))}`;
    const scope = this.details.scope?.length ? [`scope=${quoted(this.details.scope.join(' '))}`] : [];
    const challenge = (scheme: Scheme, params: string[]) => (params.length ? `${scheme} ${params.join(', ')}` : scheme);
    // No credentials at all: say both schemes this API takes (RFC 9449 §7.1), with no error code.
    if (this.code === 'missing_token')
      return [challenge('Bearer', [...realm, ...scope]), challenge('DPoP', [...realm, ...scope, algs])];
    const scheme = this.details.scheme ?? 'Bearer';
    return [
      challenge(scheme, [
        ...realm,
        `error=${quoted(this.code)}`,
        `error_description=${quoted(this.message)}`,
        ...scope,
        ...(scheme === 'DPoP' ? [algs] : []),
      ]),
    ];
  }

  /** Headers of the answer: the challenges and, when the client must use one, a new nonce. */
  headers(context: ChallengeContext): Record<string, string | string[]> {
    return {
      'WWW-Authenticate': this.challenges(context),
      ...(this.details.nonce ? { 'DPoP-Nonce': this.details.nonce } : {}),
      'Cache-Control': 'no-store',
    };
  }

  /** A JSON body for the answer (the same code and message, for clients that read bodies). */
  body(): { error: DenialCode; error_description: string } {
    return { error: this.code, error_description: this.message };
  }
}
