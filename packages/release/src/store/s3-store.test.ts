/**
 * @jest-environment node
 */
import S3rver from 's3rver';
import * as commands from '../commands';
import { KEYS } from './layout';
import { readCurrent, readHistory } from '../environments/revisions';
import { S3Store } from './s3-store';
import { startHost, tempDir, writeBuild } from '../testing/world';

// The store against a real S3-protocol server on this machine (s3rver: path-style, its fixed
// credentials). It does not honour If-Match / If-None-Match on PUT, so what is proven here is the
// layout and the commands over S3; the compare-and-swap under concurrency is proven on the folder
// store (commands.test.ts) and relies on the server's conditional writes in production.
jest.setTimeout(60_000);
let server: S3rver;
let endpoint = '';
let host: Awaited<ReturnType<typeof startHost>>;
const builds = tempDir('s3-builds');
const who = (actor: string, reason: string) => ({ actor, reason });

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir('s3rver'),
    configureBuckets: [{ name: 'releases', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  host = await startHost(() => '', [endpoint]);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const open = (prefix: string) =>
  new S3Store({
    url: `s3://releases/${prefix}`,
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

test('over S3: publish, deploy, promote and roll back with the builds served from the bucket', async () => {
  const store = open('web');
  await commands.init(store, {
    publicUrl: `${endpoint}/releases/web/remotes`,
    hosts: { staging: host.url, production: host.url },
  });
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.0'), who('ci', ''));
  await commands.publish(store, writeBuild(builds, 'referrals', '1.1.0'), who('ci', ''));
  await commands.deploy({ store, env: 'staging', who: who('alice', 'new list') }, 'referrals@1.1.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  await commands.deploy({ store, env: 'production', who: who('alice', 'first') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  expect(await commands.promote({ store, env: 'production', who: who('bob', 'ship') }, 'staging', [])).toEqual([
    '✔ production revision 2: promote referrals from staging #1',
    '  ~ referrals 1.0.0 → 1.1.0',
  ]);
  expect((await readCurrent(store, 'production'))!.remotes).toEqual((await readCurrent(store, 'staging'))!.remotes);
  // What a host fetches is the manifest object itself, over the server's HTTP.
  const served = (await (await fetch(`${endpoint}/releases/web/${KEYS.manifest('production')}`)).json()) as {
    revision: number;
  };
  expect(served.revision).toBe(2);
  await commands.rollback({ store, env: 'production', who: who('carol', 'errors') }, undefined);
  expect(
    (await readHistory(store, 'production')).map(
      (revision) => `${revision.revision} ${revision.actor} ${revision.action.verb}`,
    ),
  ).toEqual(['1 alice deploy', '2 bob promote', '3 carol rollback']);
  expect(await commands.diff(store, 'production', 'staging', undefined)).toEqual(['~ referrals 1.0.0 → 1.1.0']);
});

test('over S3: a version already published with other files is refused, and nothing of it is overwritten', async () => {
  const store = open('immutable');
  await commands.init(store, { publicUrl: `${endpoint}/releases/immutable/remotes`, hosts: { production: host.url } });
  await commands.publish(store, writeBuild(builds, 'referrals', '3.0.0'), who('ci', ''));
  const entryBefore = await store.get(KEYS.buildFile('referrals', '3.0.0', 'remoteEntry.js'));
  await expect(
    commands.publish(store, writeBuild(builds, 'referrals', '3.0.0', { body: 'var other = 1;' }), who('ci', '')),
  ).rejects.toMatchObject({ code: 'RELEASE_VERSION_TAKEN' });
  expect((await store.get(KEYS.buildFile('referrals', '3.0.0', 'remoteEntry.js')))!.body).toEqual(entryBefore!.body);
});

test('over S3: a create on a taken key is refused and a replace with a stale etag is refused where the server checks', async () => {
  const store = open('primitives');
  expect(await store.create('a.json', Buffer.from('1'), 'application/json')).toBe(true);
  expect(await store.create('a.json', Buffer.from('2'), 'application/json')).toBe(false);
  expect(Buffer.from((await store.get('a.json'))!.body).toString()).toBe('1');
  expect(await store.list('')).toEqual(['a.json']);
});

test("the bucket's CORS rules let the environments' hosts read it directly, Date included, and no other origin", async () => {
  const store = open('cors');
  await commands.init(store, {
    publicUrl: `${endpoint}/releases/cors/remotes`,
    hosts: {
      production: 'https://app.example.com',
      staging: 'https://staging.example.com/',
    },
  });
  expect(JSON.parse((await commands.cors(store, false))[0]!)).toEqual({
    CORSRules: [
      {
        AllowedOrigins: ['https://app.example.com', 'https://staging.example.com'],
        AllowedMethods: ['GET', 'HEAD'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['Date', 'ETag'],
        MaxAgeSeconds: 3600,
      },
    ],
  });
  expect(await commands.cors(store, true)).toEqual([
    '✔ s3://releases/cors: CORS for https://app.example.com, https://staging.example.com (GET, HEAD; Date and ETag readable)',
  ]);
  await store.write('probe.json', Buffer.from('{}'), 'application/json');
  const probe = `${endpoint}/releases/cors/probe.json`;
  const allowed = await fetch(probe, { headers: { Origin: 'https://app.example.com' } });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  expect(allowed.headers.get('access-control-expose-headers')).toMatch(/Date/);
  const other = await fetch(probe, { headers: { Origin: 'https://evil.example' } });
  expect(other.headers.get('access-control-allow-origin')).toBeNull();
});
