/**
 * @jest-environment node
 */
import { storeName } from './views';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { readAudit } from '../store/audit';
import * as commands from '../commands';
import { DirectoryStore } from '../store/directory-store';
import { readHistory } from '../environments/revisions';
import { startRollout, tickRollout } from '../rollouts/rollout';
import { startFakePrometheus, type FakePrometheus } from '../testing/prometheus';
import { startHost, tempDir, writeBuild } from '../testing/world';
import { startReleaseService, type RunningService } from './server';

// The console's API against a folder store, with tokens signed here as a provider would sign them
// (the browser tests sign in through the real dev provider): what it reads, and that nothing changes
// the store unless a person with the environment's role asks, once, on the revision they saw.
jest.setTimeout(60_000);
const ISSUER = 'https://id.example.com';
let provider: { privateKey: CryptoKey; jwk: JWK };
let browser: { privateKey: CryptoKey; jwk: JWK };
let host: Awaited<ReturnType<typeof startHost>>;
let prometheus: FakePrometheus;
let service: RunningService;
let storeDir = '';
let store: DirectoryStore;
const builds = tempDir('console-builds');
const ci = { actor: 'ci', reason: '' };

beforeAll(async () => {
  const pair = async (alg: string) => {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    return { privateKey, jwk: { ...(await exportJWK(publicKey)), alg, kid: randomUUID() } };
  };
  [provider, browser] = await Promise.all([pair('RS256'), pair('ES256')]);
  host = await startHost(() => storeDir);
  prometheus = await startFakePrometheus();
});
afterAll(async () => {
  await host.close();
  await prometheus.close();
});
beforeEach(async () => {
  storeDir = tempDir('console-store');
  store = new DirectoryStore(storeDir);
  await commands.init(
    store,
    {
      publicUrl: `${host.url}/remotes`,
      hosts: { staging: host.url, production: host.url },
      requireReason: ['production'],
      roles: {
        production: ['release-manager'],
        staging: ['admin', 'release-manager'],
      },
    },
    ci,
  );
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), ci);
  await commands.deploy({ store, env: 'staging', who: ci }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  await commands.promote({ store, env: 'production', who: { ...ci, reason: 'first' } }, 'staging', []);
  await commands.deploy({ store, env: 'staging', who: ci }, 'referrals@1.1.0');
  service = await startReleaseService({
    store,
    host: '127.0.0.1',
    port: 0,
    lookEveryMs: 60_000,
    console: {
      signIn: {
        issuer: ISSUER,
        clientId: 'release-console',
        audience: 'urn:release',
        rolesClaim: 'roles',
        publicOrigin: 'http://release.test',
      },
      read: 'anyone',
      prometheusFor: () => prometheus.url,
      pages: null,
      verifierExtras: { keys: createLocalJWKSet({ keys: [provider.jwk] }) },
    },
  });
});
afterEach(() => service.close());

/** An access token as the provider issues it for the console: bound to the browser's key. */
async function tokenFor(claims: Record<string, unknown>, key = provider.privateKey): Promise<string> {
  const thumbprint = createHash('sha256')
    .update(JSON.stringify({ crv: browser.jwk.crv, kty: browser.jwk.kty, x: browser.jwk.x, y: browser.jwk.y }))
    .digest('base64url');
  const seconds = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: ISSUER,
    aud: 'urn:release',
    iat: seconds,
    exp: seconds + 600,
    cnf: { jkt: thumbprint },
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: provider.jwk.kid! })
    .sign(key);
}

async function proof(method: string, path: string, token: string, nonce?: string): Promise<string> {
  return new SignJWT({
    jti: randomUUID(),
    htm: method,
    htu: `http://release.test${path}`,
    iat: Math.floor(Date.now() / 1000),
    ath: createHash('sha256').update(token).digest('base64url'),
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'dpop+jwt',
      jwk: { kty: browser.jwk.kty!, crv: browser.jwk.crv!, x: browser.jwk.x!, y: browser.jwk.y! },
    })
    .sign(browser.privateKey);
}

/** An API answer, read loosely (each test says what it expects of it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by the tests' own matchers
type Answer = any;

/** A request as the console's page makes it: its token and a fresh proof, once more with the server's nonce. */
async function call(
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: Answer; sent: RequestInit }> {
  const method = body === undefined ? 'GET' : 'POST';
  const send = async (nonce?: string) => {
    const sent: RequestInit = {
      method,
      headers: {
        ...(token ? { Authorization: `DPoP ${token}`, DPoP: await proof(method, path, token, nonce) } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    return { response: await fetch(`${service.url}${path}`, sent), sent };
  };
  let { response, sent } = await send();
  const nonce = response.headers.get('DPoP-Nonce');
  if (response.status === 401 && nonce) ({ response, sent } = await send(nonce));
  return { status: response.status, body: await response.json(), sent };
}

/** Every file of the store and its bytes: a refused request changes none. */
/** Every file of the store but the proofs it has honoured (each request records its own, refused or not). */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!path.includes('/service/dpop-proofs/')) files[path.slice(storeDir.length)] = readFileSync(path, 'utf8');
    }
  };
  walk(storeDir);
  return files;
}

