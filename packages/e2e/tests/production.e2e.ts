import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { firstScriptIn } from '../src/host-build';
import { EARLY_CLICKS_SOURCE, hostHeaders } from '@mfe/deploy';
import { validateRuntimeConfig } from '@mfe/manifest';
import {
  ALICE,
  BOB,
  launchBrowser,
  signInAtProvider,
  startNginxDeployment,
  type NginxDeployment,
  type TestBrowser,
  expectPolicyHeaders,
  release,
  runRelease,
} from '../src';

// The production path: builds published as a platform engineer would and served by real nginx
// with the config `pnpm server:config` writes.
const repoRoot = join(__dirname, '..', '..', '..');
let deployment: NginxDeployment;
let browser: TestBrowser;

beforeAll(async () => {
  deployment = await startNginxDeployment();
});
afterAll(async () => {
  await deployment?.stop();
});
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser?.close();
});

const parsedConfig = () => {
  const checked = validateRuntimeConfig(deployment.config);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  return checked.config;
};

async function headersOf(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const response = await fetch(url, init);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** Records CSP violations in the page, from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function signIn(
  page: Page,
  path = '/referrals',
  user: { username: string; password: string } = ALICE,
): Promise<void> {
  await page.goto(`${deployment.hostUrl}${path}`);
  await signInAtProvider(page, deployment.idpUrl, user);
  await page.waitForURL((url) => url.href.startsWith(`${deployment.hostUrl}${path}`));
}

/** Waits until `read()` satisfies `done`, or fails with the last value it read. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Gave up waiting; last value: ${JSON.stringify(value).slice(0, 2_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const collected = async (): Promise<Array<{ path: string; body: string }>> =>
  (await fetch(`${deployment.collectorUrl}/__collector/records`)).json() as Promise<
    Array<{ path: string; body: string }>
  >;

test('every kind of file is served with the headers of the shared policy', async () => {
  const config = parsedConfig();
  const host = deployment.hostUrl;
  const page = await headersOf(`${host}/`);
  expect(config.allowedRemoteOrigins).toContain(deployment.remotesUrl);
  expectPolicyHeaders((name) => page.headers[name.toLowerCase()], hostHeaders('page', { config }));
  expect(page.headers['content-security-policy']).not.toMatch(/unsafe-(inline|eval)/);
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['content-security-policy']).toContain(
    `script-src 'self' ${[EARLY_CLICKS_SOURCE, ...config.allowedRemoteOrigins, deployment.tagsUrl].join(' ')}`,
  );
  expect(page.headers['content-security-policy']).toContain(deployment.collectorUrl);

  const silent = await headersOf(`${host}/auth/silent-callback`);
  expect(silent.status).toBe(200);
  expect(silent.body).toMatch(/<script[^>]+src="?\/auth\/silent-callback\.[0-9a-f]{8}\.js/);
  expect(silent.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(silent.headers['x-frame-options']).toBe('SAMEORIGIN');

  const mainScript = firstScriptIn(page.body)!;
  const script = await headersOf(`${host}/${mainScript}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers['content-encoding']).toBe('gzip');
  expect(script.headers['x-content-type-options']).toBe('nosniff');
  expect(script.headers['content-security-policy']).toBeUndefined();
  // The shell's stylesheet under its content-hashed name, from the cache on a reload (scripts wait for it).
  const shellStylesheet = /href="?\/(host\.[0-9a-f]{8}\.css)/.exec(page.body)![1]!;
  expect((await headersOf(`${host}/${shellStylesheet}`)).headers['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  for (const runtime of ['/config.json', '/remotes.json', '/host.css'])
    expect((await headersOf(`${host}${runtime}`)).headers['cache-control']).toBe('no-cache');
  expect(JSON.parse((await headersOf(`${host}/config.json`)).body)).toEqual(deployment.config);
  // Hidden source maps exist beside the build but are never served; a missing file is not the app's page.
  expect(readdirSync(join(deployment.dir, 'host')).some((file) => file === `${mainScript}.map`)).toBe(true);
  expect((await headersOf(`${host}/${mainScript}.map`)).status).toBe(404);
  expect((await headersOf(`${host}/missing.0123abcd.js`)).status).toBe(404);

  const referrals = deployment.manifest.remotes.find((remote) => remote.name === 'referrals')!.entry;
  const remoteManifest = await headersOf(referrals, { headers: { Origin: host } });
  expect(remoteManifest.headers).toMatchObject({
    'cache-control': 'no-cache',
    'access-control-allow-origin': host,
    'x-content-type-options': 'nosniff',
  });
  expect(
    (await headersOf(referrals, { headers: { Origin: `http://evil.localhost:${deployment.basePort}` } })).headers[
      'access-control-allow-origin'
    ],
  ).toBeUndefined();
  const chunk = (JSON.parse(remoteManifest.body) as { exposes: Array<{ assets: { js: { sync: string[] } } }> })
    .exposes[0]!.assets.js.sync[0]!;
  const chunkUrl = new URL(chunk, referrals).href;
  expect((await headersOf(chunkUrl, { headers: { Origin: host } })).headers).toMatchObject({
    'cache-control': 'public, max-age=31536000, immutable',
    'access-control-allow-origin': host,
  });
  expect((await headersOf(`${chunkUrl}.map`)).status).toBe(404);
});

test("every error nginx answers itself carries the policy's headers and the platform's own page", async () => {
  const config = parsedConfig();
  const host = deployment.hostUrl;
  const expected = hostHeaders('error', { config });
  const raw = (path: string) =>
    // Paths fetch() would normalise or refuse are sent as written, over a plain socket.
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      const url = new URL(host);
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('end', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        resolve({
          status: Number(statusLine.split(' ')[1]),
          headers: Object.fromEntries(
            lines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          ),
          body,
        });
      });
    });
  const mainScript = firstScriptIn((await headersOf(`${host}/`)).body)!;
  const cases: Array<[string, number]> = [
    [`/${mainScript}.map`, 404],
    ['/missing.0123abcd.js', 404],
    ['/..%2f..%2fetc/passwd', 400],
    [`/${'a'.repeat(9_000)}`, 414],
  ];
  for (const [path, status] of cases) {
    const response = await raw(path);
    expect([path.slice(0, 40), response.status]).toEqual([path.slice(0, 40), status]);
    for (const name of [
      'X-Content-Type-Options',
      'Content-Security-Policy',
      'Referrer-Policy',
      'X-Frame-Options',
      'Cache-Control',
    ])
      expect([path.slice(0, 40), name, response.headers[name.toLowerCase()]]).toEqual([
        path.slice(0, 40),
        name,
        expected[name],
      ]);
    expect(response.body).toContain('This address is not available');
    expect(response.body).not.toMatch(/nginx/i);
  }
  // The remotes' server: a missing file is a 404 with the remote policy's headers, not nginx's page.
  const missing = await headersOf(`${deployment.remotesUrl}/referrals/0.0.0-missing/remoteEntry.js`, {
    headers: { Origin: host },
  });
  expect(missing.status).toBe(404);
  expect(missing.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'access-control-allow-origin': host,
  });
  expect(missing.body).not.toMatch(/nginx/i);
});

test("a file planted in a stored build is not served as a page from the remotes' origin, and what is served may run nothing by itself", async () => {
  const [version] = readdirSync(join(deployment.remotesDir, 'referrals'));
  const folder = join(deployment.remotesDir, 'referrals', version!);
  const planted = '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "ran"</script></svg>';
  writeFileSync(join(folder, 'planted.html'), '<script>document.title = "ran"</script>');
  writeFileSync(join(folder, 'planted.0123456789abcdef.html'), '<p>planted</p>');
  writeFileSync(join(folder, 'planted.svg'), planted);
  for (const chmod of ['planted.html', 'planted.0123456789abcdef.html', 'planted.svg'])
    chmodSync(join(folder, chmod), 0o644);
  const base = `${deployment.remotesUrl}/referrals/${version}`;
  for (const file of ['planted.html', 'planted.0123456789abcdef.html'])
    expect([file, (await fetch(`${base}/${file}`)).status]).toEqual([file, 404]);
  // An image kind a build may hold is served, under a policy that lets it run nothing.
  const svg = await fetch(`${base}/planted.svg`);
  expect(svg.status).toBe(200);
  expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  const page = await browser.context.newPage();
  await page.goto(`${base}/planted.svg`);
  expect(await page.evaluate(() => document.title)).not.toBe('ran');
  await page.close();
  // verify names each planted file; removing them is what it asks.
  const verified = await runRelease(deployment.dir, 'verify');
  expect(verified.code).toBe(1);
  for (const file of ['planted.html', 'planted.0123456789abcdef.html', 'planted.svg'])
    expect(verified.out).toContain(`remotes/referrals/${version}/${file}: added`);
  for (const file of ['planted.html', 'planted.0123456789abcdef.html', 'planted.svg']) rmSync(join(folder, file));
});

test('a version folder put in the store by hand, never published, is not served, and verify names each of its files', async () => {
  const planted = join(deployment.remotesDir, 'referrals', '9.9.9');
  mkdirSync(join(planted, 'static'), { recursive: true });
  writeFileSync(join(planted, 'remoteEntry.js'), 'document.title = "ran";');
  writeFileSync(join(planted, 'static', 'chunk.js'), 'document.title = "ran";');
  for (const path of [planted, join(planted, 'static')]) chmodSync(path, 0o755);
  for (const file of ['remoteEntry.js', 'static/chunk.js']) chmodSync(join(planted, file), 0o644);
  const served = await fetch(`${deployment.remotesUrl}/referrals/9.9.9/remoteEntry.js`, {
    headers: { Origin: deployment.hostUrl },
  });
  expect(served.status).toBe(404);
  expect(await served.text()).not.toContain('ran');
  // The published version beside it is served as before.
  const [published] = readdirSync(join(deployment.dir, 'builds', 'referrals')).map((file) =>
    file.replace(/\.json$/, ''),
  );
  expect((await fetch(`${deployment.remotesUrl}/referrals/${published}/remoteEntry.js`)).status).toBe(200);
  const verified = await runRelease(deployment.dir, 'verify');
  expect(verified.code).toBe(1);
  expect(verified.out).toContain('remotes/referrals/9.9.9/remoteEntry.js: no build record names it');
  expect(verified.out).toContain('remotes/referrals/9.9.9/static/chunk.js: no build record names it');
  expect(verified.out.trim().split('\n').at(-1)).toBe('  (RELEASE_STORE_ALTERED)');
  rmSync(planted, { recursive: true });
  expect(await release(deployment.dir, 'verify')).toMatch(/every file as published/);
});

test('odd paths fall back to the app, which starts and shows its not-found page', async () => {
  const page = await browser.context.newPage();
  for (const path of ['//x', '/%09', '/%E2%80%8B', '/referrals/../%E2%80%8B/deep']) {
    const response = await page.goto(`${deployment.hostUrl}${path}`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('[data-testid=not-found]');
    expect(await page.textContent('[data-testid=product-name]')).toBe('Acme Web');
  }
});

test('sign-in, both remotes, a reload restored through the silent sign-in page, and zero CSP violations, all through nginx', async () => {
  const page = await browser.context.newPage();
  const violations = await watchCsp(page);
  const silentPages: string[] = [];
  page.on('framenavigated', (frame) => frame.url().includes('/auth/silent-callback') && silentPages.push(frame.url()));
  await signIn(page);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  await page.reload();
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  expect(silentPages.length).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);
});

describe('deploy, promote, roll back', () => {
  const version = '9.9.9-next';
  let built: string;
  beforeAll(async () => {
    // A second version of the referrals remote, built as its pipeline would, published beside the first.
    built = mkdtempSync(join(tmpdir(), 'mfe-referrals-next-'));
    execFileSync(
      'pnpm',
      ['--filter', '@mfe/referrals', 'exec', 'webpack', '--mode', 'production', '--output-path', built],
      { cwd: repoRoot, env: { ...process.env, MF_BUILD_VERSION: version }, stdio: 'pipe' },
    );
    // Published as its pipeline would (`mfe-release publish`): the remotes' server serves only recorded builds.
    await release(deployment.dir, 'publish', built, '--actor', 'ci');
  }, 120_000);
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  /** Publishes a manifest as a platform engineer would: a whole new file, swapped in atomically. */
  function publishManifest(referralsVersion: string) {
    const integrity = (
      JSON.parse(
        readFileSync(join(deployment.remotesDir, 'referrals', referralsVersion, 'integrity.json'), 'utf8'),
      ) as Record<string, string>
    )['remoteEntry.js'];
    const manifest = {
      ...deployment.manifest,
      remotes: deployment.manifest.remotes.map((remote) =>
        remote.name === 'referrals'
          ? { ...remote, entry: `${deployment.remotesUrl}/referrals/${referralsVersion}/mf-manifest.json`, integrity }
          : remote,
      ),
    };
    writeFileSync(`${deployment.manifestFile}.next`, JSON.stringify(manifest));
    renameSync(`${deployment.manifestFile}.next`, deployment.manifestFile);
  }
  const shownVersion = (page: Page) => page.getAttribute('[data-remote=referrals]', 'data-remote-version');

  test('a new manifest takes effect on the next visit, a tab left open keeps working, and rolling back restores the old version', async () => {
    const original = deployment.manifest.remotes
      .find((remote) => remote.name === 'referrals')!
      .entry.split('/')
      .at(-2)!;
    try {
      const oldTab = await browser.context.newPage();
      await signIn(oldTab);
      await oldTab.waitForSelector('[data-testid=referrals-overview]');
      expect(await shownVersion(oldTab)).toBe(original);

      publishManifest(version);
      const next = await browser.context.newPage();
      await next.goto(`${deployment.hostUrl}/referrals`);
      await next.waitForSelector('[data-testid=referrals-overview]');
      expect(await shownVersion(next)).toBe(version);

      // The tab opened before the switch still works inside the remote it loaded.
      await oldTab.click('text=Invite someone');
      await oldTab.waitForSelector('[data-testid=referrals-invite]');
      expect(await shownVersion(oldTab)).toBe(original);

      publishManifest(original);
      await next.reload();
      await next.waitForSelector('[data-testid=referrals-overview]');
      expect(await shownVersion(next)).toBe(original);
    } finally {
      publishManifest(original);
    }
  });
});

