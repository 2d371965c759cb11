/**
 * @jest-environment node
 */
import { sri } from '@mfe/manifest/sri';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as commands from '.';
import { DirectoryStore } from '../store/directory-store';
import { jsonBytes, KEYS } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { readCurrent, readHistory } from '../environments/revisions';
import { pinningLoader, startHost, tempDir, writeBuild } from '../testing/world';

let storeDir = '';
let host: Awaited<ReturnType<typeof startHost>>;
let store: DirectoryStore;
const builds = tempDir('builds');
jest.setTimeout(60_000);
const who = (actor: string, reason: string) => ({ actor, reason });

beforeAll(async () => {
  host = await startHost(() => storeDir);
});
afterAll(() => host.close());
beforeEach(async () => {
  storeDir = tempDir('store');
  store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { staging: host.url, production: host.url } });
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error & { code?: string; lines?: string[] }) => error,
  );

test('a build goes to staging, the same files to production, back again, and history says who and why at each step', async () => {
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.0'), who('ci', ''));
  await commands.publish(store, writeBuild(builds, 'referrals', '1.1.0'), who('ci', ''));
  expect(
    await commands.deploy({ store, env: 'staging', who: who('alice', 'first release') }, 'referrals@1.0.0', {
      path: '/referrals',
      label: 'Referrals',
    }),
  ).toEqual(['✔ staging revision 1: deploy referrals@1.0.0', '  + referrals 1.0.0 at /referrals']);
  await commands.promote({ store, env: 'production', who: who('bob', 'looks good') }, 'staging', []);
  await commands.deploy({ store, env: 'staging', who: who('alice', 'faster list') }, 'referrals@1.1.0');
  expect(
    await commands.promote({ store, env: 'production', who: who('bob', 'ship it') }, 'staging', ['referrals']),
  ).toContain('  ~ referrals 1.0.0 → 1.1.0');
  const [staging, production] = [await readCurrent(store, 'staging'), await readCurrent(store, 'production')];
  // The same entry, so the same URL and hash: the bytes staging ran.
  expect(production!.remotes).toEqual(staging!.remotes);
  expect(await commands.rollback({ store, env: 'production', who: who('carol', 'errors up') }, undefined)).toEqual([
    '✔ production revision 3: rollback to #1',
    '  ~ referrals 1.1.0 → 1.0.0',
  ]);
  expect(await commands.history(store, 'production')).toEqual([
    expect.stringMatching(
      /^#1 \S+ bob: promote referrals from staging #1 \[referrals 1\.0\.0 at \/referrals\] — looks good$/,
    ),
    expect.stringMatching(/^#2 \S+ bob: promote referrals from staging #2 \[referrals 1\.0\.0 → 1\.1\.0\] — ship it$/),
    expect.stringMatching(/^#3 \S+ carol: rollback to #1 \[referrals 1\.1\.0 → 1\.0\.0\] — errors up$/),
  ]);
  expect(await commands.diff(store, 'production', '2', '3')).toEqual(['~ referrals 1.1.0 → 1.0.0']);
  expect(await commands.diff(store, 'production', 'staging', undefined)).toEqual(['~ referrals 1.0.0 → 1.1.0']);
  expect(await commands.diff(store, 'production', undefined, undefined)).toEqual(['~ referrals 1.1.0 → 1.0.0']);
  expect(await commands.status(store, ['production'])).toContain('  referrals 1.0.0 at /referrals');
});

test('a version is published once: the same build again changes nothing, a different one is refused', async () => {
  const first = writeBuild(builds, 'referrals', '2.0.0');
  expect(await commands.publish(store, first, who('ci', ''))).toEqual([
    expect.stringMatching(/^✔ published referrals@2\.0\.0 \(4 files/),
  ]);
  expect(await commands.publish(store, first, who('ci', ''))).toEqual([
    '✔ referrals@2.0.0 was already published with these files; nothing changed',
  ]);
  const error = await refusal(
    commands.publish(store, writeBuild(builds, 'referrals', '2.0.0', { body: 'var other = 1;' }), who('ci', '')),
  );
  expect(error).toMatchObject({
    code: 'RELEASE_VERSION_TAKEN',
    message: expect.stringContaining(
      'referrals@2.0.0 is already published with different files (integrity.json differs)',
    ),
  });
  expect(existsSync(join(storeDir, KEYS.buildFile('referrals', '2.0.0', 'static/chunk.js.map')))).toBe(false);
});

test('a deploy whose build is incompatible, unreachable or not the pinned bytes is refused and nothing changes', async () => {
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.0'), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  const before = readFileSync(join(storeDir, KEYS.manifest('production')), 'utf8');

  await commands.publish(store, writeBuild(builds, 'referrals', '9.0.0', { contract: '^9.0.0' }), who('ci', ''));
  const incompatible = await refusal(
    commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@9.0.0'),
  );
  expect(incompatible).toMatchObject({
    code: 'RELEASE_CHECK_FAILED',
    lines: [
      expect.stringMatching(
        /✖ referrals: built for @mfe\/context \^9\.0\.0, but the host provides @mfe\/context 1\.2\.0/,
      ),
    ],
  });

  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.1'), who('ci', ''));
  rmSync(join(storeDir, KEYS.buildFile('referrals', '1.0.1', 'mf-manifest.json')));
  const unreachable = await refusal(
    commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.1'),
  );
  expect(unreachable.lines).toEqual([
    expect.stringMatching(/✖ referrals: .*\/referrals\/1\.0\.1\/mf-manifest\.json answered HTTP 404/),
  ]);

  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.2'), who('ci', ''));
  writeFileSync(join(storeDir, KEYS.buildFile('referrals', '1.0.2', 'remoteEntry.js')), 'var tampered = true;');
  const tampered = await refusal(
    commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.2'),
  );
  expect(tampered.lines).toEqual([
    expect.stringMatching(/✖ referrals: .*remoteEntry\.js does not match its "integrity"/),
  ]);

  expect(readFileSync(join(storeDir, KEYS.manifest('production')), 'utf8')).toBe(before);
  expect((await readHistory(store, 'production')).map((revision) => revision.revision)).toEqual([1]);
});

test('two deploys at the same moment, twenty times: every one is in the history, none lost', async () => {
  for (const name of ['left', 'right']) {
    for (let round = 0; round < 20; round += 1)
      await commands.publish(store, writeBuild(builds, name, `1.0.${round}`), who('ci', ''));
  }
  for (let round = 0; round < 20; round += 1) {
    const placement = (name: string) => ({ path: `/${name}`, label: name });
    await Promise.all(
      ['left', 'right'].map((name) =>
        commands.deploy(
          { store, env: 'production', who: who(name, `round ${round}`) },
          `${name}@1.0.${round}`,
          placement(name),
        ),
      ),
    );
  }
  const history = await readHistory(store, 'production');
  expect(history.map((revision) => revision.revision)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  for (let round = 0; round < 20; round += 1) {
    for (const name of ['left', 'right'])
      expect(
        history.filter((revision) => revision.reason === `round ${round}` && revision.actor === name),
      ).toHaveLength(1);
  }
  // Each revision is its parent plus its own change: a later one never drops an earlier one's.
  const current = await readCurrent(store, 'production');
  expect(current!.revision).toBe(40);
  expect(current!.remotes.map((remote) => remote.entry.split('/').slice(-3, -1).join('@')).sort()).toEqual([
    'left@1.0.19',
    'right@1.0.19',
  ]);
});

test('a rollback that a deploy overtakes is refused, naming the revision it lost to', async () => {
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.1.0');
  const [rollback, deploy] = await Promise.allSettled([
    commands.rollback({ store, env: 'production', who: who('carol', 'errors up') }, undefined),
    commands.deploy({ store, env: 'production', who: who('dave', 'the fix') }, 'referrals@1.2.0'),
  ]);
  expect(deploy.status).toBe('fulfilled');
  if (rollback.status === 'rejected') {
    expect(rollback.reason).toMatchObject({
      code: 'RELEASE_CONFLICT',
      message: expect.stringMatching(
        /production changed since revision 2 while this ran: revision \d \(deploy referrals@1\.2\.0 by dave: the fix\) was made first/,
      ),
    });
  } else {
    // The rollback landed first: the deploy was made on top of it.
    expect((await readCurrent(store, 'production'))!.remotes[0]!.entry).toContain('/1.2.0/');
  }
});

/** The store, with one hook run after the first read of a key and before its answer is used. */
function pausingAt(inner: ObjectStore, key: string, hook: () => Promise<unknown>): ObjectStore {
  let done = false;
  return {
    where: inner.where,
    get: async (wanted) => {
      const found = await inner.get(wanted);
      if (wanted === key && !done) {
        done = true;
        await hook();
      }
      return found;
    },
    create: (...args) => inner.create(...args),
    replace: (...args) => inner.replace(...args),
    list: (prefix) => inner.list(prefix),
    write: (...args) => inner.write(...args),
    remove: (key) => inner.remove(key),
  };
}

test('a rollback read at one revision that a deploy overtakes before it commits changes nothing and names the deploy (forced race)', async () => {
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.1.0');
  // The rollback has read revision 2 and is reading the revision it goes back to when dave's deploy lands as 3.
  const racing = pausingAt(store, KEYS.revision('production', 1), () =>
    commands.deploy({ store, env: 'production', who: who('dave', 'the fix') }, 'referrals@1.2.0'),
  );
  const refused = await refusal(
    commands.rollback({ store: racing, env: 'production', who: who('carol', 'errors up') }, undefined),
  );
  expect(refused).toMatchObject({
    code: 'RELEASE_CONFLICT',
    message: expect.stringMatching(
      /^production changed since revision 2 while this ran: revision 3 \(deploy referrals@1\.2\.0 by dave: the fix\) was made first\. Nothing was changed/,
    ),
  });
  expect((await readHistory(store, 'production')).map((revision) => revision.revision)).toEqual([1, 2, 3]);
  expect((await readCurrent(store, 'production'))!.remotes[0]!.entry).toContain('/1.2.0/');
});

test('a canary and its steps are recorded with their version and share where prerendered pages are rendered too', async () => {
  const hostBuild = tempDir('host-build');
  mkdirSync(join(hostBuild, 'server'));
  writeFileSync(join(hostBuild, 'server', 'server.json'), '{}');
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hostBuilds: { production: hostBuild } });
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  expect(
    (
      await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals@1.1.0', {
        kind: 'share',
        percent: 5,
      })
    )[0],
  ).toBe('✔ production revision 2: canary referrals@1.1.0 at 5 %');
  expect(
    (
      await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals', {
        kind: 'share',
        percent: 50,
      })
    )[0],
  ).toBe('✔ production revision 3: canary referrals@1.1.0 at 50 %');
  await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals', { kind: 'promote' });
  await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals@1.2.0', {
    kind: 'share',
    percent: 0,
  });
  await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals', { kind: 'abort' });
  expect((await commands.history(store, 'production')).map((line) => line.replace(/^#(\d+) \S+ /, '#$1 '))).toEqual([
    '#1 alice: deploy referrals@1.0.0',
    '#2 alice: canary referrals@1.1.0 at 5 %',
    '#3 alice: canary referrals@1.1.0 at 50 %',
    '#4 alice: promote canary referrals@1.1.0 to stable',
    '#5 alice: canary referrals@1.2.0 at 0 %',
    '#6 alice: abort canary referrals@1.2.0',
  ]);
});

