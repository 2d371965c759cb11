/** @jest-environment node */
import type { User as OidcUser, UserManager } from 'oidc-client-ts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { heldProvider } from '../test-provider';
import { createSessionClock } from './clock';
import { createTokenChecks } from './token-checks';

const issuer = 'https://idp.example';
const DISCOVERY = { issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256'] };
const manager = { metadataService: { getMetadata: async () => DISCOVERY } } as unknown as UserManager;

/** The provider's keys endpoint, answering only once `release` is called. */
async function provider() {
  const pair = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  const { requests, release } = heldProvider(
    () => new Response(JSON.stringify(jwks), { headers: { 'content-type': 'application/json' } }),
  );
  const idToken = () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: issuer, aud: 'web', sub: 'u1', iat: now, exp: now + 300 })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .sign(pair.privateKey);
  };
  return { requests, release, idToken };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

test("preparing for a session fetches the provider's keys before any token arrives, and the check then uses them", async () => {
  const idp = await provider();
  const checks = createTokenChecks({ manager, clientId: 'web', clock: createSessionClock() });
  checks.prepare?.();
  await until(() => idp.requests.length > 0);
  expect(idp.requests).toEqual([DISCOVERY.jwks_uri]);

  // The token's answer arrives while the keys are still on their way: the check waits for the same request.
  const checked = checks.fromProvider({ id_token: await idp.idToken() } as OidcUser);
  idp.release();
  await expect(checked).resolves.toBeUndefined();
  expect(idp.requests).toEqual([DISCOVERY.jwks_uri]);
});

test('keys that could not be fetched while preparing are fetched again when a token is checked', async () => {
  const idp = await provider();
  const failing = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const working = globalThis.fetch;
  globalThis.fetch = failing as typeof fetch;
  const checks = createTokenChecks({ manager, clientId: 'web', clock: createSessionClock() });
  checks.prepare?.();
  await until(() => failing.mock.calls.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 10));

  globalThis.fetch = working;
  idp.release();
  await expect(checks.fromProvider({ id_token: await idp.idToken() } as OidcUser)).resolves.toBeUndefined();
  expect(idp.requests).toEqual([DISCOVERY.jwks_uri]);
});
