import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setUpBrowserSuite, release as releaseIn, canaryBuild } from '../src';

// Prerendered pages stay true to what is released: the stack releases through a store (as `pnpm
// start` does) and renders its pages again for every manifest revision, so a public area's HTML
// is always of the build its script loads; a build without a server build is said at release time
// and its pages render in the browser.
const store = mkdtempSync(join(tmpdir(), 'mfe-html-store-'));
const suite = setUpBrowserSuite(['--release-store', store]);

const release = (...args: string[]) => releaseIn(store, ...args);

/** The canary area's page as the host serves it: what its HTML shows and which build its data names. */
async function canaryPage() {
  const html = await (await fetch(`${suite.stack.hostUrl}/canary`)).text();
  return {
    release: /data-testid="canary-release">Release <!-- -->([\d.]+)</.exec(html)?.[1] ?? null,
    data: JSON.parse(/<script type="application\/json" id="mfe-page">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
      remote?: string;
      entry?: string;
      build?: { integrity?: string };
    } | null,
    skeleton: html.includes('data-testid="remote-loading"'),
  };
}

/** The area's build as a page names it (issue 79): its manifest entry, pinned, and the manifest it came from. */
const named = {
  build: {
    path: '/canary',
    label: 'Canary',
    integrity: expect.stringMatching(/^sha384-/),
    timeoutMs: expect.any(Number),
  },
  manifest: '/remotes.json',
};

test('each revision serves HTML of the version it deploys, and a build without a server build renders in the browser, said at release time', async () => {
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) await release('publish', canaryBuild(version), '--actor', 'ci');
  await release(
    'deploy',
    'canary@1.0.0',
    '--env',
    'development',
    '--path',
    '/canary',
    '--label',
    'Canary',
    '--public',
    '--actor',
    'ci',
  );
  expect(await canaryPage()).toEqual({
    release: '1.0.0',
    data: {
      locale: 'en',
      remote: 'canary',
      entry: expect.stringMatching(/\/canary\/1\.0\.0\/mf-manifest\.json$/),
      ...named,
    },
    skeleton: false,
  });
  const firstPin = (await canaryPage()).data?.build?.integrity;
  const firstManifest = await (await fetch(`${suite.stack.hostUrl}/remotes.json`)).text();

  await release('deploy', 'canary@1.1.0', '--env', 'development', '--actor', 'ci');
  expect(await canaryPage()).toEqual({
    release: '1.1.0',
    data: {
      locale: 'en',
      remote: 'canary',
      entry: expect.stringMatching(/\/canary\/1\.1\.0\/mf-manifest\.json$/),
      ...named,
    },
    skeleton: false,
  });
  // The build the page names for its first script is the revision's, pinned to its own bytes.
  expect((await canaryPage()).data?.build?.integrity).not.toBe(firstPin);
  // The browser hydrates that HTML with the same build.
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/canary`);
  await page.getByTestId('sign-in').waitFor();
  expect(await page.getByTestId('canary-release').textContent()).toBe('Release 1.1.0');
  // Skew: a page that names 1.1.0 while the manifest it reads names 1.0.0 (a rollback since the
  // page was fetched). The page's build, read and checked first, is dropped; the manifest's is what runs.
  const skewed = await suite.browser.context.newPage();
  await skewed.route(/\/remotes\.json(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: firstManifest }),
  );
  await skewed.goto(`${suite.stack.hostUrl}/canary`);
  await skewed.getByTestId('sign-in').waitFor();
  await skewed.waitForFunction(
    () => document.querySelector('[data-testid=canary-release]')?.textContent === 'Release 1.0.0',
  );
  expect(await skewed.locator('[data-testid=remote-error]').count()).toBe(0);
  await skewed.close();

  const said = await release('deploy', 'canary@1.2.0', '--env', 'development', '--actor', 'ci');
  expect(said).toContain('⚠ canary: is public but has no server build (server/server.json)');
  expect(await canaryPage()).toEqual({ release: null, data: { locale: 'en' }, skeleton: true });

  // Back to a build with one: its HTML again.
  await release('rollback', '--env', 'development', '--actor', 'ci');
  expect((await canaryPage()).release).toBe('1.1.0');

  // A server build that throws: the area's shell page, with nothing of the error in it; the browser renders the area.
  await release('publish', canaryBuild('1.3.0'), '--actor', 'ci');
  await release('deploy', 'canary@1.3.0', '--env', 'development', '--actor', 'ci');
  for (const path of ['/canary', '/canary/deeper', '/']) {
    const html = await (await fetch(`${suite.stack.hostUrl}${path}`)).text();
    expect([path, html.includes('5f1c'), html.includes('data-msg'), html.includes('data-stck')]).toEqual([
      path,
      false,
      false,
      false,
    ]);
  }
  expect(await canaryPage()).toMatchObject({ release: null, skeleton: true });
  const fresh = await suite.browser.context.newPage();
  await fresh.goto(`${suite.stack.hostUrl}/canary`);
  expect(await fresh.getByTestId('canary-release').textContent()).toBe('Release 1.3.0');
}, 120_000);
