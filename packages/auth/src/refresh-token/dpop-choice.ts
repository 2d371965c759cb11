/**
 * Whether this page's session uses DPoP (RFC 9449). `auth.dpop: "auto"` (the default) turns it on
 * wherever the provider's discovery document advertises proofs this client can make (ES256, the
 * key oidc-client-ts generates), so a deployment gets sender-constrained tokens without asking;
 * `true`/`false` in the runtime config decide it regardless. The reason is said once, at start-up.
 */
export interface DpopChoice {
  readonly dpop: boolean;
  readonly reason: string;
}

/** The algorithm of the key oidc-client-ts creates for proofs. */
const CLIENT_PROOF_ALG = 'ES256';

export async function chooseDpop(setting: boolean | 'auto', readMetadata: () => Promise<object>): Promise<DpopChoice> {
  if (setting === true) return { dpop: true, reason: 'on: auth.dpop is true in the runtime config' };
  if (setting === false) return { dpop: false, reason: 'off: auth.dpop is false in the runtime config' };
  let advertised: unknown;
  try {
    advertised = ((await readMetadata()) as { dpop_signing_alg_values_supported?: unknown })
      .dpop_signing_alg_values_supported;
  } catch (error) {
    return {
      dpop: false,
      reason: `off: the provider's discovery document could not be read (${(error as Error)?.message ?? error}), so DPoP support is unknown`,
    };
  }
  if (Array.isArray(advertised) && advertised.includes(CLIENT_PROOF_ALG))
    return {
      dpop: true,
      reason: `on: the provider advertises DPoP proofs with ${CLIENT_PROOF_ALG} (dpop_signing_alg_values_supported)`,
    };
  if (Array.isArray(advertised))
    return {
      dpop: false,
      reason: `off: the provider advertises DPoP only with ${advertised.join(', ') || 'no algorithm'}, not ${CLIENT_PROOF_ALG}`,
    };
  return {
    dpop: false,
    reason:
      'off: the provider does not advertise DPoP (no dpop_signing_alg_values_supported in its discovery document)',
  };
}
