import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';

// The platform's own resource server (the dev provider's API, verifying with @mfe/api-auth) against
// real tokens from the real provider, with DPoP and server nonces: the account area's call is
// accepted, and what an attacker holding a copy of that call could try is refused, each with the
// WWW-Authenticate error a client can act on.
const TOKEN_TTL_S = 6;
const suite = setUpBrowserSuite(['--dpop', '--access-token-ttl', String(TOKEN_TTL_S)]);

interface Call {
  readonly headers: Record<string, string>;
  readonly status: number;
  readonly challenge: string;
  readonly nonce: string;
}

/** Signs in on the account area's profile page and records its calls to the API, as sent and answered. */
async function accountAreaCalls(): Promise<{ calls: Call[]; idToken: string; shown: string }> {
  const page = await suite.browser.context.newPage();
  const calls: Promise<Call>[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(`${suite.stack.apiUrl}/v1/profile`) || response.request().method() !== 'GET') return;
    calls.push(
      (async () => {
        const answered = await response.allHeaders();
        return {
          headers: await response.request().allHeaders(),
          status: response.status(),
          challenge: answered['www-authenticate'] ?? '',
          nonce: answered['dpop-nonce'] ?? '',
        };
      })(),
    );
  });
  let idToken = '';
  page.on('response', async (response) => {
    if (response.url() === `${suite.stack.idpUrl}/token` && response.ok())
      idToken ||= ((await response.json()) as { id_token?: string }).id_token ?? '';
  });
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=profile-binding]');
  const shown = (await page.textContent('[data-testid=profile]')) ?? '';
  await page.close();
  return { calls: await Promise.all(calls), idToken, shown };
}

const profileUrl = () => `${suite.stack.apiUrl}/v1/profile`;

async function call(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate') ?? '',
    nonce: response.headers.get('dpop-nonce') ?? '',
  };
}

test("the account area's call is accepted after one nonce challenge, and every copy or forgery of it is refused with the right error", async () => {
  const { calls, idToken, shown } = await accountAreaCalls();
  expect(shown).toContain(ALICE.name);
  expect(shown).toContain('bound to a key only this browser holds');
  // The first proof carries no nonce of this server: it asks for one, and the retry is accepted.
  expect(calls.map((c) => [c.status, c.challenge.match(/error="(\w+)"/)?.[1] ?? null])).toEqual([
    [401, 'use_dpop_nonce'],
    [200, null],
  ]);
  const accepted = calls[1]!;
  const token = accepted.headers.authorization!.replace(/^DPoP /, '');
  const nonce = accepted.nonce;
  expect(nonce).not.toBe('');

  // The same call again: its proof was used.
  const replayed = await call(profileUrl(), {
    authorization: accepted.headers.authorization!,
    dpop: accepted.headers.dpop!,
  });
  expect(replayed.status).toBe(401);
  expect(replayed.challenge).toMatch(
    /^DPoP .*error="invalid_dpop_proof", error_description="This DPoP proof was already used/,
  );

  // Its proof on another resource of the API.
  const elsewhere = await call(`${suite.stack.apiUrl}/v1/settings`, {
    authorization: accepted.headers.authorization!,
    dpop: accepted.headers.dpop!,
  });
  expect(elsewhere.status).toBe(401);
  expect(elsewhere.challenge).toMatch(
    /error="invalid_dpop_proof", error_description="The DPoP proof is for another URL/,
  );

  // The token without any proof, and as a bearer token.
  for (const authorization of [`DPoP ${token}`, `Bearer ${token}`]) {
    const bare = await call(profileUrl(), { authorization });
    expect(bare.status).toBe(401);
    expect(bare.challenge).toMatch(
      /^DPoP .*error="invalid_token", error_description="This access token is bound to a key/,
    );
  }

  // A fresh, well-formed proof with the server's nonce, made with the attacker's own key.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const proof = await new SignJWT({
    htm: 'GET',
    htu: profileUrl(),
    jti: randomUUID(),
    nonce,
    ath: createHash('sha256').update(token).digest('base64url'),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(publicKey) })
    .setIssuedAt()
    .sign(privateKey);
  const otherKey = await call(profileUrl(), { authorization: `DPoP ${token}`, dpop: proof });
  expect(otherKey.status).toBe(401);
  expect(otherKey.challenge).toMatch(
    /error="invalid_token", error_description="The DPoP proof is made with another key/,
  );

  // A token the provider signed for another audience (the ID token, for the host), and one from another issuer.
  const idTokenCall = await call(profileUrl(), { authorization: `Bearer ${idToken}` });
  expect([idTokenCall.status, idTokenCall.challenge]).toEqual([
    401,
    expect.stringMatching(/^Bearer .*error="invalid_token", error_description="The token is not an access token/),
  ]);
  const forged = await new SignJWT({ scope: 'account:read', client_id: 'mfe-host' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'attacker' })
    .setIssuer('http://localhost:1/evil')
    .setAudience(suite.stack.apiUrl)
    .setSubject('u-alice')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  const foreign = await call(profileUrl(), { authorization: `Bearer ${forged}` });
  expect([foreign.status, foreign.challenge]).toEqual([
    401,
    expect.stringMatching(/error="invalid_token", error_description="The access token is not signed by the provider/),
  ]);

  // No token at all: both schemes offered, no error code.
  const none = await call(profileUrl(), {});
  expect(none.status).toBe(401);
  expect(none.challenge).toBe(
    'Bearer realm="development API", scope="account:read", DPoP realm="development API", scope="account:read", algs="ES256 ES384 PS256 RS256 EdDSA"',
  );

  // And once its lifetime (plus the API's 5 s of clock tolerance) is over, the token itself.
  const expiresAt = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, (expiresAt + 6) * 1000 - Date.now())));
  const expired = await call(profileUrl(), { authorization: `DPoP ${token}` });
  expect([expired.status, expired.challenge]).toEqual([
    401,
    expect.stringMatching(/^DPoP .*error="invalid_token", error_description="The access token has expired: renew it."/),
  ]);
}, 60_000);
