import { validateIdTokenClaims } from './id-token';

const now = 1_800_000_000;
const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
const good = { iss: 'https://idp.example/realms/acme', aud: 'web', exp: now + 300, iat: now, sub: 'u1' };
const expected = { issuer: 'https://idp.example/realms/acme/', clientId: 'web', now };

test('accepts a token for this app from the configured issuer (trailing slash ignored)', () => {
  expect(() => validateIdTokenClaims(token(good), expected)).not.toThrow();
  expect(() => validateIdTokenClaims(token({ ...good, aud: ['web', 'api'], azp: 'web' }), expected)).not.toThrow();
});

test.each([
  ['another issuer', { ...good, iss: 'https://evil.example' }, /issuer is "https:\/\/evil.example"/],
  ['another audience', { ...good, aud: 'someone-else' }, /audience/],
  ['several audiences without azp', { ...good, aud: ['web', 'api'] }, /authorized party/],
  ['an expired token', { ...good, exp: now - 600 }, /expired/],
  ['a token from the future', { ...good, iat: now + 3600 }, /future/],
  ['no exp at all', { ...good, exp: undefined }, /expired/],
])('refuses %s with AUTH_FAILED', (_label, claims, message) => {
  expect(() => validateIdTokenClaims(token(claims), expected)).toThrow(message);
  expect(() => validateIdTokenClaims(token(claims), expected)).toThrow(expect.objectContaining({ code: 'AUTH_FAILED' }));
});

test('refuses a missing or unreadable token', () => {
  expect(() => validateIdTokenClaims(undefined, expected)).toThrow(/no ID token/);
  expect(() => validateIdTokenClaims('not-a-jwt', expected)).toThrow(/unreadable/);
});
