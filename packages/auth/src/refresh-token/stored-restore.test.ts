import { ErrorResponse, User as OidcUser } from 'oidc-client-ts';
import { restoreWithStoredToken, type StoredRestoreDeps } from './stored-restore';
import type { StoredRefreshToken } from './refresh-store';

function setUp(kept: StoredRefreshToken | undefined, answer: () => Promise<OidcUser | null>) {
  const adopted: OidcUser[] = [];
  const deps: StoredRestoreDeps & { accept: jest.Mock; forget: jest.Mock } = {
    manager: {
      getUser: async () => null,
      storeUser: async (user) => void (user && adopted.push(user)),
      signinSilent: jest.fn(answer) as never,
    },
    stored: { load: async () => kept, save: async () => undefined, clear: async () => undefined },
    withLock: (fn) => fn(),
    hasTokens: () => false,
    accept: jest.fn(async () => undefined),
    forget: jest.fn(async () => undefined),
  };
  return { deps, adopted };
}

const user = (sub: string) =>
  new OidcUser({ access_token: 'at', token_type: 'DPoP', profile: { sub } as never, refresh_token: 'rt2' });

test('uses the stored token for one refresh and adopts the answer for the same user', async () => {
  const { deps, adopted } = setUp({ refreshToken: 'rt1', sub: 'u1' }, async () => user('u1'));
  await expect(restoreWithStoredToken(deps)).resolves.toBe(true);
  expect(adopted[0]!.refresh_token).toBe('rt1');
  expect(deps.accept).toHaveBeenCalledTimes(1);
});

test('nothing stored: nothing asked', async () => {
  const { deps } = setUp(undefined, async () => user('u1'));
  await expect(restoreWithStoredToken(deps)).resolves.toBe(false);
  expect(deps.manager.signinSilent).not.toHaveBeenCalled();
});

test('an answer for another user is refused and forgets what was kept', async () => {
  const { deps } = setUp({ refreshToken: 'rt1', sub: 'u1' }, async () => user('intruder'));
  await expect(restoreWithStoredToken(deps)).resolves.toBe(false);
  expect(deps.accept).not.toHaveBeenCalled();
  expect(deps.forget).toHaveBeenCalled();
});

test("the provider's refusal forgets it; a network failure keeps it for the next load", async () => {
  const refused = setUp({ refreshToken: 'rt1', sub: 'u1' }, async () => {
    throw new ErrorResponse({ error: 'invalid_grant' });
  });
  await expect(restoreWithStoredToken(refused.deps)).resolves.toBe(false);
  expect(refused.deps.forget).toHaveBeenCalled();
  const offline = setUp({ refreshToken: 'rt1', sub: 'u1' }, async () => {
    throw new TypeError('Failed to fetch');
  });
  await expect(restoreWithStoredToken(offline.deps)).resolves.toBe(false);
  expect(offline.deps.forget).not.toHaveBeenCalled();
});
