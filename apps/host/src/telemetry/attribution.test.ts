import { remoteOfError, remoteOfRoute, remoteOfUrl } from './attribution';

const remotes = [
  { name: 'referrals', entry: 'https://cdn.example.com/referrals/1.4.0/mf-manifest.json', path: '/referrals' },
  {
    name: 'referrals_beta',
    entry: 'https://cdn.example.com/referrals/1.4.0-beta/remoteEntry.js',
    path: '/referrals-beta',
  },
  { name: 'account', entry: 'https://cdn.example.com/account/2.0.0/mf-manifest.json', path: '/account' },
];

test('a script URL belongs to the remote whose published folder it is in, versions included', () => {
  expect(remoteOfUrl('https://cdn.example.com/referrals/1.4.0/invite.1234abcd.js', remotes)).toBe('referrals');
  expect(remoteOfUrl('https://cdn.example.com/referrals/1.4.0-beta/remoteEntry.js', remotes)).toBe('referrals_beta');
  expect(remoteOfUrl('https://cdn.example.com/referrals/1.3.0/invite.1234abcd.js', remotes)).toBeUndefined();
  expect(remoteOfUrl('https://app.example.com/main.1234abcd.js', remotes)).toBeUndefined();
  expect(remoteOfUrl(undefined, remotes)).toBeUndefined();
});

test('an error belongs to the topmost remote frame of its stack, past the host and React frames', () => {
  const error = new Error('boom');
  error.stack = [
    'Error: boom',
    '    at renderWithHooks (https://app.example.com/main.1234abcd.js:1:2000)',
    '    at Invite (https://cdn.example.com/account/2.0.0/__federation_expose_remote.aaaa1111.js:1:100)',
    '    at https://cdn.example.com/referrals/1.4.0/invite.1234abcd.js:1:50',
  ].join('\n');
  expect(remoteOfError(error, remotes)).toBe('account');
  // Firefox's format
  const firefox = new Error('boom');
  firefox.stack =
    'Invite@https://cdn.example.com/referrals/1.4.0/invite.1234abcd.js:1:50\nrender@https://app.example.com/main.js:1:1';
  expect(remoteOfError(firefox, remotes)).toBe('referrals');
  expect(remoteOfError('a string', remotes, 'https://cdn.example.com/account/2.0.0/remoteEntry.js')).toBe('account');
  expect(remoteOfError(new Error('host only'), remotes)).toBeUndefined();
});

test('the remote of a route is the one mounted at or above it', () => {
  expect(remoteOfRoute('/referrals', remotes)).toBe('referrals');
  expect(remoteOfRoute('/referrals/invite/2', remotes)).toBe('referrals');
  expect(remoteOfRoute('/referrals-beta', remotes)).toBe('referrals_beta');
  expect(remoteOfRoute('/referralsx', remotes)).toBeUndefined();
  expect(remoteOfRoute('/', remotes)).toBeUndefined();
});
