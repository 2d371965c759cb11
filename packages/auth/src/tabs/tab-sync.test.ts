import { User as OidcUser } from 'oidc-client-ts';
import type { SessionChannel, SessionMessage } from './session-channel';
import { PEER_WAIT_MS, shareable, SIGNED_IN_PEER_WAIT_MS, TabSync } from './tab-sync';

function setUp(options: { others?: boolean; signedInOthers?: boolean; mine?: string | null } = {}) {
  let deliver: (message: SessionMessage) => void = () => undefined;
  const posted: SessionMessage[] = [];
  const channel: SessionChannel = {
    post: (message) => void posted.push(message),
    subscribe: (handler) => ((deliver = handler), () => undefined),
  };
  const state = { expiresAt: 100 };
  const deps = {
    channel,
    tabs: {
      otherTabsOpen: async () => options.others ?? true,
      signedInTabsOpen: async () => options.signedInOthers ?? false,
      holdingTokens: jest.fn(),
    },
    shareable: jest.fn(() => (options.mine === undefined ? 'my-set' : options.mine)),
    offered: jest.fn(),
    signedOutElsewhere: jest.fn(),
    expiresAt: () => state.expiresAt,
  };
  return { sync: new TabSync(deps), deps, posted, state, deliver: (message: SessionMessage) => deliver(message) };
}

test("answers a peer's request with its shareable set, and stays silent without one", () => {
  const { deliver, posted } = setUp();
  deliver({ type: 'request-tokens' });
  expect(posted).toEqual([{ type: 'tokens', user: 'my-set' }]);
  const silent = setUp({ mine: null });
  silent.deliver({ type: 'request-tokens' });
  expect(silent.posted).toEqual([]);
});

test("passes on a peer's set and a peer's sign-out", () => {
  const { deliver, deps } = setUp();
  deliver({ type: 'tokens', user: 'theirs' });
  deliver({ type: 'signed-out' });
  expect(deps.offered).toHaveBeenCalledWith('theirs');
  expect(deps.signedOutElsewhere).toHaveBeenCalledTimes(1);
});

test('asking peers stops waiting as soon as a newer set was adopted', async () => {
  jest.useFakeTimers();
  const { sync, posted, state } = setUp();
  const asked = sync.askPeers(10_000);
  await Promise.resolve();
  await Promise.resolve();
  expect(posted).toEqual([{ type: 'request-tokens' }]);
  state.expiresAt = 200;
  sync.adopted();
  await expect(asked).resolves.toBeUndefined();
  jest.useRealTimers();
});

test('a tab opening waits for a tab that holds a session up to three seconds, and for others only briefly', async () => {
  jest.useFakeTimers();
  expect(SIGNED_IN_PEER_WAIT_MS).toBe(3_000);
  const { sync: brief } = setUp({ signedInOthers: false });
  let briefDone = false;
  void brief.joinSession().then(() => (briefDone = true));
  await jest.advanceTimersByTimeAsync(PEER_WAIT_MS + 10);
  expect(briefDone).toBe(true);
  const { sync: patient } = setUp({ signedInOthers: true });
  let patientDone = false;
  void patient.joinSession().then(() => (patientDone = true));
  await jest.advanceTimersByTimeAsync(1_000);
  expect(patientDone).toBe(false);
  await jest.advanceTimersByTimeAsync(SIGNED_IN_PEER_WAIT_MS);
  expect(patientDone).toBe(true);
  jest.useRealTimers();
});

test('a tab says it holds tokens once it adopts a set, and no longer once they are gone', () => {
  const { sync, deps } = setUp();
  sync.adopted();
  sync.released();
  expect(deps.tabs.holdingTokens.mock.calls).toEqual([[true], [false]]);
});

test('a tab alone does not ask or wait', async () => {
  const { sync, posted } = setUp({ others: false });
  await sync.askPeers();
  expect(posted).toEqual([]);
});

test('what a tab hands its peers never carries the refresh token, in any mode', () => {
  const user = new OidcUser({
    access_token: 'at',
    id_token: 'it',
    refresh_token: 'rt-secret',
    token_type: 'Bearer',
    scope: 'openid offline_access',
    profile: { sub: 'u1', iss: 'https://idp.example', aud: 'web', exp: 2, iat: 1 },
  });
  const handed = shareable(user);
  expect(handed).not.toContain('rt-secret');
  expect(JSON.parse(handed)).toMatchObject({ access_token: 'at', id_token: 'it' });
  expect(JSON.parse(handed).refresh_token).toBeUndefined();
  expect(user.refresh_token).toBe('rt-secret'); // this tab keeps its own
});
