/**
 * @jest-environment node
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  calculateJwkThumbprint,
  type JWK,
  type CryptoKey,
} from 'jose';
import { AccessDenied } from './denial';
import { createNonceSource } from './nonces';
import { createAccessVerifier, type AccessPolicy, type AccessRequest } from './verifier';

const ISSUER = 'https://id.example.com';
const AUDIENCE = 'https://api.example.com';
const URL_ = 'https://api.example.com/v1/profile';
let clock = Date.UTC(2026, 10, 25, 12);
const now = () => clock;

interface Pair {
  privateKey: CryptoKey;
  jwk: JWK;
}
async function pair(alg = 'ES256'): Promise<Pair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), alg, kid: randomUUID() } };
}

let provider: Pair;
let stranger: Pair;
let browserKey: Pair;
let otherBrowserKey: Pair;
beforeAll(async () => {
  [provider, stranger, browserKey, otherBrowserKey] = await Promise.all([pair('RS256'), pair('RS256'), pair(), pair()]);
});

function policy(extra: Partial<AccessPolicy> = {}): AccessPolicy {
  return {
    issuer: ISSUER,
    audience: AUDIENCE,
    scopes: ['account:read'],
    keys: createLocalJWKSet({ keys: [provider.jwk] }),
    now,
    ...extra,
  };
}

async function token(claims: Record<string, unknown> = {}, options: { key?: Pair; typ?: string; ttl?: number } = {}) {
  const key = options.key ?? provider;
  const seconds = Math.floor(clock / 1000);
  return new SignJWT({
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'alice',
    iat: seconds,
    exp: seconds + (options.ttl ?? 600),
    scope: 'openid account:read',
    client_id: 'mfe-host',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid!, typ: options.typ ?? 'at+jwt' })
    .sign(key.privateKey);
}

async function boundToken(key = browserKey, claims: Record<string, unknown> = {}) {
  return token({ cnf: { jkt: await calculateJwkThumbprint(key.jwk) }, ...claims });
}

async function proof(
  accessToken: string,
  options: { key?: Pair; htm?: string; htu?: string; nonce?: string; iat?: number; jti?: string } = {},
) {
  const key = options.key ?? browserKey;
  const { kid: _kid, alg: _alg, ...publicJwk } = key.jwk;
  return new SignJWT({
    htm: options.htm ?? 'GET',
    htu: options.htu ?? URL_,
    ath: createHash('sha256').update(accessToken).digest('base64url'),
    jti: options.jti ?? randomUUID(),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: publicJwk })
    .setIssuedAt(options.iat ?? Math.floor(clock / 1000))
    .sign(key.privateKey);
}

async function refusal(promise: Promise<unknown>): Promise<AccessDenied> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AccessDenied) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

const get = (authorization: string | null, dpop?: string | string[], url = URL_): AccessRequest => ({
  method: 'GET',
  url,
  authorization,
  ...(dpop ? { dpop } : {}),
});

describe('bearer tokens', () => {
  it('accepts a token from the issuer, for this audience, with the scope, and says who and what', async () => {
    const access = await createAccessVerifier(policy()).verify(get(`Bearer ${await token()}`));
    expect(access).toMatchObject({ subject: 'alice', clientId: 'mfe-host', scopes: ['openid', 'account:read'] });
    expect(access.keyThumbprint).toBeUndefined();
  });

  it('challenges a request without a token in both schemes, with no error code', async () => {
    const denied = await refusal(createAccessVerifier(policy({ realm: 'account' })).verify(get(null)));
    expect(denied.status).toBe(401);
    expect(denied.challenges({ realm: 'account', algorithms: ['ES256'] })).toEqual([
      'Bearer realm="account", scope="account:read"',
      'DPoP realm="account", scope="account:read", algs="ES256"',
    ]);
  });

  it.each([
    ['another issuer', () => token({ iss: 'https://evil.example' }), /another issuer/],
    ['another audience', () => token({ aud: 'https://other-api.example.com' }), /another audience/],
    ['a key the provider does not publish', () => token({}, { key: stranger }), /not signed by the provider/],
    ['an ID token instead of an access token', () => token({}, { typ: 'JWT' }), /not an access token/],
  ])('refuses a token from %s as invalid_token', async (_what, make, message) => {
    const denied = await refusal(createAccessVerifier(policy()).verify(get(`Bearer ${await make()}`)));
    expect([denied.status, denied.code]).toEqual([401, 'invalid_token']);
    expect(denied.message).toMatch(message);
    expect(denied.challenges({ algorithms: ['ES256'] })[0]).toMatch(
      /^Bearer error="invalid_token", error_description=".+"$/,
    );
  });

  it('refuses an expired token, allowing the configured clock skew', async () => {
    const issued = await token({}, { ttl: 60 });
    const verifier = createAccessVerifier(policy({ clockToleranceSeconds: 30 }));
    clock += 80_000;
    await expect(verifier.verify(get(`Bearer ${issued}`))).resolves.toMatchObject({ subject: 'alice' });
    clock += 20_000;
    const denied = await refusal(verifier.verify(get(`Bearer ${issued}`)));
    expect([denied.code, denied.message]).toEqual(['invalid_token', 'The access token has expired: renew it.']);
  });

  it('refuses an unsigned token ("alg": "none") and a token signed with a shared secret', async () => {
    const [header, payload] = (await token()).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const hmac = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('a'.repeat(32)));
    expect(header).toBeTruthy();
    for (const forged of [none, hmac])
      expect((await refusal(createAccessVerifier(policy()).verify(get(`Bearer ${forged}`)))).code).toBe(
        'invalid_token',
      );
  });

  it('answers a token without the scope with 403 insufficient_scope naming the scope', async () => {
    const denied = await refusal(
      createAccessVerifier(policy()).verify(get(`Bearer ${await token({ scope: 'openid' })}`)),
    );
    expect([denied.status, denied.code]).toEqual([403, 'insufficient_scope']);
    expect(denied.challenges({ algorithms: [] })[0]).toContain('scope="account:read"');
  });

  it("adds the scopes a call needs to the policy's", async () => {
    const verifier = createAccessVerifier(policy());
    expect((await refusal(verifier.verify(get(`Bearer ${await token()}`), { scopes: ['account:write'] }))).code).toBe(
      'insufficient_scope',
    );
  });

  it('refuses a malformed Authorization header and two proofs as invalid_request', async () => {
    const verifier = createAccessVerifier(policy());
    expect((await refusal(verifier.verify(get('Basic YWxpY2U6c2VjcmV0')))).status).toBe(400);
    const bound = await boundToken();
    expect((await refusal(verifier.verify(get(`DPoP ${bound}`, [await proof(bound), await proof(bound)])))).code).toBe(
      'invalid_request',
    );
  });
});

describe('DPoP-bound tokens', () => {
  const noNonces = () => policy({ dpop: { nonces: false } });

  it('accepts a bound token with a proof by its key, for this method and URL (query ignored)', async () => {
    const bound = await boundToken();
    const access = await createAccessVerifier(noNonces()).verify(
      get(`DPoP ${bound}`, await proof(bound), `${URL_}?page=2`),
    );
    expect(access.keyThumbprint).toBe(await calculateJwkThumbprint(browserKey.jwk));
  });

  it('refuses a bound token sent as a bearer token (a stolen token without the key)', async () => {
    const denied = await refusal(createAccessVerifier(noNonces()).verify(get(`Bearer ${await boundToken()}`)));
    expect([denied.code, denied.details.scheme]).toEqual(['invalid_token', 'DPoP']);
  });

  it('refuses a bound token with no proof as invalid_token in the DPoP scheme', async () => {
    const denied = await refusal(createAccessVerifier(noNonces()).verify(get(`DPoP ${await boundToken()}`)));
    expect(denied.code).toBe('invalid_token');
    expect(denied.challenges({ algorithms: ['ES256'] })[0]).toMatch(/^DPoP error="invalid_token", .*algs="ES256"$/);
  });

  it('refuses a proof made with another key than the token is bound to', async () => {
    const bound = await boundToken();
    const denied = await refusal(
      createAccessVerifier(noNonces()).verify(get(`DPoP ${bound}`, await proof(bound, { key: otherBrowserKey }))),
    );
    expect([denied.code, denied.message]).toEqual([
      'invalid_token',
      'The DPoP proof is made with another key than the one this access token is bound to.',
    ]);
  });

  it('refuses a replayed proof, once its first use was accepted', async () => {
    const verifier = createAccessVerifier(noNonces());
    const bound = await boundToken();
    const once = await proof(bound);
    await verifier.verify(get(`DPoP ${bound}`, once));
    const denied = await refusal(verifier.verify(get(`DPoP ${bound}`, once)));
    expect([denied.code, denied.message]).toEqual([
      'invalid_dpop_proof',
      'This DPoP proof was already used: make a new proof for every request.',
    ]);
  });

  it.each([
    ['another URL', { htu: 'https://api.example.com/v1/admin' }, /another URL/],
    ['another origin', { htu: 'https://evil.example/v1/profile' }, /another URL/],
    ['another method', { htm: 'POST' }, /method POST/],
  ])('refuses a proof for %s as invalid_dpop_proof', async (_what, options, message) => {
    const bound = await boundToken();
    const denied = await refusal(
      createAccessVerifier(noNonces()).verify(get(`DPoP ${bound}`, await proof(bound, options))),
    );
    expect([denied.status, denied.code]).toEqual([401, 'invalid_dpop_proof']);
    expect(denied.message).toMatch(message);
  });

  it('refuses a proof made for another access token ("ath")', async () => {
    const bound = await boundToken();
    const denied = await refusal(
      createAccessVerifier(noNonces()).verify(
        get(`DPoP ${bound}`, await proof(await boundToken(browserKey, { jti: 'x' }))),
      ),
    );
    expect(denied.message).toMatch(/"ath"/);
  });

  it('without server nonces, refuses a proof older than its maximum age or from the future', async () => {
    const bound = await boundToken();
    const verifier = createAccessVerifier(noNonces());
    const seconds = Math.floor(clock / 1000);
    for (const iat of [seconds - 120, seconds + 300])
      expect((await refusal(verifier.verify(get(`DPoP ${bound}`, await proof(bound, { iat }))))).code).toBe(
        'invalid_dpop_proof',
      );
  });

  it('with server nonces, asks for one (use_dpop_nonce with DPoP-Nonce), accepts it, and refuses it two windows later', async () => {
    const nonces = createNonceSource({ now, windowSeconds: 300 });
    const verifier = createAccessVerifier(policy({ dpop: { nonces } }));
    const bound = await boundToken();
    const asked = await refusal(verifier.verify(get(`DPoP ${bound}`, await proof(bound))));
    expect([asked.code, asked.status]).toEqual(['use_dpop_nonce', 401]);
    const nonce = asked.headers({ algorithms: ['ES256'] })['DPoP-Nonce'] as string;
    expect(nonce).toBe(nonces.current());
    const access = await verifier.verify(get(`DPoP ${bound}`, await proof(bound, { nonce })));
    expect(access.nonce).toBe(nonce);
    clock += 10 * 60_000;
    const fresh = await boundToken();
    expect((await refusal(verifier.verify(get(`DPoP ${fresh}`, await proof(fresh, { nonce }))))).code).toBe(
      'use_dpop_nonce',
    );
  });

  it('with dpop.required, refuses bearer tokens altogether', async () => {
    const denied = await refusal(
      createAccessVerifier(policy({ dpop: { required: true, nonces: false } })).verify(get(`Bearer ${await token()}`)),
    );
    expect([denied.code, denied.details.scheme]).toEqual(['invalid_token', 'DPoP']);
  });
});
