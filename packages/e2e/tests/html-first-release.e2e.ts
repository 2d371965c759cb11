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
    } | null,
    skeleton: html.includes('data-testid="remote-loading"'),
  };
}

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
    data: { locale: 'en', remote: 'canary', entry: expect.stringMatching(/\/canary\/1\.0\.0\/mf-manifest\.json$/) },
    skeleton: false,
  });
  const firstManifest = await (await fetch(`${suite.stack.hostUrl}/remotes.json`)).text();

  await release('deploy', 'canary@1.1.0', '--env', 'development', '--actor', 'ci');
  expect(await canaryPage()).toEqual({
    release: '1.1.0',
    data: { locale: 'en', remote: 'canary', entry: expect.stringMatching(/\/canary\/1\.1\.0\/mf-manifest\.json$/) },
    skeleton: false,
  });
  // The browser hydrates that HTML with the same build.
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/canary`);
  await page.getByTestId('sign-in').waitFor();
  expect(await page.getByTestId('canary-release').textContent()).toBe('Release 1.1.0');
  // Skew: a page of 1.1.0 whose manifest names 1.0.0 (a rollback since the page was fetched): the
  // manifest's build is what runs, and nothing of the page's (two builds of one remote cannot share
  // a page: their container and chunk globals are one name).
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