test('a canary runs beside the stable build at a share, grows, and is promoted or aborted, each step in the history', async () => {
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  expect(
    await commands.canary({ store, env: 'production', who: who('alice', 'try it') }, 'referrals@1.1.0', {
      kind: 'share',
      percent: 25,
    }),
  ).toEqual(['✔ production revision 2: canary referrals@1.1.0 at 25 %', '  ~ referrals canary none → 1.1.0 at 25 %']);
  const served = JSON.parse(readFileSync(join(storeDir, KEYS.manifest('production')), 'utf8')) as {
    schemaVersion: number;
    remotes: Array<{ candidate?: { percent: number; entry: string } }>;
  };
  // Hosts read the candidate from schema version 2; without one the manifest stays version 1.
  expect(served.schemaVersion).toBe(2);
  expect(served.remotes[0]!.candidate).toMatchObject({
    percent: 25,
    entry: expect.stringContaining('/referrals/1.1.0/mf-manifest.json'),
  });
  await commands.canary({ store, env: 'production', who: who('alice', 'more') }, 'referrals', {
    kind: 'share',
    percent: 50,
  });
  expect(await commands.status(store, ['production'])).toContain(
    '  referrals 1.0.0 at /referrals, canary 1.1.0 at 50 % (set by hand: no rollout judges it)',
  );
  expect(
    await commands.canary({ store, env: 'production', who: who('alice', 'healthy') }, 'referrals', { kind: 'promote' }),
  ).toEqual([
    '✔ production revision 4: promote canary referrals@1.1.0 to stable',
    '  ~ referrals 1.0.0 → 1.1.0, canary 1.1.0 at 50 % → none',
  ]);
  expect(JSON.parse(readFileSync(join(storeDir, KEYS.manifest('production')), 'utf8')).schemaVersion).toBe(1);
  await commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals@1.2.0', {
    kind: 'share',
    percent: 10,
  });
  expect(
    (
      await commands.canary({ store, env: 'production', who: who('carol', 'errors') }, 'referrals', { kind: 'abort' })
    )[0],
  ).toBe('✔ production revision 6: abort canary referrals@1.2.0');
  await expect(
    commands.canary({ store, env: 'production', who: who('carol', '') }, 'referrals', { kind: 'promote' }),
  ).rejects.toThrow(/referrals has no canary running/);
  await expect(
    commands.canary({ store, env: 'production', who: who('carol', '') }, 'referrals@1.1.0', {
      kind: 'share',
      percent: 10,
    }),
  ).rejects.toThrow(/already is the stable build/);
});

