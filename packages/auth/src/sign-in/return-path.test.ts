import { safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example.com';

test.each([
  ['/account', '/account'],
  ['/account/userinfo?tab=2#top', '/account/userinfo?tab=2#top'],
  ['/referrals/invite', '/referrals/invite'],
  ['/a%20b', '/a%20b'],
  ['/', '/'],
])('keeps the same-origin path %s', (input, expected) => {
  expect(safeReturnPath(input, ORIGIN)).toBe(expected);
});

// Each of these, if followed, would leave the origin or run script.
test.each([
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/account'],
  ['backslash after slash', '/\\evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['backslash in the middle', '/account\\..\\\\evil.example'],
  ['absolute http URL', 'http://evil.example/'],
  ['absolute URL on our own origin', 'https://app.example.com/account'],
  ['javascript scheme', 'javascript:alert(1)'],
  ['javascript scheme with leading space', ' javascript:alert(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['relative path without slash', 'account'],
  ['encoded second slash', '/%2Fevil.example'],
  ['double-encoded second slash', '/%252Fevil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['tab inside the slashes', '/\t/evil.example'],
  ['newline inside the slashes', '/\n/evil.example'],
  ['carriage return', '/\r/evil.example'],
  ['null byte', '/\u0000/evil.example'],
  ['encoded tab', '/%09/evil.example'],
  ['encoded newline', '/%0A/evil.example'],
  ['triple slash', '///evil.example'],
  ['userinfo style', '//user@evil.example'],
  ['malformed percent encoding', '/%E0%A4%A'],
  ['empty string', ''],
  ['a number', 42],
  ['an object', { toString: () => '/account' }],
  ['undefined', undefined],
  ['an overlong path', `/${'a'.repeat(3000)}`],
])('refuses %s and falls back to home', (_label, input) => {
  expect(safeReturnPath(input, ORIGIN)).toBe('/');
});

test('uses the given fallback when refusing', () => {
  expect(safeReturnPath('//evil.example', ORIGIN, '/home')).toBe('/home');
});
