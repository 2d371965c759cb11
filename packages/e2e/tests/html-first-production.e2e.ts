import { readdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import {
  launchBrowser,
  startNginxDeployment,
  type NginxDeployment,
  type TestBrowser,
  release as releaseIn,
  canaryBuild,
} from '../src';

// Prerendered pages in production: `mfe-release` renders an environment's pages at every change of its
// manifest (with the host build recorded by `init --host-build`) into the store's envs/<env>/pages/,
// and real nginx, configured by `server:config --pages-root`, serves them with the page headers,
// else the app's page. The canary fixture is one remote built as versions that say which they are
// (1.2.0 without a server build, 1.3.0 with one that throws).
let deployment: NginxDeployment;
let browser: TestBrowser;

beforeAll(async () => {
  deployment = await startNginxDeployment();
});
afterAll(async () => {
  await browser?.close();
  await deployment?.stop();
});

const release = (...args: string[]) => releaseIn(deployment.dir, ...args);

/** A path as nginx answers it: which release its HTML shows, whether it is the area's shell or the app's empty page. */
async function served(path: string) {
  const response = await fetch(`${deployment.hostUrl}${path}`);
  const html = await response.text();
  return {
    status: response.status,
    release: /data-testid="canary-release">Release <!-- -->([\d.]+)</.exec(html)?.[1] ?? null,
    shell: html.includes('data-testid="remote-loading"'),
    // The app's page holds only its boot placeholder (index.html, minified).
    appPage: /<p class="?boot"?[ >]/.test(html),
    csp: response.headers.get('content-security-policy'),
    cache: response.headers.get('cache-control'),
    etag: response.headers.get('etag'),
  };
}

/** The page nginx answers for these request headers: its language and direction, and whether it welcomes in German. */
async function inLanguage(path: string, headers: Record<string, string>) {
  const response = await fetch(`${deployment.hostUrl}${path}`, { headers });
  const html = await response.text();
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
    dir: /<html [^>]*dir="([^"]+)"/.exec(html)?.[1] ?? null,
    welcome: html.includes('Willkommen bei'),
    vary: response.headers.get('vary'),
  };
}