test('a canary whose candidate the host could not run is refused like a deploy', async () => {
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.0'), who('ci', ''));
  await commands.publish(store, writeBuild(builds, 'referrals', '9.0.0', { contract: '^9.0.0' }), who('ci', ''));
  await commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
  const refused = await refusal(
    commands.canary({ store, env: 'production', who: who('alice', '') }, 'referrals@9.0.0', {
      kind: 'share',
      percent: 5,
    }),
  );
  expect(refused.lines).toEqual([
    expect.stringMatching(/^✖ referrals \(candidate at 5 %\): built for @mfe\/context \^9\.0\.0/),
  ]);
});

test("contributions to slots go with their remote's entry, are checked against its build, and an empty list removes them", async () => {
  const card = { slot: 'account.profile.aside', module: 'referral-card', order: 100, requiresAuth: true };
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.0'), who('ci', ''));
  await commands.publish(
    store,
    writeBuild(builds, 'referrals', '1.1.0', { exposes: ['./remote', './contributions/referral-card'] }),
    who('ci', ''),
  );
  // The first build has no such module: the deploy is refused, naming it.
  const lacking = await refusal(
    commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'referrals@1.0.0', {
      path: '/referrals',
      label: 'Referrals',
      contributions: [card],
    }),
  );
  expect([lacking.message, ...(lacking.lines ?? [])].join('\n')).toContain(
    'its build exposes no ./contributions/referral-card',
  );
  expect(await readCurrent(store, 'staging')).toBeNull();
  await commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'referrals@1.1.0', {
    path: '/referrals',
    label: 'Referrals',
    contributions: [card],
  });
  const placed = await readCurrent(store, 'staging');
  expect(placed).toMatchObject({ schemaVersion: 4, remotes: [{ name: 'referrals', contributions: [card] }] });
  // Promoted with the entry, the same bytes and the same contributions.
  await commands.promote({ store, env: 'production', who: who('bob', '') }, 'staging', []);
  expect((await readCurrent(store, 'production'))!.remotes[0]!.contributions).toEqual([card]);
  // A later deploy without the option keeps them; an empty list removes them, and the manifest goes back to a version older hosts read.
  await commands.publish(
    store,
    writeBuild(builds, 'referrals', '1.2.0', { exposes: ['./remote', './contributions/referral-card'] }),
    who('ci', ''),
  );
  await commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'referrals@1.2.0');
  expect((await readCurrent(store, 'staging'))!.remotes[0]!.contributions).toEqual([card]);
  await commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'referrals@1.1.0', { contributions: [] });
  const removed = await readCurrent(store, 'staging');
  expect(removed!.schemaVersion).toBe(1);
  expect(removed!.remotes[0]).not.toHaveProperty('contributions');
});

