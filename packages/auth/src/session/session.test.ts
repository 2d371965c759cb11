import { ErrorResponse, User as OidcUser, type UserManager } from 'oidc-client-ts';
import { createSessionClock } from '../tokens/clock';
import { AuthSession } from './session';
import type { SessionChannel, SessionMessage } from '../tabs/session-channel';
import type { TokenChecks } from '../tokens/token-checks';
import { TEST_CONFIG } from '../test-config';

const config = TEST_CONFIG;

function tokenSet(wallNowMs: number, lifetimeS = 300, sub = 'u1'): OidcUser {
  return new OidcUser({
    id_token: 'h.p.s',
    access_token: `at-${sub}-${wallNowMs}`,
    refresh_token: 'rt',
    token_type: 'Bearer',
    scope: 'openid',
    profile: { sub, name: 'Ann', roles: ['admin'] } as never,
    expires_at: Math.floor(wallNowMs / 1000) + lifetimeS,
  });
}

function setUp() {
  const time = { wall: 1_800_000_000_000, mono: 0 };
  // oidc-client-ts computes expires_in from the real Date.now(): keep it in step with the fake wall.
  jest.spyOn(Date, 'now').mockImplementation(() => time.wall);
  const clock = createSessionClock({ wall: () => time.wall, monotonic: () => time.mono });
  let deliver: (message: SessionMessage) => void = () => undefined;
  const posted: SessionMessage[] = [];
  const channel: SessionChannel = {
    post: (message) => void posted.push(message),
    subscribe: (handler) => ((deliver = handler), () => undefined),
  };
  const manager = {
    signinSilent: jest.fn(),
    signinRedirect: jest.fn(),
    signinRedirectCallback: jest.fn(),
    storeUser: jest.fn(async () => undefined),
    removeUser: jest.fn(async () => undefined),
    getUser: jest.fn(async () => null),
    signoutRedirect: jest.fn(),
  };
  const checks: TokenChecks = {
    fromProvider: jest.fn(async () => undefined),
    fromPeer: jest.fn(async () => undefined),
  };
  const location = { origin: 'https://app.example', pathname: '/account', search: '', hash: '', assign: jest.fn() };
  const session = new AuthSession(manager as unknown as UserManager, config, {
    channel,
    tabs: { otherTabsOpen: async () => false },
    clock,
    checks,
    location,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { time, session, manager, checks, posted, deliver: (message: SessionMessage) => deliver(message), settle };
}

afterEach(() => {
  jest.restoreAllMocks();
  window.sessionStorage.clear();
});

test('a token set another tab offers is used only once it passes the same checks as one from the provider', async () => {
  const { session, checks, deliver, settle, time } = setUp();
  (checks.fromPeer as jest.Mock).mockRejectedValueOnce(new Error('signature does not match'));
  deliver({ type: 'tokens', user: tokenSet(time.wall).toStorageString() });
  await settle();
  expect(session.getSnapshot().user).toBeNull();

  deliver({ type: 'tokens', user: tokenSet(time.wall).toStorageString() });
  await settle();
  expect(checks.fromPeer).toHaveBeenCalledTimes(2);
  expect(session.getSnapshot()).toMatchObject({ status: 'active', user: { sub: 'u1', name: 'Ann' } });
});

test('an older token set from another tab is ignored', async () => {
  const { session, deliver, settle, time } = setUp();
  deliver({ type: 'tokens', user: tokenSet(time.wall, 300).toStorageString() });
  await settle();
  const token = await session.getAccessToken();
  deliver({ type: 'tokens', user: tokenSet(time.wall - 60_000, 300, 'u2').toStorageString() });
  await settle();
  expect(await session.getAccessToken()).toBe(token);
});

test('restoring an earlier session is announced, and pages wait for it', async () => {
  const { session, manager, time } = setUp();
  window.sessionStorage.setItem('mfe.auth.signed-in', '1');
  let finish: (user: OidcUser) => void = () => undefined;
  manager.signinSilent.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  const started = session.start();
  expect(session.getSnapshot().restoring).toBe(true);
  finish(tokenSet(time.wall));
  await started;
  expect(session.getSnapshot()).toMatchObject({ restoring: false, status: 'active' });
  expect(manager.signinSilent).toHaveBeenCalledWith({ nonce: expect.stringMatching(/^[\w-]{32}$/) });
});

test('a device clock changed mid-session neither expires the token early nor keeps it past its life', async () => {
  const { session, manager, deliver, settle, time } = setUp();
  deliver({ type: 'tokens', user: tokenSet(time.wall, 300).toStorageString() });
  await settle();
  const first = await session.getAccessToken();
  // The wall clock jumps 3 hours ahead; 10 s really pass: the token is still good, no renewal.
  time.wall += 3 * 3600_000 + 10_000;
  time.mono += 10_000;
  expect(await session.getAccessToken()).toBe(first);
  expect(manager.signinSilent).not.toHaveBeenCalled();
  // 290 s later it is due, whatever the wall clock says: one renewal.
  time.mono += 290_000;
  manager.signinSilent.mockResolvedValue(tokenSet(time.wall, 300, 'u1'));
  expect(await session.getAccessToken()).not.toBe(first);
  expect(manager.signinSilent).toHaveBeenCalledTimes(1);
});

test('when the provider ends the session, the page keeps its user and roles on screen while the API says no', async () => {
  const { session, manager, deliver, settle, time } = setUp();
  deliver({ type: 'tokens', user: tokenSet(time.wall, 300).toStorageString() });
  await settle();
  time.mono += 299_000;
  manager.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'invalid_grant' }));
  await expect(session.getAccessToken()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  expect(session.getSnapshot().status).toBe('expired');
  expect(session.getSnapshot().user).toMatchObject({ sub: 'u1' });
  expect(session.onScreen.hasRole('admin')).toBe(true);
  expect(session.hasRole('admin')).toBe(false);
});

test('a refused sign-in callback leaves nobody signed in and says why', async () => {
  const { session, manager } = setUp();
  manager.signinRedirectCallback.mockRejectedValue(new ErrorResponse({ error: 'access_denied' }));
  const withCallbackPath = new AuthSession(manager as unknown as UserManager, config, {
    channel: { post: () => undefined, subscribe: () => () => undefined },
    tabs: { otherTabsOpen: async () => false },
    checks: { fromProvider: async () => undefined, fromPeer: async () => undefined },
    location: {
      origin: 'https://app.example',
      pathname: '/auth/callback',
      search: '?error=access_denied',
      hash: '',
      assign: jest.fn(),
    },
  });
  await expect(withCallbackPath.start()).resolves.toMatchObject({
    kind: 'callback-failed',
    problem: { kind: 'cancelled' },
  });
  expect(withCallbackPath.getSnapshot().user).toBeNull();
  expect(manager.removeUser).toHaveBeenCalled();
  expect(session.getSnapshot().user).toBeNull();
});

test.each([
  ['the provider has no session any more', () => new ErrorResponse({ error: 'login_required' }), false],
  ['the provider could not be reached in time', () => new Error('IFrame timed out without a response'), true],
])('a failed restore forgets the earlier session only when %s', async (_label, failure, remembered) => {
  const { session, manager } = setUp();
  window.sessionStorage.setItem('mfe.auth.signed-in', '1');
  manager.signinSilent.mockRejectedValue(failure());
  await session.start();
  expect(session.getSnapshot()).toMatchObject({ user: null, restoring: false });
  expect(window.sessionStorage.getItem('mfe.auth.signed-in') === '1').toBe(remembered);
});