test("each release renders the environment's pages, nginx serves them with the page headers, and the browser hydrates the version the manifest names", async () => {
  await release(
    'init',
    '--public-url',
    deployment.remotesUrl,
    '--host',
    `production=${deployment.hostUrl}`,
    '--host-build',
    `production=${join(deployment.dir, 'host')}`,
  );
  for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0'])
    await release('publish', canaryBuild(version), '--actor', 'ci');
  // nginx serves the store's production manifest and pages from now on.
  renameSync(deployment.manifestFile, `${deployment.manifestFile}.before`);
  symlinkSync(join(deployment.dir, 'envs', 'production', 'manifest.json'), deployment.manifestFile);
  symlinkSync(join(deployment.dir, 'envs', 'production', 'pages'), deployment.pagesDir);

  const first = await release(
    'deploy',
    'canary@1.0.0',
    '--env',
    'production',
    '--path',
    '/canary',
    '--label',
    'Canary',
    '--public',
    '--actor',
    'ci',
  );
  expect(first).toMatch(/✔ production's prerendered pages: \d+ files/);
  const page = await served('/canary');
  expect(page).toMatchObject({
    status: 200,
    release: '1.0.0',
    shell: false,
    appPage: false,
    cache: 'no-cache',
    etag: null,
  });
  // The same header policy as the app's page.
  expect(page.csp).toBe((await served('/no-such-area')).csp);
  expect(page.csp).toMatch(/script-src 'self'/);
  // Deeper paths get the area's shell; a path under no area, the app's page; so does the silent sign-in's check.
  expect(await served('/canary/some/deeper/path')).toMatchObject({
    status: 200,
    release: null,
    shell: true,
    appPage: false,
  });
  expect(await served('/no-such-area')).toMatchObject({ status: 200, shell: false, appPage: true });
  expect((await served('/')).appPage).toBe(false);
  // Every listed language has its pages: nginx serves the language menu's cookie's, else the first
  // Accept-Language language's, else the default's.
  expect(await inLanguage('/', { 'Accept-Language': 'de-DE,de;q=0.9' })).toEqual({
    lang: 'de',
    dir: 'ltr',
    welcome: true,
    vary: expect.stringContaining('Cookie, Accept-Language'),
  });
  expect(await inLanguage('/canary/deeper', { 'Accept-Language': 'de', Cookie: 'mfe_locale=ar' })).toMatchObject({
    lang: 'ar',
    dir: 'rtl',
  });
  expect(await inLanguage('/', { 'Accept-Language': 'fr-FR,de;q=0.5', Cookie: 'mfe_locale=../../etc' })).toMatchObject({
    lang: 'en',
    welcome: false,
  });

  await release('deploy', 'canary@1.1.0', '--env', 'production', '--actor', 'ci');
  expect((await served('/canary')).release).toBe('1.1.0');
  browser = await launchBrowser();
  const tab = await browser.context.newPage();
  const messages: string[] = [];
  tab.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  tab.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await tab.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await tab.goto(`${deployment.hostUrl}/canary`);
  await tab.getByTestId('sign-in').waitFor();
  expect(await tab.getByTestId('canary-release').textContent()).toBe('Release 1.1.0');
  expect(messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message))).toEqual([]);
  expect(await tab.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);

  // A build without a server build: said at release time, and its paths get the shell.
  const said = await release('deploy', 'canary@1.2.0', '--env', 'production', '--actor', 'ci');
  expect(said).toContain('⚠ canary: is public but has no server build (server/server.json)');
  expect(await served('/canary')).toMatchObject({ release: null, shell: true });

  await release('rollback', '--env', 'production', '--actor', 'ci');
  expect((await served('/canary')).release).toBe('1.1.0');

  // A server build that throws while rendering: the release names each page that fell back and
  // why; the area's shell is served; nothing of the error reaches any page file or response.
  const threw = await release('deploy', 'canary@1.3.0', '--env', 'production', '--actor', 'ci');
  expect(threw).toMatch(
    /⚠ canary: the en page \/canary could not be rendered ahead of time \(it threw while rendering: canary 1\.3\.0 server-only failure \(private detail 5f1c\)\); the area's shell page is served instead/,
  );
  expect(threw).toMatch(/⚠ canary: the de page \/canary could not be rendered ahead of time/);
  expect(await served('/canary')).toMatchObject({ status: 200, release: null, shell: true });
  const pageFiles = readdirSync(join(deployment.dir, 'envs', 'production', 'pages'), {
    recursive: true,
    withFileTypes: true,
  }).filter((entry) => entry.isFile());
  expect(pageFiles.length).toBeGreaterThan(4);
  for (const file of pageFiles) {
    const html = readFileSync(join(file.parentPath, file.name), 'utf8');
    expect([file.name, html.includes('5f1c'), html.includes('data-msg'), html.includes('data-stck')]).toEqual([
      file.name,
      false,
      false,
      false,
    ]);
  }
  for (const path of ['/canary', '/canary/deeper', '/'])
    expect(
      await (await fetch(`${deployment.hostUrl}${path}`, { headers: { 'Accept-Language': 'de' } })).text(),
    ).not.toContain('5f1c');
  await release('rollback', '--env', 'production', '--actor', 'ci');
  expect((await served('/canary')).release).toBe('1.1.0');

  // Pages that cannot be rendered (here the host build lost its server build) are removed, not left
  // stale: every path gets the app's page, and `mfe-release pages` renders them again once fixed.
  const serverDir = join(deployment.dir, 'host', 'server');
  renameSync(serverDir, `${serverDir}.away`);
  try {
    expect(await release('pages', '--env', 'production')).toMatch(
      /⚠ production's pages could not be prerendered \(.+\); every page renders in the browser until they can/,
    );
    expect(await served('/canary')).toMatchObject({ release: null, shell: false, appPage: true });
  } finally {
    renameSync(`${serverDir}.away`, serverDir);
  }
  expect(await release('pages', '--env', 'production')).toMatch(/✔ production's prerendered pages/);
  expect((await served('/canary')).release).toBe('1.1.0');
}, 180_000);
