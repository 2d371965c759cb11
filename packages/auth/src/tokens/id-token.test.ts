/** @jest-environment node */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { verifyIdToken } from './id-token';
import { issuedAt } from './id-token-time';

const now = 1_800_000_000;
const issuer = 'https://idp.example/realms/acme';
let keys: JWTVerifyGetKey;
let sign: (claims: Record<string, unknown>, header?: Record<string, unknown>) => Promise<string>;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  otherKey = (await generateKeyPair('RS256')).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });
  sign = (claims, header = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', ...header }).sign(pair.privateKey);
});

const good = { iss: issuer, aud: 'web', exp: now + 300, iat: now, sub: 'u1' };
const trust = () => ({ issuer: `${issuer}/`, clientId: 'web', algorithms: ['RS256', 'ES256'], keys, providerNow: now });
const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

test('accepts a token signed by the provider for this app (trailing slash of the issuer ignored)', async () => {
  await expect(verifyIdToken(await sign(good), trust())).resolves.toMatchObject({ sub: 'u1' });
  await expect(verifyIdToken(await sign({ ...good, aud: ['web', 'api'], azp: 'web' }), trust())).resolves.toMatchObject(
    { sub: 'u1' },
  );
});

test.each([
  ['another issuer', { ...good, iss: 'https://evil.example' }, /issuer is "https:\/\/evil.example"/],
  ['another audience', { ...good, aud: 'someone-else' }, /audience/],
  ['several audiences without azp', { ...good, aud: ['web', 'api'] }, /authorized party/],
  ['an expired token', { ...good, exp: now - 600 }, /expired/],
  ['a token from the future', { ...good, iat: now + 3600 }, /future/],
  ['no exp at all', { ...good, exp: undefined }, /"exp" claim is missing/],
])('refuses %s with AUTH_FAILED', async (_label, claims, message) => {
  const token = await sign(claims);
  await expect(verifyIdToken(token, trust())).rejects.toThrow(message);
  await expect(verifyIdToken(token, trust())).rejects.toMatchObject({ code: 'AUTH_FAILED' });
});

test('refuses an altered payload, a foreign key and alg "none", whatever the claims say', async () => {
  const [header, , signature] = (await sign(good)).split('.');
  await expect(verifyIdToken(`${header}.${encode({ ...good, sub: 'admin' })}.${signature}`, trust())).rejects.toThrow(
    /signature does not match/,
  );
  const foreign = await new SignJWT(good).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(otherKey);
  await expect(verifyIdToken(foreign, trust())).rejects.toThrow(/signature does not match/);
  await expect(verifyIdToken(`${encode({ alg: 'none' })}.${encode(good)}.`, trust())).rejects.toThrow(
    /signed with "none", which the provider does not use/,
  );
  await expect(verifyIdToken(await sign(good), { ...trust(), algorithms: ['ES256', 'none'] })).rejects.toThrow(
    /signed with "RS256"/,
  );
  await expect(verifyIdToken(await sign(good, { kid: 'unknown' }), trust())).rejects.toThrow(
    /key the provider does not publish/,
  );
});

test("names the device's clock when time is the reason", async () => {
  await expect(
    verifyIdToken(await sign({ ...good, exp: now - 600 }), { ...trust(), deviceSkew: 7200 }),
  ).rejects.toThrow(/expired; this device's clock is 2 hours ahead of the provider's/);
  await expect(verifyIdToken(await sign({ ...good, exp: now - 600 }), { ...trust(), deviceSkew: 30 })).rejects.toThrow(
    /has expired\)/,
  );
});

test('refuses a missing or unreadable token', async () => {
  await expect(verifyIdToken(undefined, trust())).rejects.toThrow(/no ID token/);
  await expect(verifyIdToken('not-a-jwt', trust())).rejects.toThrow(/unreadable/);
});

test('reads iat without verifying, and nothing from garbage', async () => {
  expect(issuedAt(await sign(good))).toBe(now);
  expect(issuedAt('x.y.z')).toBeUndefined();
  expect(issuedAt(undefined)).toBeUndefined();
});
