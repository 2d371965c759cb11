import { fetchUserInfo } from './userinfo';

function fakeFetch(routes: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ url: string; authorization?: string }> = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, authorization: (init?.headers as Record<string, string> | undefined)?.Authorization });
    const route = routes[url] ?? { status: 404, body: {} };
    return { ok: route.status < 400, status: route.status, json: async () => route.body } as Response;
  }) as typeof fetch;
  return { impl, calls };
}

test('discovers the userinfo endpoint and calls it with the bearer token', async () => {
  const { impl, calls } = fakeFetch({
    'https://idp.example/.well-known/openid-configuration': { status: 200, body: { userinfo_endpoint: 'https://idp.example/me' } },
    'https://idp.example/me': { status: 200, body: { sub: 'u1', name: 'Ann' } },
  });
  await expect(fetchUserInfo('https://idp.example/', 'tok', impl)).resolves.toEqual({ sub: 'u1', name: 'Ann' });
  expect(calls[1]).toEqual({ url: 'https://idp.example/me', authorization: 'Bearer tok' });
});

test('a rejected token surfaces the status', async () => {
  const { impl } = fakeFetch({
    'https://idp.example/.well-known/openid-configuration': { status: 200, body: { userinfo_endpoint: 'https://idp.example/me' } },
    'https://idp.example/me': { status: 401, body: {} },
  });
  await expect(fetchUserInfo('https://idp.example', 'tok', impl)).rejects.toThrow('answered 401');
});

test('a provider without a userinfo endpoint is reported', async () => {
  const { impl } = fakeFetch({ 'https://idp.example/.well-known/openid-configuration': { status: 200, body: {} } });
  await expect(fetchUserInfo('https://idp.example', 'tok', impl)).rejects.toThrow('does not publish a userinfo endpoint');
});