test('a remote that only contributes is deployed without an area; half an area is refused', async () => {
  const tile = { slot: 'home.tiles', module: 'tile', order: 100, requiresAuth: true };
  await commands.publish(
    store,
    writeBuild(builds, 'badges', '1.0.0', { exposes: ['./contributions/tile'] }),
    who('ci', ''),
  );
  const nowhere = await refusal(commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'badges@1.0.0'));
  expect(nowhere.message).toMatch(
    /say where its area goes with --path .* or what it puts in other pages' slots with --contributions/,
  );
  const half = await refusal(
    commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'badges@1.0.0', {
      path: '/badges',
      contributions: [tile],
    }),
  );
  expect(half.message).toMatch(/needs both a path and a label for its area .* or neither and --contributions/);
  expect(
    await commands.deploy({ store, env: 'staging', who: who('alice', '') }, 'badges@1.0.0', { contributions: [tile] }),
  ).toEqual(['✔ staging revision 1: deploy badges@1.0.0', '  + badges 1.0.0 (contributions only)']);
  const current = await readCurrent(store, 'staging');
  expect(current).toMatchObject({ schemaVersion: 4, remotes: [{ name: 'badges', contributions: [tile] }] });
  expect(current!.remotes[0]).not.toHaveProperty('path');
});

