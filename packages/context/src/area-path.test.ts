import { areaPath } from './area-path';

test.each([
  ['/invite', '/referrals/invite'],
  ['invite/42', '/referrals/invite/42'],
  ['/', '/referrals'],
  ['', '/referrals'],
  ['//evil.example', '/referrals/evil.example'],
  ['../account', '/referrals/account'],
  ['a/./b/../c', '/referrals/a/c'],
  ['invite?from=mail#top', '/referrals/invite?from=mail#top'],
  ['?tab=2', '/referrals?tab=2'],
  ['/invite/?x=../y', '/referrals/invite?x=../y'],
])('%j inside the area mounted at /referrals is %s', (to, expected) => {
  expect(areaPath('/referrals', to)).toBe(expected);
});
