import { createTestHost } from '@mfe/context/testing';
import { fetchUserInfo } from './userinfo';

function hostAnswering(routes: Record<string, { status: number; body: unknown }>) {
  return createTestHost({
    fetch: async (url) => {
      const route = routes[url] ?? { status: 404, body: {} };
      return { ok: route.status < 400, status: route.status, json: async () => route.body } as Response;
    },
  });
}

test('discovers the userinfo endpoint and calls it through the host api client', async () => {
  const host = hostAnswering({
    'https://idp.example/.well-known/openid-configuration': { status: 200, body: { userinfo_endpoint: 'https://idp.example/me' } },
    'https://idp.example/me': { status: 200, body: { sub: 'u1', name: 'Ann' } },
  });
  await expect(fetchUserInfo('https://idp.example/', host.context.api)).resolves.toEqual({ sub: 'u1', name: 'Ann' });
  expect(host.calls.map((c) => c.args[0])).toEqual(['https://idp.example/.well-known/openid-configuration', 'https://idp.example/me']);
});

test('a refused call surfaces the API error with its status', async () => {
  const host = hostAnswering({
    'https://idp.example/.well-known/openid-configuration': { status: 200, body: { userinfo_endpoint: 'https://idp.example/me' } },
    'https://idp.example/me': { status: 403, body: {} },
  });
  await expect(fetchUserInfo('https://idp.example', host.context.api)).rejects.toMatchObject({ code: 'API_FAILED', status: 403 });
});

test('a provider without a userinfo endpoint is reported', async () => {
  const host = hostAnswering({ 'https://idp.example/.well-known/openid-configuration': { status: 200, body: {} } });
  await expect(fetchUserInfo('https://idp.example', host.context.api)).rejects.toThrow('does not publish a userinfo endpoint');
});