/**
 * A build whose entry loads its chunks as they come (a Vite-style build with the platform's fields
 * added by hand); `pasted`: with its files' hashes pasted into the entry as a comment, which a text
 * search took for pins.
 */
function writeUnpinnedBuild(
  version: string,
  { pasted = false }: { pasted?: boolean } = {},
): { dist: string; files: Record<string, string> } {
  const dist = join(builds, `unpinned-${version}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'remoteEntry.js': 'export const get = () => import("./assets/remote.js");',
    'assets/remote.js': 'import("./chunk.js"); export default {};',
    'assets/chunk.js': 'export const later = 1;',
    'assets/remote.css': '.a{color:red}',
  };
  if (pasted)
    files['remoteEntry.js'] =
      `/* ${['assets/remote.js', 'assets/chunk.js', 'assets/remote.css'].map((file) => sri(files[file]!)).join(' ')} */\n` +
      files['remoteEntry.js'];
  files['mf-manifest.json'] = JSON.stringify({
    name: 'referrals',
    metaData: { buildInfo: { buildVersion: version } },
    shared: [{ name: '@mfe/context', requiredVersion: '^1.0.0' }],
    exposes: [
      {
        path: './remote',
        assets: {
          js: { sync: ['assets/remote.js'], async: ['assets/chunk.js'] },
          css: { sync: ['assets/remote.css'] },
        },
      },
    ],
    integrity: {
      'assets/remote.js': sri(files['assets/remote.js']!),
      'assets/remote.css': sri(files['assets/remote.css']!),
    },
  });
  files['integrity.json'] = JSON.stringify({ 'remoteEntry.js': sri(files['remoteEntry.js']!) });
  for (const [file, body] of Object.entries(files)) writeFileSync(join(dist, file), body);
  return { dist, files };
}

test.each([
  ['loads them as they come', false],
  ['has their hashes pasted in a comment', true],
])('a build whose entry %s is refused at publish, naming its files, and nothing is written', async (_, pasted) => {
  const { dist } = writeUnpinnedBuild('4.0.0', { pasted });
  const error = await refusal(commands.publish(store, dist, who('ci', '')));
  expect(error).toMatchObject({ code: 'RELEASE_BUILD_INVALID' });
  expect(error.message).toContain(
    'its remoteEntry.js does not pin assets/chunk.js, assets/remote.css, assets/remote.js: a browser would run those files whatever their bytes',
  );
  expect(error.message).toContain('Nothing was published.');
  expect(existsSync(join(storeDir, KEYS.buildRecord('referrals', '4.0.0')))).toBe(false);
  expect(existsSync(join(storeDir, KEYS.buildFile('referrals', '4.0.0', 'remoteEntry.js')))).toBe(false);
});

test.each([
  ['loads its files as they come', false],
  ['has their hashes pasted in a comment', true],
])(
  'a build whose entry %s that reached the store before the rule is refused at deploy by the check, and the environment is unchanged',
  async (_, pasted) => {
    const { files } = writeUnpinnedBuild('4.1.0', { pasted });
    // As an older publish wrote it: its files and its record, no check of its pins.
    for (const [file, body] of Object.entries(files))
      await store.create(KEYS.buildFile('referrals', '4.1.0', file), new TextEncoder().encode(body));
    await store.create(
      KEYS.buildRecord('referrals', '4.1.0'),
      jsonBytes({
        name: 'referrals',
        version: '4.1.0',
        integrity: sri(files['remoteEntry.js']!),
        files: Object.fromEntries(Object.entries(files).map(([file, body]) => [file, sri(body)])),
        publishedAt: new Date().toISOString(),
        actor: 'ci',
      }),
    );
    const error = await refusal(
      commands.deploy({ store, env: 'production', who: who('alice', '') }, 'referrals@4.1.0', {
        path: '/referrals',
        label: 'Referrals',
      }),
    );
    expect(error).toMatchObject({ code: 'RELEASE_CHECK_FAILED' });
    expect(error.lines).toEqual([
      expect.stringContaining(
        '✖ referrals: its remoteEntry.js does not pin assets/remote.js, assets/remote.css, assets/chunk.js: a browser would run those files',
      ),
    ]);
    expect(await readCurrent(store, 'production')).toBeNull();
  },
);

test('a build whose entry pins its files but whose mf-manifest.json records none for its first files is refused at publish', async () => {
  const { dist, files } = writeUnpinnedBuild('4.2.0');
  // Its entry now pins every file (their hashes in its runtime); its record of them is gone.
  const pinned = Object.entries(files).filter(([file]) => file.startsWith('assets/'));
  const entry = pinningLoader(pinned.map(([, body]) => sri(body)));
  writeFileSync(join(dist, 'remoteEntry.js'), entry);
  writeFileSync(join(dist, 'integrity.json'), JSON.stringify({ 'remoteEntry.js': sri(entry) }));
  const manifest = JSON.parse(files['mf-manifest.json']!) as Record<string, unknown>;
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ ...manifest, integrity: undefined }));
  const error = await refusal(commands.publish(store, dist, who('ci', '')));
  expect(error).toMatchObject({ code: 'RELEASE_BUILD_INVALID' });
  expect(error.message).toContain(
    'its mf-manifest.json records no integrity for assets/remote.js, assets/remote.css, the first files of its modules, so every host refuses it',
  );
  expect(existsSync(join(storeDir, KEYS.buildRecord('referrals', '4.2.0')))).toBe(false);
});

test.each([
  [
    'exposes something else than ./remote',
    { exposes: ['./other'] },
    'its build exposes ./other, not ./remote or a contribution (./contributions/<module>): a host has nothing of it to render (what a build must contain: docs/builds.md)',
  ],
  [
    'has an ES module for its entry',
    { body: 'export const remote = {};' },
    'its remoteEntry.js is an ES module (import/export): a host runs an entry as a classic script',
  ],
] as const)(
  'a build that %s is refused at publish, saying what a build must contain, and nothing is written',
  async (_, options, said) => {
    const dist = writeBuild(builds, 'referrals', '4.3.0', options);
    const error = await refusal(commands.publish(store, dist, who('ci', '')));
    expect(error).toMatchObject({ code: 'RELEASE_BUILD_INVALID' });
    expect(error.message).toContain(said);
    expect(error.message).toContain('Nothing was published.');
    expect(existsSync(join(storeDir, KEYS.buildRecord('referrals', '4.3.0')))).toBe(false);
  },
);

test('a build that only contributes to slots is published', async () => {
  const dist = writeBuild(builds, 'tiles', '1.0.0', { exposes: ['./contributions/first-tile'] });
  expect((await commands.publish(store, dist, who('ci', '')))[0]).toMatch(/^✔ published tiles@1\.0\.0/);
});

test("a build whose chunk was changed after the build is refused at publish as bytes that do not match the entry's pin", async () => {
  const dist = writeBuild(builds, 'referrals', '4.4.0');
  writeFileSync(join(dist, 'static', 'chunk.js'), '/* changed after the build */');
  const error = await refusal(commands.publish(store, dist, who('ci', '')));
  expect(error).toMatchObject({ code: 'RELEASE_BUILD_INVALID' });
  expect(error.message).toContain(
    'the bytes of static/chunk.js do not match the pins its remoteEntry.js carries (1 of them matches no file of the folder): was it changed after the build?',
  );
  expect(error.message).not.toContain('does not pin');
});
