import { User as OidcUser } from 'oidc-client-ts';
import { MemoryTokens } from './memory-tokens';

const profile = { sub: 'u1', iss: 'https://idp.example', aud: 'web', exp: 2, iat: 1 };
const set = (expiresIn: number) =>
  new OidcUser({
    access_token: 'at',
    token_type: 'Bearer',
    scope: 'openid referrals',
    profile,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  });

test('a held set expires on the session clock, counted from when it was taken', () => {
  let now = 1_000_000;
  const held = new MemoryTokens(() => now);
  held.hold(set(60));
  expect(held.expiresAt).toBeCloseTo(1_000 + 60, 0);
  expect(held.renewable('active')).toEqual({ expiresAt: held.expiresAt, lifetime: expect.any(Number) });
  expect(held.accessToken('active')).toBe('at');
  now += 61_000;
  expect(() => held.accessToken('active')).toThrow(/cannot be reached to renew/);
});

test('an expired session renews only while it is recovering from an unreachable provider', () => {
  const held = new MemoryTokens(() => 0);
  held.hold(set(60));
  expect(held.renewable('expired')).toBeNull();
  expect(held.refusal('expired')?.message).toMatch(/expired\. Sign in again/);
  held.recovering = true;
  expect(held.renewable('expired')).not.toBeNull();
  expect(held.refusal('expired')).toBeNull();
});

test('forgetting keeps the scopes on screen only when asked to', () => {
  const held = new MemoryTokens(() => 0);
  held.hold(set(60));
  held.forget({ keepScopes: true });
  expect(held.user).toBeNull();
  expect(held.grantedScopes).toEqual(['openid', 'referrals']);
  expect(held.refusal('active')?.message).toMatch(/Nobody is signed in/);
  held.hold(set(60));
  held.forget();
  expect(held.grantedScopes).toEqual([]);
});
