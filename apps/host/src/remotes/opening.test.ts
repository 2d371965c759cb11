import { mayLoadBeforeSession, openingRemote } from './opening';

const remotes = [
  { name: 'referrals', path: '/referrals', requiresAuth: false },
  { name: 'account', path: '/account', requiresAuth: true },
  { name: 'admin', path: '/admin', requiresAuth: true, requires: { roles: ['admin'] } },
];

test('the opening remote is the one whose path is the page or a parent of it, never a mere prefix', () => {
  expect(openingRemote(remotes, '/referrals/invite')?.name).toBe('referrals');
  expect(openingRemote(remotes, '/account')?.name).toBe('account');
  expect(openingRemote(remotes, '/accounting')).toBeUndefined();
  expect(openingRemote(remotes, '/')).toBeUndefined();
});

test('a public area loads before the session is known; one that needs sign-in only when this tab had a session', () => {
  expect(mayLoadBeforeSession(remotes[0]!, '/referrals', () => false)).toBe(true);
  expect(mayLoadBeforeSession(remotes[1]!, '/account', () => false)).toBe(false);
  expect(mayLoadBeforeSession(remotes[1]!, '/account', () => true)).toBe(true);
});

test('an area restricted to roles waits for the user, and nothing loads early on the sign-in callback', () => {
  expect(mayLoadBeforeSession(remotes[2]!, '/admin', () => true)).toBe(false);
  expect(mayLoadBeforeSession(remotes[0]!, '/auth/callback', () => true)).toBe(false);
});
