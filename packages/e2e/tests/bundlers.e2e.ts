import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALICE, OTHER_ENGINES, setUpBrowserSuite, signInAtProvider, type EnginePage } from '../src';
import { BUILT_WITH } from '../src/built-with';

/** The accent the area's headings take from its own stylesheets (CSS Modules on the shell's tokens). */
const ACCENT = 'rgb(11, 110, 79)';

// A team's area built with another bundler: the repository's own referrals area, its sources built by
// a fixture with Rspack through the preset (`bundler: 'rspack'`) and with Rsbuild through the preset's
// Rsbuild plugin, served in place of its webpack build. The host must see the same area each time:
// prerendered, hydrated, its tile, the contract's services, every file pinned, and Retry after a failure.
describe.each(Object.entries(BUILT_WITH))('an area built with %s', (bundler, DIST) => {
  const suite = setUpBrowserSuite(['--public', 'referrals', '--remote-dist', `referrals=${DIST}`]);

  test(`the area served is the ${bundler} build, its entry pinned by the manifest as built`, async () => {
    const manifest = (await (await fetch(`${suite.stack.hostUrl}/remotes.json`)).json()) as {
      remotes: Array<{ name: string; entry: string; integrity?: string }>;
    };
    const referrals = manifest.remotes.find((remote) => remote.name === 'referrals')!;
    const built = JSON.parse(readFileSync(join(DIST, 'integrity.json'), 'utf8')) as Record<string, string>;
    expect(referrals.integrity).toBe(built['remoteEntry.js']);
    // Rspack's own integrity plugin (Rsbuild's too) wrote every chunk's and stylesheet's hash into the entry.
    const entry = await (await fetch(new URL('remoteEntry.js', referrals.entry))).text();
    expect(entry).toMatch(/sriHashes/);
    expect(entry).toMatch(/sriExtractCssHashes/);
  });

  test('its public page is prerendered from its server build, hydrates as it is, and its button works', async () => {
    const html = await (await fetch(`${suite.stack.hostUrl}/referrals`)).text();
    expect(html).toContain('data-testid="referrals-overview"');
    expect(html).toContain('Invite someone');
    const page = await suite.browser.context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.getByTestId('sign-in').waitFor(); // hydrated
    await page.getByRole('button', { name: 'Invite someone' }).click();
    await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
    await page.getByTestId('referrals-invite').waitFor();
    expect(messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message))).toEqual([]);
  });

  test("its tile is in the home page's HTML, styled by its own stylesheet, and opens the area", async () => {
    const html = await (await fetch(`${suite.stack.hostUrl}/`)).text();
    expect(html).toMatch(/data-contribution="home.tiles referrals\/invite-tile"[^>]*data-state="ready"/);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.stack.hostUrl}/`);
    await page.getByTestId('sign-in').waitFor();
    const tile = page.getByTestId('referrals-tile');
    expect(await tile.getByRole('heading').evaluate((element) => getComputedStyle(element).color)).toBe(ACCENT);
    await tile.getByRole('link', { name: 'Invite someone' }).click();
    await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  });

  test("signed in, the area reads the contract's services: the person's name", async () => {
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.getByTestId('sign-in').click();
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid=referrals-overview]')?.textContent?.includes(name),
      ALICE.name,
    );
  });

  // Each bundler's runtime loads chunks with their pins its own way: in the other engines too (the
  // invite page is a chunk of its own, loaded by that runtime when the button is clicked).
  test.each(OTHER_ENGINES)(
    'in %s, its prerendered page hydrates with its own styles and its button works',
    async (_engine, launch) => {
      const page: EnginePage & { readonly pageErrors?: string[] } = await launch();
      try {
        await page.goto(`${suite.stack.hostUrl}/referrals`);
        await page.waitFor('[data-testid=sign-in]', 30_000); // hydrated
        // The area's title takes its color from the area's own stylesheet.
        expect(
          await page.evaluate<string>("return getComputedStyle(document.getElementById('referrals-title')).color"),
        ).toBe(ACCENT);
        await page.click('section[aria-labelledby=referrals-title] button');
        await page.waitForUrl((url) => url === `${suite.stack.hostUrl}/referrals/invite`, 30_000);
        await page.waitFor('[data-testid=referrals-invite]', 30_000);
        expect(page.pageErrors ?? []).toEqual([]);
      } finally {
        await page.close();
      }
    },
    120_000,
  );

  test.each([
    ['a chunk', 'js', 'text/javascript', 'window.__tampered = true;'],
    ['a stylesheet', 'css', 'text/css', 'html { --tampered: 1; }'],
  ])(
    '%s of the build altered in transit is refused before it applies, and Retry loads the genuine one',
    async (_what, extension, contentType, prefix) => {
      const page = await suite.browser.context.newPage();
      let altered = true;
      await page.route(
        `${suite.stack.remoteUrls.referrals}/__federation_expose_remote.*.${extension}`,
        async (route) => {
          if (!altered) return route.continue();
          const original = await (await route.fetch()).text();
          await route.fulfill({
            status: 200,
            contentType,
            headers: { 'access-control-allow-origin': '*' },
            body: `${prefix}\n${original}`,
          });
        },
      );
      const tampered = () =>
        (window as unknown as { __tampered?: boolean }).__tampered === true ||
        getComputedStyle(document.documentElement).getPropertyValue('--tampered') !== '';
      await page.goto(`${suite.stack.hostUrl}/`);
      await page.getByTestId('sign-in').waitFor();
      await page.click('[data-testid=nav-referrals]');
      const failed = page.locator('[data-testid=remote-error][data-remote=referrals]');
      await failed.waitFor({ timeout: 10_000 });
      expect(await page.evaluate(tampered)).toBe(false);
      altered = false;
      await failed.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('referrals-overview').waitFor();
      expect(await page.evaluate(tampered)).toBe(false);
    },
  );
});
