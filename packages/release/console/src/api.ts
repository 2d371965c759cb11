// The console's calls to its service's API (/api/ on its own origin): with the person's access token
// when one is signed in (and, with a DPoP-bound token, a proof for each call, made again once with
// the server's nonce when it asks for one), JSON both ways, and refusals as typed values.

/** What signs a call: the session's `authorize` (from @mfe/auth), or nothing when nobody is signed in. */
export interface Authorizer {
  authorize(url: string, method: string, nonce?: string): Promise<{ authorization: string; proof?: string }>;
}

/** A refusal from the service, with the stable code its body carries. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly lines: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface ApiClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /**
   * The live feed until `signal` aborts or it ends: `onOpen` once it is listening, `onChange` at each
   * change with the store's keys that moved.
   */
  events(onChange: (changed: readonly string[]) => void, signal: AbortSignal, onOpen?: () => void): Promise<void>;
}

export function createApiClient(signedIn: () => Authorizer | null, fetchImpl: typeof fetch = fetch): ApiClient {
  let nonce: string | undefined;
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, location.origin).href;
    const send = async () => {
      const session = signedIn();
      const headers = new Headers(init.headers);
      if (session) {
        const credentials = await session.authorize(url, init.method ?? 'GET', nonce);
        headers.set('Authorization', credentials.authorization);
        if (credentials.proof) headers.set('DPoP', credentials.proof);
      }
      return fetchImpl(url, { ...init, headers, credentials: 'omit' });
    };
    let response = await send();
    const given = response.headers.get('DPoP-Nonce');
    if (given) {
      const asked = response.status === 401 && /use_dpop_nonce/.test(response.headers.get('WWW-Authenticate') ?? '');
      nonce = given;
      if (asked) response = await send();
    }
    return response;
  }
  async function read<T>(response: Response): Promise<T> {
    const body = (await response.json().catch(() => ({}))) as {
      code?: string;
      error?: string;
      error_description?: string;
      lines?: string[];
    };
    if (!response.ok)
      throw new ServiceError(
        response.status,
        body.code ?? `HTTP_${response.status}`,
        body.error_description ?? body.error ?? `HTTP ${response.status}`,
        body.lines ?? [],
      );
    return body as T;
  }
  return {
    get: async (path) => read(await call(path)),
    post: async (path, body) =>
      read(
        await call(path, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    async events(onChange, signal, onOpen) {
      const response = await call('/api/events', { signal, headers: { Accept: 'text/event-stream' } });
      if (!response.ok || !response.body) throw new ServiceError(response.status, 'EVENTS', `HTTP ${response.status}`);
      onOpen?.();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        // Server-sent events: blank-line separated blocks; only `change` events matter here.
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: change$/m.test(block)) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          let changed: readonly string[] = [];
          try {
            changed = data ? ((JSON.parse(data) as { changed?: string[] }).changed ?? []) : [];
          } catch {
            // A change all the same: the page asks again, whatever the data said.
          }
          onChange(changed);
        }
      }
    },
  };
}
