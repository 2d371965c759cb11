import * as v from 'valibot';
import { isLocaleTag, LOCALE_TAG_EXPLAINED } from './page-files';

// The runtime config's field rules that are more than a type: origins, URLs, the provider's
// settings, telemetry adapters, locale tags (runtime-config.ts puts them together).

export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** Where developer overrides, a local remote's server and local hosts live (CSP source syntax: any port). */
export const LOCAL_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

export const origin = (example: string) =>
  v.pipe(v.string(), v.check(isOrigin, `must be an origin only ("${example}", no path or trailing "/")`));
export const httpUrl = (message: string) =>
  v.pipe(
    v.string(),
    v.url(message),
    v.check((value) => /^https?:\/\//.test(value), message),
  );

export const AuthSchema = v.object({
  authority: v.pipe(
    v.string(),
    v.url('must be the provider\'s issuer URL, e.g. "https://login.example.com/realms/acme"'),
  ),
  clientId: v.pipe(v.string(), v.minLength(1, 'must name the public client registered for this host')),
  scopes: v.optional(v.pipe(v.string(), v.includes('openid', 'must include "openid"')), 'openid profile email'),
  rolesClaim: v.optional(v.pipe(v.string(), v.minLength(1)), 'roles'),
  /**
   * Sender-constrained tokens (DPoP, RFC 9449): a non-extractable key in IndexedDB signs a proof for
   * every token and API request, and the DPoP-bound refresh token is kept (useless without the key)
   * so a reload restores the session without the provider's cookies. `"auto"` (the default): on
   * when the provider's discovery document advertises ES256 proofs
   * (`dpop_signing_alg_values_supported`), off otherwise; `true`/`false` decide it regardless.
   */
  dpop: v.optional(v.union([v.boolean(), v.literal('auto')], 'must be true, false or "auto"'), 'auto'),
  /**
   * The API the access tokens are for (a resource indicator, RFC 8707), sent with the sign-in: a
   * provider that supports it issues tokens with that audience, which the API verifies (see
   * @mfe/api-auth). Absent: the provider's default audience.
   */
  resource: v.optional(
    v.pipe(
      v.string(),
      v.url('must be the API\'s identifier, an absolute URI such as "https://api.example.com"'),
      v.check((value) => !value.includes('#'), 'must not contain a fragment ("#")'),
    ),
  ),
});

/** Where telemetry goes. Several adapters may run at once; none is on the critical path. */
export const TelemetryAdapterSchema = v.variant('type', [
  v.strictObject({ type: v.literal('console') }),
  v.strictObject({
    type: v.literal('collector'),
    /** OTLP/HTTP JSON logs endpoint, e.g. "https://otel.example.com/v1/logs". */
    endpoint: httpUrl('must be the collector\'s OTLP/HTTP logs URL, e.g. "https://otel.example.com/v1/logs"'),
    /** OTLP/HTTP traces endpoint (protobuf) for the areas' load traces, e.g. a tracing backend's; none sent without it. */
    tracesEndpoint: v.optional(
      httpUrl('must be the collector\'s OTLP/HTTP traces URL, e.g. "https://otel.example.com/v1/traces"'),
    ),
  }),
  v.strictObject({
    type: v.literal('sentry'),
    // The SDK's own DSN grammar: a key of letters, digits and "_" before the host, a project after it.
    dsn: v.pipe(
      v.string(),
      v.regex(
        /^https?:\/\/\w+(?::\w*)?@[\w.-]+(?::\d+)?\/\w[\w/.-]*$/,
        'must be the project\'s DSN, e.g. "https://<key>@o0.ingest.sentry.io/<project>"',
      ),
    ),
    environment: v.optional(v.string()),
  }),
]);

/** A locale tag by the one rule (`isLocaleTag`). */
export const localeTag = v.pipe(
  v.string(),
  v.check((value: string) => isLocaleTag(value), LOCALE_TAG_EXPLAINED),
);
