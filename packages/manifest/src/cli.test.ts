/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The check command as a pipeline runs it: a real process, real files, a real HTTP server.
// A process takes a second or more to start on a busy 2-core machine, and some tests run four.
jest.setTimeout(30_000);
const dir = mkdtempSync(join(tmpdir(), 'mfe-manifest-check-'));
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const shared =
      req.url === '/old/mf-manifest.json'
        ? [{ name: '@mfe/context', requiredVersion: '^9.0.0' }]
        : [{ name: '@mfe/context', requiredVersion: '^1.0.0' }];
    // Built to render in a root of its own: it shares nothing, the contract included.
    if (req.url === '/own-root/mf-manifest.json' || req.url === '/sharing-nothing/mf-manifest.json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          shared: [],
          exposes: [{ path: './remote' }],
          ...(req.url === '/own-root/mf-manifest.json' ? { mount: 'own-root' } : {}),
        }),
      );
    if (req.url === '/styled/mf-manifest.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ shared, exposes: [{ path: './remote' }], globalCss: ['src/dialogs.global.css'] }));
    if (req.url === '/contributing/mf-manifest.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ shared, exposes: [{ path: './remote' }, { path: './contributions/referral-card' }] }));
    if (req.url === '/offering/mf-manifest.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ shared, exposes: [{ path: './remote' }], slots: ['account.profile.aside'] }));
    if (req.url?.endsWith('/missing/mf-manifest.json') || req.url === '/browser-only/server/server.json')
      return void res.writeHead(404).end();
    // Two builds that list their files: one whose entry pins them (as the preset's runtime does), one
    // whose entry loads them as they come (a Vite-style build with the platform's fields added by hand).
    // A third whose entry carries its files' hashes in a comment, which a text search took for pins; a
    // fourth whose entry pins them but is an ES module.
    if (
      [
        '/pinning/mf-manifest.json',
        '/unpinned/mf-manifest.json',
        '/pasted/mf-manifest.json',
        '/esm/mf-manifest.json',
      ].includes(req.url ?? '')
    )
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LISTING));
    // The same listing with no integrity recorded for its module's first files.
    if (req.url === '/unrecorded/mf-manifest.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...LISTING, integrity: undefined }));
    if (req.url === '/pinning/remoteEntry.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(PINNING_ENTRY);
    if (req.url === '/esm/remoteEntry.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(ESM_ENTRY);
    // A build that exposes something else than its area (the repository's wrong-expose fixture).
    if (req.url === '/other-expose/mf-manifest.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ shared, exposes: [{ path: './other' }] }));
    if (req.url === '/pasted/remoteEntry.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(PASTED_ENTRY);
    const file = /^\/(?:pinning|unpinned|pasted|esm)\/(remote\.js|remote\.css|chunk\.js)$/.exec(req.url ?? '')?.[1];
    if (file) return void res.writeHead(200).end(BUILD_FILES[file]);
    if (req.url?.endsWith('/remoteEntry.js'))
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(ENTRY_SCRIPT);
    // A deployed host that provides a newer contract and allows this origin.
    if (req.url === '/mfe-host.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ contract: '9.1.0', provides: { '@mfe/context': '9.1.0', react: '19.3.1' } }));
    if (req.url === '/config.json')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ allowedRemoteOrigins: ['https://cdn.example.test'] }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ shared, exposes: [{ path: './remote' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the command without blocking this process (the test's HTTP server must keep answering). */
function command(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'cli.ts'), ...args],
      { cwd: join(__dirname, '..') },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          out: `${stdout}${stderr}`,
          err: stderr,
        });
      },
    );
  });
}

// A host's build folder as the preset writes it: what it provides, and the slots its shell offers.
const hostBuild = join(dir, 'host-dist');
mkdirSync(hostBuild);
writeFileSync(
  join(hostBuild, 'mfe-host.json'),
  JSON.stringify({ contract: '1.4.0', provides: { '@mfe/context': '1.4.0', react: '19.3.1' }, slots: ['home.tiles'] }),
);

/** Checks a manifest against the host build above, unless the arguments name a deployed host. */
function run(manifest: unknown, ...args: string[]) {
  const file = join(dir, `m-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(manifest));
  return command([file, ...(args.includes('--host') ? [] : ['--host-build', hostBuild]), ...args]);
}

// Every entry script this server answers with, and its hash as a build's integrity.json gives it.
const ENTRY_SCRIPT = 'var remote = {};';
const PINNED = `sha384-${createHash('sha384').update(ENTRY_SCRIPT).digest('base64')}`;
const BUILD_FILES: Record<string, string> = {
  'remote.js': 'render();',
  'remote.css': '.a{color:red}',
  'chunk.js': 'later();',
};
const hashOf = (body: string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;
const LISTING = {
  shared: [{ name: '@mfe/context', requiredVersion: '^1.0.0' }],
  exposes: [
    {
      path: './remote',
      assets: { js: { sync: ['remote.js'], async: ['chunk.js'] }, css: { sync: ['remote.css'], async: [] } },
    },
  ],
  integrity: { 'remote.js': hashOf('render();'), 'remote.css': hashOf('.a{color:red}') },
};
// An entry's loader as webpack's runtime writes it: an integrity table it sets on each file it loads.
const PINNING_ENTRY = `var r = {}; r.sriHashes = ${JSON.stringify(Object.fromEntries(Object.values(BUILD_FILES).map((body, index) => [index, hashOf(body)])))};
function load(id) { var s = document.createElement("script"); s.integrity = r.sriHashes[id]; }`;
const PASTED_ENTRY = `/* ${Object.values(BUILD_FILES).map(hashOf).join(' ')} */\nexport const get = () => import("./remote.js");`;
const ESM_ENTRY = `${PINNING_ENTRY}\nexport { load };`;
const entry = (name: string, path: string) => ({
  name,
  entry: `${origin}/${path}/mf-manifest.json`,
  path: `/${name}`,
  label: name,
  integrity: PINNED,
});

test('a valid manifest whose entries are reachable and compatible passes', async () => {
  const { code, out } = await run(
    { schemaVersion: 1, remotes: [entry('referrals', 'current')] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain('✔ referrals (/referrals) is valid, reachable and compatible');
  expect(code).toBe(0);
});

test("contributions are checked against the modules the remote's build exposes", async () => {
  const card = { slot: 'account.profile.aside', module: 'referral-card' };
  const placed = await run(
    { schemaVersion: 4, remotes: [{ ...entry('referrals', 'contributing'), contributions: [card] }] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(placed.out).toContain('✔ referrals (/referrals) is valid, reachable and compatible');
  expect(placed.code).toBe(0);
  const lacking = await run(
    {
      schemaVersion: 4,
      remotes: [{ ...entry('referrals', 'contributing'), contributions: [card, { ...card, module: 'tile' }] }],
    },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(lacking.out).toContain(
    '✖ referrals: places "tile" in account.profile.aside, but its build exposes no ./contributions/tile (it exposes ./remote, ./contributions/referral-card;',
  );
  expect(lacking.code).toBe(1);
});

test('a contribution placed in a slot no build offers is said, naming the slot and the offered ones', async () => {
  const card = { slot: 'account.profile.aside', module: 'referral-card' };
  const { code, out } = await run(
    {
      schemaVersion: 4,
      remotes: [
        entry('account', 'offering'),
        { ...entry('referrals', 'contributing'), contributions: [card, { ...card, slot: 'account.profile.asid' }] },
      ],
    },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  // Offered: the account build's slot, and the shell's as the host build's mfe-host.json records it.
  expect(out).toContain(
    '⚠ referrals: places "referral-card" in the slot "account.profile.asid", which no build known to this check offers (offered: account.profile.aside, home.tiles). Is its name right?',
  );
  expect(out).not.toContain('in the slot "account.profile.aside"');
  expect(code).toBe(0);
});

test('an area built to render in a root of its own passes without sharing the contract; a build sharing nothing otherwise is refused', async () => {
  const { code, out } = await run(
    { schemaVersion: 1, remotes: [entry('ownroot', 'own-root'), entry('bare', 'sharing-nothing')] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain('✔ ownroot (/ownroot) is valid, reachable and compatible');
  expect(out).toMatch(/✖ bare: .*does not declare the @mfe\/context contract/);
  expect(code).not.toBe(0);
});

test('a remote that ships global CSS passes with a warning that names the files', async () => {
  const { code, out } = await run(
    { schemaVersion: 1, remotes: [entry('styled', 'styled'), entry('referrals', 'current')] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain('✔ styled (/styled) is valid, reachable and compatible');
  expect(out).toContain('⚠ styled: ships global CSS (src/dialogs.global.css): its rules reach the whole page');
  expect(out).not.toContain('⚠ referrals');
  expect(code).toBe(0);
});

test('a public area without a server build passes with a warning that its pages render in the browser only', async () => {
  const { code, out } = await run(
    {
      schemaVersion: 1,
      remotes: [
        { ...entry('plain', 'browser-only'), requiresAuth: false },
        { ...entry('referrals', 'current'), requiresAuth: false },
        entry('account', 'browser-only'),
      ],
    },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain(
    '⚠ plain: is public but has no server build (server/server.json): its pages are not rendered ahead of time',
  );
  // One with a server build, and one that needs a user (never rendered ahead of time), say nothing.
  expect(out).not.toContain('⚠ referrals');
  expect(out).not.toContain('⚠ account');
  expect(code).toBe(0);
});

test('unreachable, incompatible and disallowed entries each get a readable line and a non-zero exit', async () => {
  const { code, out } = await run(
    {
      schemaVersion: 1,
      remotes: [
        entry('gone', 'missing'),
        entry('old', 'old'),
        { name: 'evil', entry: 'https://evil.example/mf-manifest.json', path: '/evil', label: 'Evil' },
      ],
    },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain(`✖ gone: ${origin}/missing/mf-manifest.json answered HTTP 404`);
  expect(out).toMatch(/✖ old: built for @mfe\/context \^9\.0\.0, but the host provides @mfe\/context \d+\.\d+\.\d+/);
  expect(out).toContain(
    '✖ remotes[2] ("evil"): "entry" origin https://evil.example is not in the host\'s allowedRemoteOrigins',
  );
  expect(code).toBe(1);
});

test('--host checks against what a deployed host publishes, and the origins it allows', async () => {
  const { code, out } = await run(
    {
      schemaVersion: 1,
      remotes: [
        entry('old', 'old'),
        entry('current', 'current'),
        {
          name: 'cdn',
          entry: 'https://cdn.example.test/x/mf-manifest.json',
          path: '/cdn',
          label: 'Cdn',
          integrity: PINNED,
        },
      ],
    },
    '--host',
    `${origin}/some/page`,
  );
  expect(out).toContain('✔ old (/old) is valid');
  expect(out).toContain('✔ current (/current) is valid');
  expect(out).toContain('✔ cdn (/cdn) is valid');
  expect(code).toBe(0);
  const reachable = await run(
    { schemaVersion: 1, remotes: [entry('old', 'old'), entry('current', 'current')] },
    '--host',
    origin,
    '--reachable',
  );
  expect(reachable.out).toContain('✔ old (/old) is valid, reachable and compatible');
  expect(reachable.out).toMatch(
    /✖ current: built for @mfe\/context \^1\.0\.0, but the host provides @mfe\/context 9\.1\.0/,
  );
  expect(reachable.code).toBe(1);
  const noHost = await run({ schemaVersion: 1, remotes: [] }, '--host', 'http://127.0.0.1:9');
  expect(noHost.out).toMatch(/The host's http:\/\/127\.0\.0\.1:9\/(mfe-host|config)\.json could not be reached/);
  expect(noHost.code).toBe(1);
});

test("an unpinned entry is refused unless the host's config (or --allow-unpinned) accepts unpinned remotes", async () => {
  const { integrity: _pin, ...unpinned } = entry('referrals', 'current');
  const refused = await run({ schemaVersion: 1, remotes: [unpinned] }, '--allowed-origin', origin);
  expect(refused.out).toContain('✖ remotes[0] ("referrals"): has no "integrity": this host loads only pinned remotes');
  expect(refused.code).toBe(1);
  expect(
    (await run({ schemaVersion: 1, remotes: [unpinned] }, '--allowed-origin', origin, '--allow-unpinned')).code,
  ).toBe(0);
  const devConfig = join(dir, 'dev-config.json');
  writeFileSync(devConfig, JSON.stringify({ allowedRemoteOrigins: [origin], requireIntegrity: false }));
  expect((await run({ schemaVersion: 1, remotes: [unpinned] }, '--config', devConfig)).code).toBe(0);
  const prodConfig = join(dir, 'prod-config.json');
  writeFileSync(prodConfig, JSON.stringify({ allowedRemoteOrigins: [origin] }));
  expect((await run({ schemaVersion: 1, remotes: [unpinned] }, '--config', prodConfig, '--allow-unpinned')).code).toBe(
    1,
  );
});

test("a host config whose remote policy breaks the schema's rules is refused, naming the field, not read loosely", async () => {
  const { integrity: _pin, ...unpinned } = entry('referrals', 'current');
  const config = join(dir, 'loose-config.json');
  // A string "false" is not false: the host refuses this config, so the check must not read it as off.
  writeFileSync(config, JSON.stringify({ allowedRemoteOrigins: [`${origin}/path`], requireIntegrity: 'false' }));
  const result = await run({ schemaVersion: 1, remotes: [unpinned] }, '--config', config);
  expect(result.err).toContain('is not a valid runtime config');
  expect(result.err).toContain('"allowedRemoteOrigins.0" must be an origin only');
  expect(result.err).toContain('"requireIntegrity"');
  expect(result.code).toBe(1);
});

test('a file that is not JSON is reported, not thrown', async () => {
  const file = join(dir, 'broken.json');
  writeFileSync(file, '{ nope');
  const result = await command([file, '--host-build', hostBuild]);
  expect(result.err).toContain('could not be read as JSON');
  expect(result.code).toBe(1);
});

test('bad usage prints the usage and exits 2', async () => {
  const result = await command([]);
  expect(result.err).toContain('Usage: mfe-manifest-check');
  expect(result.code).toBe(2);
});

test('an entry whose script does not match its pinned integrity is refused with both hashes', async () => {
  const other = `sha384-${createHash('sha384').update('something else').digest('base64')}`;
  const { code, out } = await run(
    { schemaVersion: 1, remotes: [{ ...entry('referrals', 'current'), integrity: other }] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain(
    `✖ referrals: ${origin}/current/remoteEntry.js does not match its "integrity" (${PINNED} served, ${other} pinned)`,
  );
  expect(code).toBe(1);
});

test('a build whose entry does not pin every file it lists is refused, naming them; one whose entry pins them passes', async () => {
  const pinning = { ...entry('referrals', 'pinning'), integrity: hashOf(PINNING_ENTRY) };
  const passes = await run({ schemaVersion: 1, remotes: [pinning] }, '--allowed-origin', origin, '--reachable');
  expect(passes.out).toContain('✔ referrals (/referrals) is valid, reachable and compatible');
  expect(passes.code).toBe(0);

  const { code, out } = await run(
    { schemaVersion: 1, remotes: [entry('referrals', 'unpinned')] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain(
    '✖ referrals: its remoteEntry.js does not pin remote.js, remote.css, chunk.js: a browser would run those files whatever their bytes',
  );
  expect(code).toBe(1);
  // Hashes pasted into the entry's text pin nothing: its loader does not set them.
  const pasted = { ...entry('referrals', 'pasted'), integrity: hashOf(PASTED_ENTRY) };
  const refused = await run({ schemaVersion: 1, remotes: [pasted] }, '--allowed-origin', origin, '--reachable');
  expect(refused.out).toContain('✖ referrals: its remoteEntry.js does not pin remote.js, remote.css, chunk.js');
  expect(refused.code).toBe(1);
});

test('a check names its host: without --host or --host-build it says so and exits 2; a build folder without its description is refused', async () => {
  const file = join(dir, 'unnamed-host.json');
  writeFileSync(file, JSON.stringify({ schemaVersion: 1, remotes: [] }));
  const unnamed = await command([file]);
  expect(unnamed.err).toContain(
    'Say which host the manifest is for: --host <its URL>, or --host-build <its build folder>.',
  );
  expect(unnamed.code).toBe(2);
  const unbuilt = await command([file, '--host-build', join(dir, 'no-such-build')]);
  expect(unbuilt.err).toContain('host build description (build the host first?)');
  expect(unbuilt.code).toBe(1);
});

test('a build that records no integrity for its first files is refused, naming them, as every host would refuse it', async () => {
  const { code, out } = await run(
    { schemaVersion: 1, remotes: [entry('referrals', 'unrecorded')] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(out).toContain(
    '✖ referrals: its mf-manifest.json records no integrity for remote.js, remote.css, the first files of its modules, so every host refuses it',
  );
  expect(code).toBe(1);
});

test('an area whose build does not expose ./remote, or whose entry is an ES module, is refused, naming what a build must contain', async () => {
  const other = await run(
    { schemaVersion: 1, remotes: [{ ...entry('other', 'other-expose'), integrity: undefined }] },
    '--allowed-origin',
    origin,
    '--allow-unpinned',
    '--reachable',
  );
  expect(other.out).toContain(
    '✖ other: its build exposes ./other, not ./remote (its area, at the route the manifest gives it): a host has nothing of it to render (what a build must contain: docs/builds.md)',
  );
  expect(other.code).toBe(1);
  const esm = await run(
    { schemaVersion: 1, remotes: [{ ...entry('referrals', 'esm'), integrity: hashOf(ESM_ENTRY) }] },
    '--allowed-origin',
    origin,
    '--reachable',
  );
  expect(esm.out).toContain(
    '✖ referrals: its remoteEntry.js is an ES module (import/export): a host runs an entry as a classic script',
  );
  expect(esm.code).toBe(1);
});
