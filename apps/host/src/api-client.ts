import { ApiError, type ApiClient } from '@mfe/context';

/** An API call's credentials: the Authorization header and, with DPoP, the proof for this call. */
export interface ApiCredentials {
  readonly token: string;
  readonly authorization: string;
  readonly proof?: string;
}

export interface ApiClientDeps {
  readonly apiOrigins: readonly string[];
  /** Base for relative URLs (the host's origin). */
  readonly origin: string;
  /** Credentials for `method` on `url` (scheme, origin and path only); `nonce` is the server's DPoP nonce. */
  authorize(url: string, method: string, nonce?: string): Promise<ApiCredentials>;
  /** Renews unless the current token is already another than `rejected` (another tab renewed meanwhile). */
  renewAfterRejection(rejected: string): Promise<unknown>;
  readonly fetchImpl?: typeof fetch;
}

/** Where a call went, for messages and logs: never the query string, which may hold anything. */
const describe = (url: URL) => `${url.origin}${url.pathname}`;

/** A resource server's "try again with this nonce" (RFC 9449 §9): a 401 naming use_dpop_nonce. */
function nonceChallenge(response: Response): boolean {
  return response.status === 401 && /error="?use_dpop_nonce/.test(response.headers?.get('WWW-Authenticate') ?? '');
}

/**
 * The `api` client remotes get through the context: the token goes only to the configured API
 * origins (never to third parties, never into a URL); with DPoP each call carries a fresh proof and
 * follows the server's nonce; a 401 renews the token once and retries once.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  /** The last DPoP nonce each API origin gave (sent with the next proof, refreshed by each answer). */
  const nonces = new Map<string, string>();

  async function send(url: URL, init: RequestInit | undefined, credentials?: ApiCredentials): Promise<Response> {
    const headers = new Headers(init?.headers);
    headers.delete('DPoP');
    if (credentials) headers.set('Authorization', credentials.authorization);
    else headers.delete('Authorization');
    if (credentials?.proof) headers.set('DPoP', credentials.proof);
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, headers });
    } catch (cause) {
      throw new ApiError(
        'API_UNREACHABLE',
        `The service at ${url.origin} could not be reached. Check your connection and try again.`,
        { url: describe(url), cause },
      );
    }
    const nonce = response.headers?.get('DPoP-Nonce');
    if (nonce) nonces.set(url.origin, nonce);
    return response;
  }

  /** One call with current credentials, answering a DPoP nonce challenge once. */
  async function authorized(url: URL, init: RequestInit | undefined): Promise<{ response: Response; token: string }> {
    const method = (init?.method ?? 'GET').toUpperCase();
    const target = describe(url);
    let credentials = await deps.authorize(target, method, nonces.get(url.origin));
    let response = await send(url, init, credentials);
    if (credentials.proof && nonceChallenge(response) && nonces.has(url.origin)) {
      credentials = await deps.authorize(target, method, nonces.get(url.origin));
      response = await send(url, init, credentials);
    }
    return { response, token: credentials.token };
  }

  async function apiFetch(input: string | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), deps.origin);
    if (!deps.apiOrigins.includes(url.origin)) return send(url, init);
    const first = await authorized(url, init);
    if (first.response.status !== 401) return first.response;
    await deps.renewAfterRejection(first.token);
    const second = await authorized(url, init);
    if (second.response.status === 401) {
      throw new ApiError(
        'API_UNAUTHORIZED',
        'The service refused your session even after it was renewed. Sign in again; if it persists, you may lack access.',
        { url: describe(url), status: 401 },
      );
    }
    return second.response;
  }

  return {
    fetch: apiFetch,
    async json<T>(input: string | URL, init?: RequestInit): Promise<T> {
      const response = await apiFetch(input, init);
      const url = new URL(String(input), deps.origin);
      if (!response.ok)
        throw new ApiError('API_FAILED', `The service answered ${response.status} for ${describe(url)}.`, {
          url: describe(url),
          status: response.status,
        });
      try {
        return (await response.json()) as T;
      } catch (cause) {
        throw new ApiError('API_FAILED', `The service's answer from ${describe(url)} is not JSON.`, {
          url: describe(url),
          status: response.status,
          cause,
        });
      }
    },
  };
}