describe('telemetry', () => {
  beforeEach(() => fetch(`${deployment.collectorUrl}/__collector/records`, { method: 'DELETE' }));

  test('nothing reaches the collector or the tag origin before consent; afterwards the tag loads once and waiting reports are sent', async () => {
    const page = await browser.context.newPage();
    const tagRequests: string[] = [];
    const collectorRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(deployment.tagsUrl)) tagRequests.push(request.url());
      if (request.url().startsWith(deployment.collectorUrl)) collectorRequests.push(request.url());
    });
    await signIn(page);
    await page.waitForSelector('[data-testid=referrals-overview]');
    await page.click('text=Invite someone');
    await page.waitForSelector('[data-testid=consent-banner]');
    await page.waitForTimeout(5_500); // past the collector's batch delay
    expect(tagRequests).toEqual([]);
    expect(collectorRequests).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __tagLoaded?: number }).__tagLoaded)).toBeUndefined();

    await page.click('[data-testid=consent-accept]');
    await page.waitForFunction(() => (window as unknown as { __tagLoaded?: number }).__tagLoaded === 1);
    expect(await page.$('[data-testid=consent-banner]')).toBeNull();
    await page.goto('about:blank'); // leaving the page flushes the batch
    await poll(
      async () => (await collected()).map((record) => record.body).join('\n'),
      (bodies) => bodies.includes('referrals.invite_opened'),
    );
    expect(tagRequests).toHaveLength(1);

    // The choice is remembered: the next visit shows no banner and loads the tag at once.
    const again = await browser.context.newPage();
    await again.goto(`${deployment.hostUrl}/`);
    await again.waitForFunction(() => (window as unknown as { __tagLoaded?: number }).__tagLoaded === 1);
    expect(await again.$('[data-testid=consent-banner]')).toBeNull();
  });

  test('declining sends nothing, ever, and loads no tag', async () => {
    const page = await browser.context.newPage();
    const outside: string[] = [];
    page.on(
      'request',
      (request) =>
        (request.url().startsWith(deployment.tagsUrl) || request.url().startsWith(deployment.collectorUrl)) &&
        outside.push(request.url()),
    );
    await signIn(page, '/faulty/report');
    await page.waitForSelector('[data-testid=faulty-reported]');
    await page.click('[data-testid=consent-decline]');
    await page.goto(`${deployment.hostUrl}/faulty/render-throw`);
    await page.waitForSelector('[role=alert]');
    await page.goto('about:blank');
    await page.waitForTimeout(500);
    expect(outside).toEqual([]);
    expect(await collected()).toEqual([]);
  });

  test("a remote's events and errors (reported, render, uncaught) arrive at the collector attributed to it, and scrubbed", async () => {
    const page = await browser.context.newPage();
    await signIn(page, '/faulty/report?code=planted-code&state=planted-state');
    await page.waitForSelector('[data-testid=faulty-reported]');
    await page.click('[data-testid=consent-accept]');
    await page.click('[data-testid=nav-referrals]');
    await page.goto(`${deployment.hostUrl}/faulty/render-throw`);
    await page.waitForSelector('[role=alert]');
    await page.goto(`${deployment.hostUrl}/faulty/async-throw`);
    await page.waitForSelector('[data-testid=faulty-async]');
    await page.waitForTimeout(300);
    await page.goto('about:blank');

    type Attributes = Record<string, string | number | boolean>;
    const logs = async (): Promise<Attributes[]> =>
      (await collected())
        .filter((record) => record.path === '/v1/logs')
        .flatMap((record) =>
          (
            JSON.parse(record.body) as {
              resourceLogs: Array<{
                scopeLogs: Array<{
                  logRecords: Array<{
                    attributes: Array<{ key: string; value: Record<string, string | number | boolean> }>;
                  }>;
                }>;
              }>;
            }
          ).resourceLogs.flatMap((resource) =>
            resource.scopeLogs.flatMap((scope) =>
              scope.logRecords.map((log) =>
                Object.fromEntries(log.attributes.map(({ key, value }) => [key, Object.values(value)[0]!])),
              ),
            ),
          ),
        );
    await poll(
      logs,
      (all) => all.filter((log) => log['mfe.remote.name'] === 'faulty' && log['mfe.kind'] === 'error').length >= 4,
    );
    const faulty = (await logs()).filter((log) => log['mfe.remote.name'] === 'faulty');
    const version = deployment.manifest.remotes
      .find((remote) => remote.name === 'faulty')!
      .entry.split('/')
      .at(-2);
    expect(faulty.map((log) => `${log['event.name']} ${log['mfe.remote.version']}`)).toEqual(
      faulty.map((log) => `${log['event.name']} ${version}`),
    );
    expect(faulty).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          'mfe.kind': 'event',
          'event.name': 'faulty.report_opened',
          'mfe.route': '/faulty/report',
          'mfe.attr.contact': '[email]',
          'mfe.attr.password': '[redacted]',
        }),
        expect.objectContaining({ 'mfe.kind': 'error', 'mfe.error.code': 'REMOTE_REPORTED', 'mfe.attr.step': 'save' }),
        expect.objectContaining({
          'mfe.kind': 'error',
          'mfe.error.code': 'REMOTE_RENDER_FAILED',
          'mfe.route': '/faulty/render-throw',
          'exception.message': 'The faulty fixture failed to render',
        }),
        expect.objectContaining({
          'mfe.kind': 'error',
          'mfe.error.code': 'UNCAUGHT_ERROR',
          'mfe.route': '/faulty/async-throw',
          'exception.message': expect.stringContaining('failed in a timer'),
        }),
        expect.objectContaining({
          'mfe.kind': 'error',
          'mfe.error.code': 'UNHANDLED_REJECTION',
          'mfe.route': '/faulty/async-throw',
          'exception.message': 'The faulty fixture rejected a promise',
        }),
      ]),
    );
    // The error-reporting SDK (loaded after consent) sent the same errors, tagged with the remote.
    const envelopes = await poll(
      async () =>
        (await collected()).filter((record) => record.path.startsWith('/api/1/envelope')).map((record) => record.body),
      (bodies) => bodies.some((body) => body.includes('The faulty fixture failed to render')),
    );
    expect(envelopes.find((body) => body.includes('The faulty fixture failed to render'))).toMatch(
      /"mfe\.remote\.name":"faulty".*"mfe\.error\.code":"REMOTE_RENDER_FAILED"|"mfe\.error\.code":"REMOTE_RENDER_FAILED".*"mfe\.remote\.name":"faulty"/s,
    );
    // Nothing planted in the page left it: no e-mail address, token, password, code or state.
    const everything = (await collected()).map((record) => record.body).join('\n');
    expect(everything).not.toMatch(
      /planted\.person@example\.com|eyJhbGciOiJSUzI1NiJ9\.|planted-password|planted-code|planted-state/,
    );
  });

  test("secrets in an error's name, message, stack, cause, a thrown object's keys, or across the length cut reach neither the collector nor the error-reporting envelopes", async () => {
    const page = await browser.context.newPage();
    await signIn(page, '/faulty');
    await page.waitForSelector('[data-testid=faulty-ok]');
    await page.click('[data-testid=consent-accept]');
    await page.goto(`${deployment.hostUrl}/faulty/leaks`);
    await page.waitForSelector('[data-testid=faulty-leaks]');
    await page.waitForTimeout(300);
    await page.goto(`${deployment.hostUrl}/faulty/leak-render`);
    await page.waitForSelector('[role=alert]');
    await page.goto('about:blank');

    const codesOf = (bodies: string[]) =>
      ['REMOTE_REPORTED', 'UNCAUGHT_ERROR', 'UNHANDLED_REJECTION', 'REMOTE_RENDER_FAILED'].filter((code) =>
        bodies.some((body) => body.includes(code) && body.includes('faulty')),
      );
    // Each error reached both the collector (OTLP logs) and the error-reporting SDK's envelopes, still naming the remote and its code.
    await poll(
      async () => (await collected()).filter((record) => record.path === '/v1/logs').map((record) => record.body),
      (bodies) => codesOf(bodies).length === 4,
    );
    await poll(
      async () =>
        (await collected()).filter((record) => record.path.startsWith('/api/1/envelope')).map((record) => record.body),
      (bodies) => codesOf(bodies).length === 4,
    );
    const everything = (await collected()).map((record) => record.body).join('\n');
    expect(everything).toContain('ProfileError([email], [redacted])');
    expect(everything).toContain('NonErrorObject');
    expect(everything).toContain("The leaky fixture's long message");
    // The planted JWT's header, payload and signature, the e-mail address, the bearer credential, the code/state pair and the object's secret-named values.
    expect(everything).not.toMatch(
      /eyJ|cGxhbnRlZC1zaWduYXR1cmU|planted\.person@example\.com|planted-bearer-credential|planted-code|planted-state|planted-password|planted-token/,
    );
  });
});

