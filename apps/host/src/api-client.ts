import { ApiError, type ApiClient } from '@mfe/context';

export interface ApiClientDeps {
  readonly apiOrigins: readonly string[];
  /** Base for relative URLs (the host's origin). */
  readonly origin: string;
  getAccessToken(): Promise<string>;
  /** A token other than `rejected`: renewed, or one another tab renewed meanwhile. */
  renewAfterRejection(rejected: string): Promise<string>;
  readonly fetchImpl?: typeof fetch;
}

/** Where a call went, for messages and logs: never the query string, which may hold anything. */
const describe = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * The `api` client remotes get through the context: the bearer token goes
 * only to the configured API origins (never to third parties, never into a
 * URL), a 401 renews the token once and retries once.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(url: URL, init: RequestInit | undefined, token?: string): Promise<Response> {
    const headers = new Headers(init?.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    try {
      return await fetchImpl(url, { ...init, headers });
    } catch (cause) {
      throw new ApiError('API_UNREACHABLE', `The service at ${url.origin} could not be reached. Check your connection and try again.`, { url: describe(url), cause });
    }
  }

  async function apiFetch(input: string | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), deps.origin);
    if (!deps.apiOrigins.includes(url.origin)) return send(url, init);
    const token = await deps.getAccessToken();
    const first = await send(url, init, token);
    if (first.status !== 401) return first;
    const renewed = await deps.renewAfterRejection(token);
    const second = await send(url, init, renewed);
    if (second.status === 401) {
      throw new ApiError('API_UNAUTHORIZED', 'The service refused your session even after it was renewed. Sign in again; if it persists, you may lack access.', { url: describe(url), status: 401 });
    }
    return second;
  }

  return {
    fetch: apiFetch,
    async json<T>(input: string | URL, init?: RequestInit): Promise<T> {
      const response = await apiFetch(input, init);
      const url = new URL(String(input), deps.origin);
      if (!response.ok) throw new ApiError('API_FAILED', `The service answered ${response.status} for ${describe(url)}.`, { url: describe(url), status: response.status });
      try {
        return (await response.json()) as T;
      } catch (cause) {
        throw new ApiError('API_FAILED', `The service's answer from ${describe(url)} is not JSON.`, { url: describe(url), status: response.status, cause });
      }
    },
  };
}
