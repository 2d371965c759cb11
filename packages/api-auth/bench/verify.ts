// What verifying a call costs an API, per request, warm: `pnpm --filter @mfe/api-auth bench`.
// Baseline measured in the same run: jose's jwtVerify of the same token alone (the least any JWT
// check costs). Prints the median and the spread (p10–p90) of 2,000 calls each, after 200 warm-up calls.
import { createHash, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { createAccessVerifier } from '../src';

const ISSUER = 'https://id.example.com';
const AUDIENCE = 'https://api.example.com';
const URL_ = `${AUDIENCE}/v1/profile`;
const CALLS = 2000;

async function main() {
  const signing = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'RS256' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  const browser = await generateKeyPair('ES256');
  const browserJwk = await exportJWK(browser.publicKey);
  const now = Math.floor(Date.now() / 1000);
  const token = (claims: object) =>
    new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: 'u', iat: now, exp: now + 3600, scope: 'account:read', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .sign(signing.privateKey);
  const bearer = await token({});
  const bound = await token({ cnf: { jkt: await calculateJwkThumbprint(browserJwk) } });
  const ath = createHash('sha256').update(bound).digest('base64url');
  const proofs = await Promise.all(
    Array.from({ length: CALLS + 200 }, () =>
      new SignJWT({ htm: 'GET', htu: URL_, ath, jti: randomUUID() })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: browserJwk })
        .setIssuedAt()
        .sign(browser.privateKey),
    ),
  );
  const verifier = createAccessVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys,
    scopes: ['account:read'],
    dpop: { nonces: false },
  });

  const scenarios: Array<[string, (i: number) => Promise<unknown>]> = [
    ['baseline: jose jwtVerify alone', () => jwtVerify(bearer, keys, { issuer: ISSUER, audience: AUDIENCE })],
    [
      'bearer token, every check',
      () => verifier.verify({ method: 'GET', url: URL_, authorization: `Bearer ${bearer}` }),
    ],
    [
      'DPoP token + proof, every check',
      (i) => verifier.verify({ method: 'GET', url: URL_, authorization: `DPoP ${bound}`, dpop: proofs[i]! }),
    ],
  ];
  const medians: number[] = [];
  for (const [label, run] of scenarios) {
    for (let i = 0; i < 200; i++) await run(CALLS + i);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = process.hrtime.bigint();
      await run(i);
      times.push(Number(process.hrtime.bigint() - start) / 1000);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * (times.length - 1))]!;
    medians.push(at(0.5));
    console.log(
      `${label.padEnd(34)} median ${at(0.5).toFixed(0).padStart(5)} µs  (p10 ${at(0.1).toFixed(0)}–p90 ${at(0.9).toFixed(0)} µs)  ${(at(0.5) / medians[0]!).toFixed(2)}× baseline`,
    );
  }
}

void main();
