import { User as OidcUser, type UserManager } from 'oidc-client-ts';
import { takePeerSet } from './peer-sets';

const profile = { sub: 'u1', iss: 'https://idp.example', aud: 'web', exp: 2, iat: 1 };
const set = (accessToken: string, expiresIn: number, refreshToken?: string) => {
  const user = new OidcUser({
    access_token: accessToken,
    token_type: 'Bearer',
    profile,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  });
  return user;
};

function deps(current: { user: OidcUser; expiresAt: number } | null, fromPeer = jest.fn(async () => undefined)) {
  const stored: OidcUser[] = [];
  const adopted: OidcUser[] = [];
  return {
    stored,
    adopted,
    deps: {
      manager: {
        getUser: async () => current?.user ?? null,
        storeUser: async (user: OidcUser) => void stored.push(user),
      } as unknown as UserManager,
      checks: { fromPeer },
      now: () => Date.now(),
      current: () => current,
      leaving: () => false,
      adopt: (user: OidcUser) => void adopted.push(user),
    },
  };
}

test('a newer set from a peer is taken, checked first, and this tab keeps its own refresh token', async () => {
  const mine = set('old', 10, 'my-refresh');
  const world = deps({ user: mine, expiresAt: Date.now() / 1000 + 10 });
  expect(await takePeerSet(set('new', 60).toStorageString(), world.deps)).toBe(true);
  expect(world.deps.checks.fromPeer).toHaveBeenCalledTimes(1);
  expect(world.adopted[0]).toMatchObject({ access_token: 'new', refresh_token: 'my-refresh' });
  expect(world.stored[0]!.refresh_token).toBe('my-refresh');
});

test('an older set, a malformed one, or one that fails the checks is not taken', async () => {
  const mine = set('mine', 60);
  const world = deps({ user: mine, expiresAt: Date.now() / 1000 + 60 });
  expect(await takePeerSet(set('older', 10).toStorageString(), world.deps)).toBe(false);
  expect(await takePeerSet('{not json', world.deps)).toBe(false);
  const refused = deps(
    null,
    jest.fn(async () => Promise.reject(new Error('bad signature'))),
  );
  expect(await takePeerSet(set('forged', 60).toStorageString(), refused.deps)).toBe(false);
  expect([...world.adopted, ...refused.adopted]).toEqual([]);
});
