/**
 * @jest-environment node
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as commands from '../commands';
import { DirectoryStore } from '../store/directory-store';
import { collectGarbage, GC_GRACE_MS } from './gc';
import { startHost, tempDir, writeBuild } from '../testing/world';

// gc against a folder store: what it keeps (a build just published, not yet deployed), and the
// promise a removed version keeps (never published again with other bytes).
jest.setTimeout(30_000);
let host: Awaited<ReturnType<typeof startHost>>;
let storeDir = '';
beforeAll(async () => {
  host = await startHost(() => storeDir);
});
afterAll(() => host.close());
const who = { actor: 'ops', reason: '' };

test('a build published and not yet deployed is kept for the grace period, then removed', async () => {
  storeDir = tempDir('gc-store');
  const store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { production: host.url } });
  await commands.publish(store, writeBuild(tempDir('gc-builds'), 'referrals', '1.3.0'), who);
  expect(await collectGarbage(store, who)).toEqual(['✔ nothing to remove']);
  const later = () => new Date(Date.now() + GC_GRACE_MS + 60_000);
  expect((await collectGarbage(store, who, { now: later }))[0]).toBe(
    '✔ removed 0 expired preview(s) and 1 unused build(s)',
  );
  expect(GC_GRACE_MS).toBe(7 * 24 * 60 * 60_000);
});

test('a version gc removed is published again only with the same bytes', async () => {
  storeDir = tempDir('gc-store');
  const store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { production: host.url } });
  const builds = tempDir('gc-builds');
  const first = writeBuild(builds, 'referrals', '1.3.0');
  await commands.publish(store, first, who);
  await collectGarbage(store, who, { graceMs: 0 });
  await expect(
    commands.publish(store, writeBuild(tempDir('gc-other'), 'referrals', '1.3.0', { body: 'var other = 1;' }), who),
  ).rejects.toMatchObject({
    code: 'RELEASE_VERSION_TAKEN',
    message: expect.stringContaining('then removed by gc'),
  });
  expect((await commands.publish(store, first, who))[0]).toMatch(/^✔ published referrals@1\.3\.0/);
});

test('gc says its grace as a duration and leaves no empty folder behind', async () => {
  storeDir = tempDir('gc-store');
  const store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { production: host.url } });
  await commands.publish(store, writeBuild(tempDir('gc-builds'), 'referrals', '1.3.0'), who);
  await commands.publish(store, writeBuild(tempDir('gc-builds'), 'account', '2.0.0'), who);
  const later = () => new Date(Date.now() + GC_GRACE_MS + 60_000);
  expect(await collectGarbage(store, who, { now: later, dryRun: true })).toContain(
    "would remove referrals@1.3.0 (no environment's current or last 20 revisions use it, published over 7 days ago)",
  );
  const removed = await collectGarbage(store, who, { graceMs: 0 });
  expect(removed).toContain("- removed referrals@1.3.0 (no environment's current or last 20 revisions use it)");
  expect(removed.join('\n')).not.toMatch(/over 0/);
  // Neither remotes/referrals/1.3.0/static/ nor remotes/referrals/ stays as an empty folder.
  const folders = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? [join(dir, entry.name), ...folders(join(dir, entry.name))] : [],
    );
  expect(folders(storeDir).filter((folder) => readdirSync(folder).length === 0)).toEqual([]);
  expect(existsSync(join(storeDir, 'remotes'))).toBe(false);
  // A build published afterwards makes its folders again.
  expect((await commands.publish(store, writeBuild(tempDir('gc-builds'), 'referrals', '1.4.0'), who))[0]).toMatch(
    /^✔ published referrals@1\.4\.0/,
  );
});
