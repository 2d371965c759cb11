import { titleFor } from './document-title';

const remotes = [
  { name: 'referrals', path: '/referrals', label: 'Referrals' },
  { name: 'account', path: '/account', label: 'Account' },
];

test.each([
  ['/', 'Acme Web'],
  ['/referrals', 'Referrals · Acme Web'],
  ['/referrals/invite', 'Referrals · Acme Web'],
  ['/account/userinfo', 'Account · Acme Web'],
  ['/diagnostics', 'Diagnostics · Acme Web'],
  ['/referralsx', 'Page not found · Acme Web'],
])('the page at %s is titled %j', (path, title) => {
  expect(titleFor(path, 'Acme Web', remotes)).toBe(title);
});

test('the area names its own page in front of its label, only while that area is on screen', () => {
  const areaTitle = { remote: 'account', title: 'Provider profile' };
  expect(titleFor('/account/userinfo', 'Acme Web', remotes, areaTitle)).toBe('Provider profile · Account · Acme Web');
  expect(titleFor('/referrals', 'Acme Web', remotes, areaTitle)).toBe('Referrals · Acme Web');
  expect(titleFor('/account', 'Acme Web', remotes, { remote: 'account', title: 'Account' })).toBe('Account · Acme Web');
});