test('an unpinned manifest entry is refused in production, with a notice, and the other areas load', async () => {
  // The production config requires integrity (the default); the account entry is published without its hash.
  expect(parsedConfig().requireIntegrity).toBe(true);
  const manifest = {
    ...deployment.manifest,
    remotes: deployment.manifest.remotes.map((remote) =>
      remote.name === 'account' ? { ...remote, integrity: undefined } : remote,
    ),
  };
  const original = readFileSync(deployment.manifestFile, 'utf8');
  writeFileSync(deployment.manifestFile, JSON.stringify(manifest));
  try {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signIn(page);
    await page.waitForSelector('[data-testid=referrals-overview]');
    expect(await page.textContent('[data-testid=manifest-problems]')).toContain(
      'remotes[1] ("account"): has no "integrity": this host loads only pinned remotes',
    );
    expect(await page.$('[data-testid=nav-account]')).toBeNull();
    const accountFolder = deployment.manifest.remotes
      .find((remote) => remote.name === 'account')!
      .entry.replace(/mf-manifest\.json$/, '');
    expect(requested.filter((url) => url.startsWith(accountFolder))).toEqual([]);
  } finally {
    writeFileSync(deployment.manifestFile, original);
  }
});

test('a pinned remote whose build does not pin its first files is refused before any of its code runs, saying which, and the rest works', async () => {
  const page = await browser.context.newPage();
  const accountFolder = deployment.manifest.remotes
    .find((remote) => remote.name === 'account')!
    .entry.replace(/mf-manifest\.json$/, '');
  // The account build as a bundler that records no integrity for its files would describe it.
  // A request the page gives up on (the idle prefetch stops when a click starts the real one)
  // disposes its response under the handler; there is nothing left to answer then, so that is let go.
  // A live request left unanswered would time the test out, so a broken handler still fails it.
  await page.route(`${accountFolder}mf-manifest.json`, async (route) => {
    const unpinnedResponse = async () => {
      const response = await route.fetch();
      const { integrity: _dropped, ...unpinned } = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: unpinned });
    };
    await unpinnedResponse().catch((error: Error) => {
      if (!/disposed|closed|Route is already handled/i.test(error.message)) throw error;
    });
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signIn(page);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.click('[data-testid=nav-account]');
  const alert = await page.waitForSelector('main [role=alert]');
  expect(await alert.textContent()).toMatch(
    /The "Account" area was not loaded: its build does not pin __federation_expose_remote\.\w+\.js(, | and ).* with their integrity/,
  );
  // Its manifest was read (by the idle prefetch too, which stopped there); none of its code was fetched, let alone run.
  const ofAccount = requested.filter((url) => url.startsWith(accountFolder));
  expect(ofAccount).toContain(`${accountFolder}mf-manifest.json`);
  expect(ofAccount.filter((url) => !url.endsWith('/mf-manifest.json'))).toEqual([]);
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
});

