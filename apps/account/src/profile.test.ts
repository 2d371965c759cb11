import { createTestHost } from '@mfe/context/testing';
import { fetchProfile, serviceUrlOf } from './profile';

function hostAnswering(routes: Record<string, { status: number; body: unknown }>) {
  return createTestHost({
    fetch: async (url) => {
      const route = routes[url] ?? { status: 404, body: {} };
      return { ok: route.status < 400, status: route.status, json: async () => route.body } as Response;
    },
  });
}

test('asks the account service for the profile through the host api client', async () => {
  const host = hostAnswering({
    'https://api.example/v1/profile': {
      status: 200,
      body: { subject: 'u1', name: 'Ann', scopes: ['account:read', 7], boundToKey: true },
    },
  });
  await expect(fetchProfile('https://api.example', host.context.api)).resolves.toEqual({
    subject: 'u1',
    name: 'Ann',
    scopes: ['account:read'],
    boundToKey: true,
  });
  expect(host.calls.map((c) => c.args[0])).toEqual(['https://api.example/v1/profile']);
});

test('a refused call surfaces the API error with its status', async () => {
  const host = hostAnswering({
    'https://api.example/v1/profile': { status: 403, body: { error: 'insufficient_scope' } },
  });
  await expect(fetchProfile('https://api.example', host.context.api)).rejects.toMatchObject({
    code: 'API_FAILED',
    status: 403,
  });
});

test('an answer without subject and name is reported, not shown', async () => {
  const host = hostAnswering({ 'https://api.example/v1/profile': { status: 200, body: { name: 'Ann' } } });
  await expect(fetchProfile('https://api.example', host.context.api)).rejects.toThrow('without a subject and name');
});

test('the service URL comes from the runtime config, and its absence says what to set', () => {
  expect(serviceUrlOf({ features: { account: { serviceUrl: 'https://api.example/' } } })).toBe('https://api.example');
  expect(() => serviceUrlOf({ features: {} })).toThrow('set features.account.serviceUrl');
  expect(() => serviceUrlOf({ features: { account: { serviceUrl: 'javascript:alert(1)' } } })).toThrow(
    'not configured',
  );
});
