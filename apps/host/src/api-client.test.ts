import { createApiClient } from './api-client';

type Call = { url: string; authorization: string | null };
type Answer = number | { status: number; headers: Record<string, string> };

function setup(answers: Answer[], options: { dpop?: boolean } = {}) {
  const calls: Call[] = [];
  const proofs: Array<{ url: string; method: string; nonce?: string; header: string | null }> = [];
  let token = 'current-token';
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), authorization: headers.get('Authorization') });
    if (headers.get('DPoP')) proofs[proofs.length - 1] = { ...proofs[proofs.length - 1]!, header: headers.get('DPoP') };
    const answer = answers.shift() ?? 200;
    const { status, headers: answerHeaders = {} } = typeof answer === 'number' ? { status: answer } : answer;
    return {
      status,
      ok: status < 400,
      headers: new Headers(answerHeaders),
      json: async () => ({ status }),
    } as Response;
  }) as unknown as typeof fetch;
  const renewAfterRejection = jest.fn(async () => {
    token = 'renewed-token';
  });
  const authorize = jest.fn(async (url: string, method: string, nonce?: string) => {
    if (!options.dpop) return { token, authorization: `Bearer ${token}` };
    proofs.push({ url, method, ...(nonce ? { nonce } : {}), header: null });
    return { token, authorization: `DPoP ${token}`, proof: `proof-${proofs.length}` };
  });
  const client = createApiClient({
    apiOrigins: ['https://api.example.com'],
    origin: 'https://app.example.com',
    authorize,
    renewAfterRejection,
    fetchImpl,
  });
  return { client, calls, renewAfterRejection, proofs };
}

test('attaches the bearer token to configured API origins', async () => {
  const { client, calls } = setup([200]);
  await client.fetch('https://api.example.com/referrals');
  expect(calls).toEqual([{ url: 'https://api.example.com/referrals', authorization: 'Bearer current-token' }]);
});

test('never sends the token to any other origin, even if the caller set one', async () => {
  const { client, calls } = setup([200, 200]);
  await client.fetch('https://tracker.example.net/pixel', { headers: { Authorization: 'Bearer leaked' } });
  await client.fetch('/local.json');
  expect(calls.map((c) => c.authorization)).toEqual([null, null]);
  expect(calls[1]!.url).toBe('https://app.example.com/local.json');
});

test('a 401 renews the token once and retries once with the new token', async () => {
  const { client, calls, renewAfterRejection } = setup([401, 200]);
  const response = await client.fetch('https://api.example.com/me');
  expect(response.status).toBe(200);
  expect(renewAfterRejection).toHaveBeenCalledWith('current-token');
  expect(calls.map((c) => c.authorization)).toEqual(['Bearer current-token', 'Bearer renewed-token']);
});

test('a 401 after renewal is an API_UNAUTHORIZED error, with no third attempt', async () => {
  const { client, calls } = setup([401, 401, 200]);
  await expect(client.fetch('https://api.example.com/me?secret=1')).rejects.toMatchObject({
    code: 'API_UNAUTHORIZED',
    status: 401,
    url: 'https://api.example.com/me',
  });
  expect(calls).toHaveLength(2);
});

test('a network failure is API_UNREACHABLE', async () => {
  const client = createApiClient({
    apiOrigins: [],
    origin: 'https://app.example.com',
    authorize: async () => ({ token: 't', authorization: 'Bearer t' }),
    renewAfterRejection: async () => undefined,
    fetchImpl: (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch,
  });
  await expect(client.fetch('https://api.example.com/x')).rejects.toMatchObject({ code: 'API_UNREACHABLE' });
});

test('json() turns a non-2xx answer into API_FAILED with the status', async () => {
  const { client } = setup([503]);
  await expect(client.json('https://api.example.com/x')).rejects.toMatchObject({ code: 'API_FAILED', status: 503 });
  const ok = setup([200]);
  await expect(ok.client.json('https://api.example.com/x')).resolves.toEqual({ status: 200 });
});

test('with DPoP each call carries the DPoP scheme and a proof for its method and URL (no query)', async () => {
  const { client, calls, proofs } = setup([200], { dpop: true });
  await client.fetch('https://api.example.com/referrals?page=2', { method: 'post' });
  expect(calls.map((c) => c.authorization)).toEqual(['DPoP current-token']);
  expect(proofs).toEqual([{ url: 'https://api.example.com/referrals', method: 'POST', header: 'proof-1' }]);
});

test("a server's DPoP nonce challenge is answered once, and its nonce goes with later calls", async () => {
  const challenge = { status: 401, headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'n1' } };
  const { client, calls, proofs, renewAfterRejection } = setup(
    [challenge, 200, { status: 200, headers: { 'DPoP-Nonce': 'n2' } }, 200],
    { dpop: true },
  );
  expect((await client.fetch('https://api.example.com/me')).status).toBe(200);
  expect(renewAfterRejection).not.toHaveBeenCalled();
  await client.fetch('https://api.example.com/me');
  await client.fetch('https://api.example.com/me');
  expect(calls).toHaveLength(4);
  expect(proofs.map((p) => p.nonce)).toEqual([undefined, 'n1', 'n1', 'n2']);
});

test('a nonce challenge without a bearer-style proof is an ordinary 401 (renewed once)', async () => {
  const challenge = { status: 401, headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'n1' } };
  const { client, renewAfterRejection } = setup([challenge, 200]);
  expect((await client.fetch('https://api.example.com/me')).status).toBe(200);
  expect(renewAfterRejection).toHaveBeenCalledTimes(1);
});
