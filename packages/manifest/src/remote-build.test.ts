import {
  listedFiles,
  loadedByBrowser,
  unrecordedFirstFiles,
  CONTRACT_PACKAGE,
  entryScriptUrl,
  INTEGRITY_REQUIRED_BY_DEFAULT,
  integrityRequired,
  isSri,
  readRemoteBuild,
  REMOTE_EXPOSE,
} from './remote-build';

const HASH = `sha384-${'A'.repeat(64)}`;

test('reads the version and contract range a remote build declares, and ignores anything malformed', () => {
  const build = readRemoteBuild({
    metaData: { buildInfo: { buildVersion: '1.4.0' } },
    shared: [{ name: 'react' }, { name: '@mfe/context', requiredVersion: '^1.3.0' }],
  });
  expect(build).toMatchObject({ version: '1.4.0', contractRange: '^1.3.0', declaresContract: true });
  for (const odd of [
    { metaData: { buildInfo: { buildVersion: '<img src=x onerror=alert(1)>' } } },
    null,
    { shared: 'nope', metaData: 'nope' },
    'text',
    [1, 2],
  ]) {
    const read = readRemoteBuild(odd);
    expect(read.version).toBeUndefined();
    expect(read.contractRange).toBeUndefined();
    expect(read.declaresContract).toBe(false);
    expect(read.files).toEqual({ js: [], css: [] });
  }
});

test("the exposed module's first files and their recorded integrity, only well-formed hashes", () => {
  const build = readRemoteBuild({
    exposes: [
      { path: './other', assets: { js: { sync: ['other.js'] } } },
      { path: `./${REMOTE_EXPOSE}`, assets: { js: { sync: ['remote.1.js', 42] }, css: { sync: ['remote.1.css'] } } },
    ],
    integrity: { 'remote.1.js': HASH, 'remote.1.css': '"><script>', toString: HASH },
    globalCss: ['src/dialogs.global.css', { no: 1 }],
  });
  expect(build.files).toEqual({ js: ['remote.1.js'], css: ['remote.1.css'] });
  expect(build.integrityOf('remote.1.js')).toBe(HASH);
  expect(build.integrityOf('remote.1.css')).toBeUndefined();
  expect(build.integrityOf('constructor')).toBeUndefined();
  expect(build.globalCss).toEqual(['src/dialogs.global.css']);
});

test('the rules: SRI format, the contract package, the entry script beside its manifest', () => {
  expect(isSri(HASH)).toBe(true);
  expect(isSri('sha1-abc')).toBe(false);
  expect(isSri(`${HASH}"`)).toBe(false);
  expect(CONTRACT_PACKAGE).toBe('@mfe/context');
  expect(entryScriptUrl('https://cdn.example.com/referrals/1.0.0/mf-manifest.json')).toBe(
    'https://cdn.example.com/referrals/1.0.0/remoteEntry.js',
  );
  expect(entryScriptUrl('https://cdn.example.com/x/remoteEntry.js')).toBe('https://cdn.example.com/x/remoteEntry.js');
});

test("a config's integrity rule read without the schema: a boolean as written, anything else the schema's default", () => {
  expect(INTEGRITY_REQUIRED_BY_DEFAULT).toBe(true);
  expect(integrityRequired({ requireIntegrity: false })).toBe(false);
  expect(integrityRequired({ requireIntegrity: true })).toBe(true);
  expect(integrityRequired({})).toBe(true);
  expect(integrityRequired({ requireIntegrity: 'false' })).toBe(true);
  expect(integrityRequired({ requireIntegrity: 0 })).toBe(true);
});

test('how the host shows the area: mounted into a root of its own only when the build says so', () => {
  expect(readRemoteBuild({ mount: 'own-root', shared: [] }).mount).toBe('own-root');
  expect(readRemoteBuild({ shared: [] }).mount).toBe('host-tree');
  expect(readRemoteBuild({ mount: 'OWN-ROOT' }).mount).toBe('host-tree');
  expect(readRemoteBuild(null).mount).toBe('host-tree');
});

test('the files a browser may load from a build folder: scripts and stylesheets, not the entry, maps, images or the server build', () => {
  expect(['a.1.js', 'b.mjs', 'static/c.css', 'sub/d.js'].filter(loadedByBrowser)).toEqual([
    'a.1.js',
    'b.mjs',
    'static/c.css',
    'sub/d.js',
  ]);
  expect(
    ['remoteEntry.js', 'a.js.map', 'assets/logo.svg', 'server/remote.js', 'mf-manifest.json'].filter(loadedByBrowser),
  ).toEqual([]);
});

test("every script and stylesheet the build's manifest lists, first and later, exposed and shared, once each", () => {
  const manifest = {
    exposes: [
      {
        path: './remote',
        assets: { js: { sync: ['remote.js'], async: ['later.js', 'shared.js'] }, css: { sync: ['remote.css'] } },
      },
      { path: './contributions/card', assets: { js: { sync: ['card.js'], async: ['shared.js'] } } },
      null,
    ],
    shared: [{ name: 'lodash', assets: { js: { sync: ['lodash.js'], async: [42] } } }],
  };
  expect(listedFiles(manifest).sort()).toEqual([
    'card.js',
    'later.js',
    'lodash.js',
    'remote.css',
    'remote.js',
    'shared.js',
  ]);
  expect(listedFiles({ exposes: 'nonsense' })).toEqual([]);
});

test("a build's first files without a recorded integrity are named; recorded ones are not", () => {
  const manifest = {
    exposes: [
      { path: './remote', assets: { js: { sync: ['remote.js'], async: ['later.js'] }, css: { sync: ['remote.css'] } } },
      { path: './contributions/card', assets: { js: { sync: ['card.js'] } } },
    ],
    integrity: { 'remote.js': 'sha384-abc', 'remote.css': 'not a hash' },
  };
  expect(unrecordedFirstFiles(manifest)).toEqual(['remote.css', 'card.js']);
  expect(
    unrecordedFirstFiles({
      ...manifest,
      integrity: { 'remote.js': 'sha384-a', 'remote.css': 'sha384-b', 'card.js': 'sha384-c' },
    }),
  ).toEqual([]);
});
