import { SessionStore } from './session-store';
import { onScreenViewer, remoteAuthApi } from './views';

const user = { sub: 'u1', roles: ['admin'], claims: {} };

test('on screen, an expired session keeps its roles and scopes; a signed-out one has none', () => {
  const store = new SessionStore();
  const viewer = onScreenViewer(store, () => ['referrals:write']);
  store.update({ user, status: 'expired' });
  expect([viewer.signedIn, viewer.hasRole('admin'), viewer.hasScope('referrals:write')]).toEqual([true, true, true]);
  store.update({ user: null, status: 'signed-out' });
  expect([viewer.signedIn, viewer.hasRole('admin'), viewer.hasScope('referrals:write')]).toEqual([false, false, false]);
});

test("the remotes' API reads the user live and delegates the rest", async () => {
  const store = new SessionStore();
  const session = {
    getAccessToken: jest.fn(async () => 't'),
    signIn: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    hasRole: jest.fn(() => true),
    hasScope: jest.fn(() => false),
  };
  const api = remoteAuthApi(session, store);
  expect(api.user).toBeNull();
  store.update({ user, status: 'active' });
  expect(api.user).toBe(user);
  await api.signIn('/x');
  expect(session.signIn).toHaveBeenCalledWith('/x');
  expect(await api.getAccessToken()).toBe('t');
  expect([api.hasRole('admin'), api.hasScope('s')]).toEqual([true, false]);
});