const manager = () => tokenFor({ sub: 'u-1', name: 'Rita Manager', roles: ['release-manager'] });
const member = () => tokenFor({ sub: 'u-2', name: 'Bob Member', roles: ['member'] });

test('the overview shows every environment, its remotes, what promoting would change and the error rates', async () => {
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 1000 } : { stable: 5 });
  const { status, body } = await call('/api/overview', null);
  expect(status).toBe(200);
  expect(body.environments.map((env: { env: string }) => env.env)).toEqual(['production', 'staging']);
  const production = body.environments[0];
  expect(production).toMatchObject({
    revision: 1,
    promotedFrom: { env: 'staging', changes: ['~ referrals 1.0.0 → 1.1.0'] },
    remotes: [{ name: 'referrals', version: '1.0.0', path: '/referrals', canary: null, rollout: null }],
    mayAct: false,
  });
  expect(production.remotes[0].errors).toMatchObject({ loads: 1000, errors: 5 });
  expect(production.remotes[0].errors.trend.length).toBe(12);
  expect(body.figures).toEqual({ ok: true });
  // Every reader sees the store's folder by its name, never the server's path to it.
  expect(body.store).toBe(storeName(storeDir));
  expect(body.store).not.toContain('/');
});

test("the store's name for readers: a folder's last name, an S3 store's bucket", () => {
  expect(storeName('/srv/releases/store-a')).toBe('store-a');
  expect(storeName('/srv/releases/store-a/')).toBe('store-a');
  expect(storeName('C:\\releases\\store-b')).toBe('store-b');
  expect(storeName('s3://bucket-c/prefix/deeper')).toBe('s3://bucket-c');
});

test('history pages newest first and finds revisions by their words', async () => {
  for (let n = 0; n < 4; n += 1)
    await commands.deploy(
      { store, env: 'staging', who: { actor: `dev-${n}`, reason: `try ${n}` } },
      `referrals@1.${n % 2 === 0 ? 2 : 1}.0`,
    );
  const first = (await call('/api/envs/staging/history?limit=2', null)).body;
  expect(first.revisions.map((revision: { revision: number }) => revision.revision)).toEqual([6, 5]);
  expect(first.next).toBe(5);
  const second = (await call(`/api/envs/staging/history?limit=2&before=${first.next}`, null)).body;
  expect(second.revisions.map((revision: { revision: number }) => revision.revision)).toEqual([4, 3]);
  const found = (await call('/api/envs/staging/history?q=try%202', null)).body;
  expect(found.revisions.map((revision: { reason: string }) => revision.reason)).toEqual(['try 2']);
  expect((await call('/api/envs/staging/revisions/2', null)).body).toMatchObject({
    description: 'deploy referrals@1.1.0',
    changes: ['~ referrals 1.0.0 → 1.1.0'],
  });
});

test('a person with the role acts: a dry run first, then the change, recorded under their name in the revision and the audit log', async () => {
  const token = await manager();
  const before = snapshot();
  const planned = await call('/api/envs/production/actions', token, {
    action: 'promote',
    from: 'staging',
    reason: 'staging is good',
    expect: 1,
    dryRun: true,
  });
  expect(planned).toMatchObject({ status: 200, body: { ok: true } });
  expect(planned.body.lines.join('\n')).toContain('~ referrals 1.0.0 → 1.1.0');
  expect(snapshot()).toEqual(before);
  const done = await call('/api/envs/production/actions', token, {
    action: 'promote',
    from: 'staging',
    reason: 'staging is good',
    expect: 1,
  });
  expect(done).toMatchObject({ status: 200, body: { ok: true } });
  expect((await readHistory(store, 'production')).at(-1)).toMatchObject({
    revision: 2,
    actor: 'Rita Manager (u-1)',
    reason: 'staging is good',
    action: { verb: 'promote', from: 'staging' },
  });
  expect((await readAudit(store)).at(-1)).toMatchObject({ kind: 'console', actor: 'Rita Manager (u-1)' });
});

