import { ErrorResponse, User as OidcUser } from 'oidc-client-ts';
import { exchangeStoredToken } from './stored-spend';
import type { StoredRefreshToken, RefreshStore } from './refresh-store';

/** A provider that answers silent requests in turn, recording what each carried, and a kept store in memory. */
function setUp(
  record: StoredRefreshToken,
  answers: Array<(sent: { refreshToken?: string }) => OidcUser | Promise<OidcUser>>,
) {
  let kept: StoredRefreshToken | undefined = record;
  let stored: OidcUser | null = null;
  const sent: Array<{ refreshToken?: string }> = [];
  const store: RefreshStore = {
    load: async () => kept,
    save: async (next) => void (kept = next),
    clear: async () => void (kept = undefined),
  };
  const manager = {
    getUser: async () => stored,
    storeUser: async (user: OidcUser | null) => void (stored = user),
    signinSilent: async () => {
      const request = { ...(stored?.refresh_token ? { refreshToken: stored.refresh_token } : {}) };
      sent.push(request);
      // What the kept record was at the moment the request left.
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer(request);
    },
  };
  return { manager, store, sent, kept: () => kept };
}

const tokens = (sub: string) =>
  new OidcUser({ access_token: 'at', token_type: 'DPoP', profile: { sub } as never, refresh_token: 'rt2' });
const loginRequired = () => {
  throw new ErrorResponse({ error: 'login_required' });
};

test('a token not in doubt is marked before it leaves, then sent once', async () => {
  let markedWhenSent: number | undefined;
  const world = setUp({ refreshToken: 'rt1', sub: 'u1' }, [
    () => {
      markedWhenSent = world.kept()?.inDoubtSince;
      return tokens('u1');
    },
  ]);
  await expect(
    exchangeStoredToken(world.manager, world.store, { refreshToken: 'rt1', sub: 'u1' }, () => 1234),
  ).resolves.toMatchObject({ profile: { sub: 'u1' } });
  expect(world.sent).toEqual([{ refreshToken: 'rt1' }]);
  expect(markedWhenSent).toBe(1234);
});

test("a token in doubt (its sender never heard back) is not sent: the provider's session signs in silently instead", async () => {
  const world = setUp({ refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }, [() => tokens('u1')]);
  await expect(
    exchangeStoredToken(world.manager, world.store, { refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }),
  ).resolves.toMatchObject({ profile: { sub: 'u1' } });
  expect(world.sent).toEqual([{}]);
});

test('in doubt and no session at the provider: the token is the last way, and is tried', async () => {
  const world = setUp({ refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }, [loginRequired, () => tokens('u1')]);
  await expect(
    exchangeStoredToken(world.manager, world.store, { refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }),
  ).resolves.toBeDefined();
  expect(world.sent).toEqual([{}, { refreshToken: 'rt1' }]);
});

test("in doubt and the provider unreachable: nothing is sent that could be spent, and the failure is the network's", async () => {
  const world = setUp({ refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }, [
    () => {
      throw new TypeError('Failed to fetch');
    },
  ]);
  await expect(
    exchangeStoredToken(world.manager, world.store, { refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }),
  ).rejects.toThrow('Failed to fetch');
  expect(world.sent).toEqual([{}]);
  expect(world.kept()).toMatchObject({ refreshToken: 'rt1', inDoubtSince: 1 });
});

test('a refresh that fails on the way stays in doubt for whoever renews next', async () => {
  const world = setUp({ refreshToken: 'rt1', sub: 'u1' }, [
    () => {
      throw new TypeError('network error');
    },
  ]);
  await expect(
    exchangeStoredToken(world.manager, world.store, { refreshToken: 'rt1', sub: 'u1' }, () => 99),
  ).rejects.toThrow('network error');
  expect(world.kept()).toEqual({ refreshToken: 'rt1', sub: 'u1', inDoubtSince: 99 });
});

test('an answer for another user is refused, however it came', async () => {
  const byRefresh = setUp({ refreshToken: 'rt1', sub: 'u1' }, [() => tokens('intruder')]);
  await expect(
    exchangeStoredToken(byRefresh.manager, byRefresh.store, { refreshToken: 'rt1', sub: 'u1' }),
  ).rejects.toMatchObject({ code: 'AUTH_FAILED' });
  const bySession = setUp({ refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }, [() => tokens('intruder')]);
  await expect(
    exchangeStoredToken(bySession.manager, bySession.store, { refreshToken: 'rt1', sub: 'u1', inDoubtSince: 1 }),
  ).rejects.toMatchObject({ code: 'AUTH_FAILED' });
});
