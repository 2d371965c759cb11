import { createApiClient } from './api-client';

type Call = { url: string; authorization: string | null };

function setup(statuses: number[], options: { renewTo?: string } = {}) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    const status = statuses.shift() ?? 200;
    return { status, ok: status < 400, json: async () => ({ status }) } as Response;
  }) as unknown as typeof fetch;
  const renewAfterRejection = jest.fn(async () => options.renewTo ?? 'renewed-token');
  const client = createApiClient({
    apiOrigins: ['https://api.example.com'],
    origin: 'https://app.example.com',
    getAccessToken: async () => 'current-token',
    renewAfterRejection,
    fetchImpl,
  });
  return { client, calls, renewAfterRejection };
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
  await expect(client.fetch('https://api.example.com/me?secret=1')).rejects.toMatchObject({ code: 'API_UNAUTHORIZED', status: 401, url: 'https://api.example.com/me' });
  expect(calls).toHaveLength(2);
});

test('a network failure is API_UNREACHABLE', async () => {
  const client = createApiClient({
    apiOrigins: [],
    origin: 'https://app.example.com',
    getAccessToken: async () => 't',
    renewAfterRejection: async () => 't',
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