test('without the role, without a token, with a forged token, or replayed: refused, and the store is byte for byte unchanged', async () => {
  const before = snapshot();
  const ask = { action: 'rollback', reason: 'oops', expect: 1 };
  expect(await call('/api/envs/staging/actions', await member(), ask)).toMatchObject({
    status: 403,
    body: { code: 'CONSOLE_FORBIDDEN' },
  });
  expect((await call('/api/envs/staging/actions', null, ask)).status).toBe(401);
  // Signed by a key that is not the provider's.
  const { privateKey } = await generateKeyPair('RS256');
  expect(
    (await call('/api/envs/staging/actions', await tokenFor({ sub: 'x', roles: ['admin'] }, privateKey), ask)).status,
  ).toBe(401);
  expect(snapshot()).toEqual(before);
  // A request that worked, sent again as it was (its proof already used): refused.
  const token = await manager();
  const first = await call('/api/envs/staging/actions', token, { ...ask, expect: 2 });
  expect(first.status).toBe(200);
  const after = snapshot();
  const replayed = await fetch(`${service.url}/api/envs/staging/actions`, first.sent);
  expect(replayed.status).toBe(401);
  expect(snapshot()).toEqual(after);
});

test('an action on a revision the page no longer shows is refused with the conflict code; a missing reason where one is required too', async () => {
  const token = await manager();
  await commands
    .rollback({ store, env: 'production', who: { actor: 'carol', reason: 'meanwhile' } }, undefined)
    .catch(() => undefined);
  const before = snapshot();
  expect(await call('/api/envs/staging/actions', token, { action: 'rollback', expect: 1 })).toMatchObject({
    status: 409,
    body: { code: 'RELEASE_CONFLICT' },
  });
  expect(await call('/api/envs/production/actions', token, { action: 'rollback', expect: 1 })).toMatchObject({
    status: 400,
    body: { code: 'RELEASE_USAGE', error: expect.stringContaining('give --reason') },
  });
  expect(snapshot()).toEqual(before);
});

test('a rollout is drawn from its own looks, with the intervals it was judged by; pause by a person with the role', async () => {
  const started = Date.now();
  prometheus.counters = (metric, at) =>
    metric === 'loads'
      ? { 'stable@1.1.0': Math.max(0, at - started) / 50, 'candidate@1.2.0': Math.max(0, at - started) / 100 }
      : {};
  await startRollout({ store, env: 'staging', who: ci, options: { now: () => started } }, 'referrals@1.2.0', {
    steps: [25, 50, 100],
    intervalMs: 60_000,
    minLoads: 20,
    prometheus: prometheus.url,
  });
  expect((await call('/api/envs/staging/rollouts/referrals', null)).body).toMatchObject({
    status: 'running',
    percent: 25,
    looks: [],
  });
  await tickRollout({ store, env: 'staging', who: ci, options: { now: () => started + 61_000 } }, 'referrals');
  const view = (await call('/api/envs/staging/rollouts/referrals', null)).body;
  expect(view).toMatchObject({ percent: 50, shares: [{ percent: 25 }, { percent: 50 }] });
  expect(view.looks).toHaveLength(1);
  const [look] = view.looks;
  expect(look).toMatchObject({ percent: 25, verdict: 'healthy', candidate: { errors: 0 }, stable: { errors: 0 } });
  expect(look.candidate.loads).toBeGreaterThan(20);
  expect(look.difference.high).toBeLessThan(look.margin);
  const token = await manager();
  const head = (await call('/api/overview', token)).body.environments[1].revision;
  expect(
    await call('/api/envs/staging/actions', token, { action: 'pause', remote: 'referrals', expect: head }),
  ).toMatchObject({
    status: 200,
  });
  expect((await call('/api/envs/staging/rollouts/referrals', null)).body.status).toBe('paused');
});

test('a read-only service (no provider) refuses every action and says so', async () => {
  await service.close();
  service = await startReleaseService({
    store,
    host: '127.0.0.1',
    port: 0,
    lookEveryMs: 60_000,
    console: { signIn: null, read: 'anyone', prometheusFor: () => undefined, pages: null },
  });
  expect((await call('/api/session', null)).body).toMatchObject({ readOnly: true, signIn: null });
  expect(await call('/api/envs/staging/actions', null, { action: 'rollback', expect: 2 })).toMatchObject({
    status: 403,
    body: { code: 'CONSOLE_READ_ONLY' },
  });
});

test('where reading needs sign-in, an anonymous page reads nothing but how to sign in', async () => {
  await service.close();
  service = await startReleaseService({
    store,
    host: '127.0.0.1',
    port: 0,
    lookEveryMs: 60_000,
    console: {
      signIn: {
        issuer: ISSUER,
        clientId: 'c',
        audience: 'urn:release',
        rolesClaim: 'roles',
        publicOrigin: 'http://release.test',
      },
      read: 'signed-in',
      prometheusFor: () => undefined,
      pages: null,
      verifierExtras: { keys: createLocalJWKSet({ keys: [provider.jwk] }) },
    },
  });
  expect((await call('/api/session', null)).body).toMatchObject({ readOnly: false, read: 'signed-in', person: null });
  for (const path of ['/api/overview', '/api/envs/staging/history', '/api/audit', '/api/events'])
    expect([path, (await call(path, null)).status]).toEqual([path, 401]);
  expect((await call('/api/overview', await member())).status).toBe(200);
});
