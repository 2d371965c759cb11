import { titleFor } from './document-title';

const remotes = [
  { path: '/referrals', label: 'Referrals' },
  { path: '/account', label: 'Account' },
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
