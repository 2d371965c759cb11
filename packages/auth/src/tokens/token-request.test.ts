import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import type { RefreshStore } from '../refresh-token/refresh-store';
import { RenewalError } from './renewal';
import { requestTokens } from './token-request';

function manager(
  overrides: Partial<Record<'signinSilent' | 'getUser' | 'storeUser', jest.Mock>> = {},
): UserManager & Record<string, jest.Mock> {
  return {
    signinSilent: jest.fn(async () => ({ access_token: 'new' })),
    getUser: jest.fn(async () => null),
    storeUser: jest.fn(async () => undefined),
    ...overrides,
  } as unknown as UserManager & Record<string, jest.Mock>;
}

test('one silent request gives the new token set', async () => {
  const client = manager();
  await expect(requestTokens(client, null)).resolves.toEqual({ access_token: 'new' });
  expect(client.signinSilent).toHaveBeenCalledTimes(1);
});

test('with DPoP the stored refresh token (another tab may have rotated it) replaces the stored one first', async () => {
  const stored = { refresh_token: 'old' } as OidcUser;
  const client2 = manager({
    getUser: jest.fn(async () => stored),
    signinSilent: jest.fn(async () => ({ access_token: 'new', profile: { sub: 'u' } })),
  });
  const kept = {
    load: async () => ({ refreshToken: 'rotated', sub: 'u' }),
    save: jest.fn(async () => undefined),
  } as unknown as RefreshStore;
  await requestTokens(client2, kept);
  expect(client2.storeUser).toHaveBeenCalledWith(expect.objectContaining({ refresh_token: 'rotated' }));
});

test("a refresh names no scope (all the sign-in granted), not the narrower ones of the last token response (an API's only)", async () => {
  const stored = { refresh_token: 'rt', scope: 'api:read' } as OidcUser;
  const client = manager({ getUser: jest.fn(async () => stored) });
  await requestTokens(client, null);
  expect(client.storeUser).toHaveBeenCalledWith(expect.objectContaining({ refresh_token: 'rt', scope: undefined }));
  expect((client.storeUser as jest.Mock).mock.invocationCallOrder[0]).toBeLessThan(
    (client.signinSilent as jest.Mock).mock.invocationCallOrder[0]!,
  );
});

test("the provider's refusal is final (invalid_grant); anything else may pass (network)", async () => {
  const refused = manager({
    signinSilent: jest.fn(async () => Promise.reject(new ErrorResponse({ error: 'invalid_grant' }))),
  });
  await expect(requestTokens(refused, null)).rejects.toMatchObject({ kind: 'invalid_grant' });
  const offline = manager({ signinSilent: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
  await expect(requestTokens(offline, null)).rejects.toMatchObject({ kind: 'network', message: 'Failed to fetch' });
  const empty = manager({ signinSilent: jest.fn(async () => null) });
  await expect(requestTokens(empty, null)).rejects.toBeInstanceOf(RenewalError);
});