test('diagnostics, for admins only, show each remote with its version, and a failing remote with its error code', async () => {
  // A manifest in which one remote points at a version that was never published (pinned, as production requires).
  const manifest = {
    ...deployment.manifest,
    remotes: [
      ...deployment.manifest.remotes.filter((remote) => remote.name !== 'account').map((remote) => ({ ...remote })),
      {
        name: 'account',
        entry: `${deployment.remotesUrl}/account/0.0.0-missing/mf-manifest.json`,
        path: '/account',
        label: 'Account',
        order: 20,
        integrity: `sha384-${'A'.repeat(64)}`,
      },
    ],
  };
  const original = readFileSync(deployment.manifestFile, 'utf8');
  writeFileSync(deployment.manifestFile, JSON.stringify(manifest));
  try {
    const page = await browser.context.newPage();
    await signIn(page);
    await page.waitForSelector('[data-testid=referrals-overview]');
    await page.click('[data-testid=nav-account]');
    await page.waitForSelector('[role=alert]');
    await page.click('[data-testid=nav-diagnostics]');
    const account = await page.textContent('[data-testid=diagnostics] tr[data-remote=account]');
    expect(account).toContain('failed');
    expect(account).toContain('REMOTE_LOAD_FAILED');
    const referrals = await page.textContent('[data-testid=diagnostics] tr[data-remote=referrals]');
    expect(referrals).toMatch(/loaded/);
    expect(
      await page.textContent('[data-testid=diagnostics] tr[data-remote=referrals] [data-testid=remote-version]'),
    ).toBe(
      deployment.manifest.remotes
        .find((remote) => remote.name === 'referrals')!
        .entry.split('/')
        .at(-2),
    );
    expect(await page.textContent('[data-testid=diagnostics-shared] tr[data-shared=react]')).toMatch(
      /19\.\d+\.\d+.*host/,
    );

    const memberBrowser = await launchBrowser();
    try {
      const member = await memberBrowser.context.newPage();
      await member.goto(`${deployment.hostUrl}/diagnostics`);
      await member.waitForSelector('[data-testid=diagnostics-refused]');
      await signIn(member, '/referrals', BOB);
      await member.waitForSelector('[data-testid=referrals-overview]');
      expect(await member.$('[data-testid=nav-diagnostics]')).toBeNull();
      await member.goto(`${deployment.hostUrl}/diagnostics`);
      await member.waitForSelector('[data-testid=diagnostics-refused]');
      expect(await member.$('[data-testid=diagnostics]')).toBeNull();
    } finally {
      await memberBrowser.close();
    }
  } finally {
    writeFileSync(deployment.manifestFile, original);
  }
});
