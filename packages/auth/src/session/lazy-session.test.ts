import { isPlatformError } from '@mfe/context';
import { LazySession } from './lazy-session';
import type { SessionChannel, SessionMessage } from '../tabs/session-channel';
import type { AuthSession } from './session';
import { TEST_CONFIG } from '../test-config';

const config = TEST_CONFIG;

function setUp(
  options: {
    pathname?: string;
    hint?: boolean;
    peers?: boolean;
    stored?: boolean;
    loadFails?: number;
    arrival?: Promise<void>;
  } = {},
) {
  let failures = options.loadFails ?? 0;
  const engine = {
    start: jest.fn(async () => ({ kind: 'ready' as const })),
    signIn: jest.fn(async () => undefined),
    getAccessToken: jest.fn(async () => 'at'),
    isLeaving: () => false,
  };
  const createAuthSession = jest.fn(async () => engine as unknown as AuthSession);
  const load = jest.fn(async () => {
    await options.arrival;
    if (failures > 0) {
      failures -= 1;
      throw new Error('chunk failed');
    }
    return { createAuthSession };
  });
  let deliver: (message: SessionMessage) => void = () => undefined;
  const channel: SessionChannel = {
    post: () => undefined,
    subscribe: (handler) => ((deliver = handler), () => undefined),
  };
  const session = new LazySession(config, {
    location: {
      origin: 'https://app.example',
      pathname: options.pathname ?? '/referrals',
      search: '',
      hash: '',
      assign: jest.fn(),
    },
    channel,
    tabs: { otherTabsOpen: async () => options.peers ?? false },
    refreshStore: {
      load: async () => (options.stored ? { refreshToken: 'rt', sub: 'u1' } : undefined),
      save: async () => undefined,
      clear: async () => undefined,
    },
    hint: () => options.hint ?? false,
    load,
  });
  return { session, engine, load, createAuthSession, deliver: (message: SessionMessage) => deliver(message) };
}

test('a visitor with no session anywhere is signed out without downloading the sign-in code', async () => {
  const { session, load } = setUp();
  await expect(session.start()).resolves.toEqual({ kind: 'ready' });
  expect(load).not.toHaveBeenCalled();
  expect(session.getSnapshot()).toMatchObject({ user: null, status: 'signed-out', restoring: false });
  expect(session.signedIn).toBe(false);
  expect(session.onScreen.hasRole('admin')).toBe(false);
  await expect(session.getAccessToken()).rejects.toThrow('Nobody is signed in');
});

test.each([
  ['this tab had a session', { hint: true }],
  ['another tab of the app is open', { peers: true }],
  ['a stored refresh token is there', { stored: true }],
  ['a sign-in returns', { pathname: '/auth/callback' }],
])('the sign-in code loads and restores when %s', async (_, options) => {
  const { session, engine, load, createAuthSession } = setUp(options);
  await session.start();
  expect(load).toHaveBeenCalledTimes(1);
  expect(engine.start).toHaveBeenCalledTimes(1);
  // The engine renders through the same store the page already subscribed to.
  const [, engineOptions] = createAuthSession.mock.calls[0] as unknown as [unknown, { store: unknown }];
  expect(engineOptions.store).toBeDefined();
});

test('signing in downloads the code first; a failed download says so and the next click tries again', async () => {
  const { session, engine } = setUp({ loadFails: 1 });
  const error = await session.signIn('/account').catch((e: unknown) => e);
  expect(isPlatformError(error, 'AUTH_FAILED')).toBe(true);
  expect((error as Error).message).toMatch(
    /sign-in code could not be downloaded \(chunk failed\)\. Check your connection and try again\./,
  );
  await session.signIn('/account');
  expect(engine.signIn).toHaveBeenCalledWith('/account');
});

test('a returning sign-in whose code cannot be downloaded ends as a failed callback with what to do', async () => {
  const { session } = setUp({ pathname: '/auth/callback', loadFails: 1 });
  const result = await session.start();
  expect(result).toMatchObject({ kind: 'callback-failed', problem: { kind: 'provider-unreachable' } });
  expect(
    result.kind === 'callback-failed' && result.problem.kind === 'provider-unreachable' && result.problem.detail,
  ).toMatch(/sign-in code could not be downloaded \(chunk failed\)\. Check your connection and try again\./);
});

test('another tab signing in makes this one load the code and join', async () => {
  const { session, engine, deliver } = setUp();
  await session.start();
  deliver({ type: 'tokens', user: '{}' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(engine.start).toHaveBeenCalledTimes(1);
});

test('while the sign-in code downloads to restore a session, the session shows as restoring (no redirect to sign in)', async () => {
  let arrive: () => void = () => undefined;
  const { session, engine } = setUp({ hint: true, arrival: new Promise((resolve) => (arrive = resolve)) });
  const started = session.start();
  expect(session.getSnapshot().restoring).toBe(true);
  arrive();
  await started;
  expect(engine.start).toHaveBeenCalledTimes(1);
  expect(session.getSnapshot().restoring).toBe(false);
});
