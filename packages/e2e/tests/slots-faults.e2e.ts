import type { Page } from 'playwright-core';
import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';

// Parts of other teams in the shell's slots under faults: a home tile whose remote is down and back,
// one whose code is slow on a signed-in reload, the header's part failing, at every width and in
// every language. Production builds, the real provider, Chromium.
const suite = setUpBrowserSuite();
const REFERRALS_TILE = '[data-contribution="home.tiles referrals/invite-tile"]';
const HEADER_PART = '[data-slot="shell.header.end"] [data-contribution]';

async function signIn(page: Page): Promise<void> {
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.getByTestId('sign-in').click();
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=home-greeting]');
}

for (const who of ['signed out', 'signed in'] as const) {
  test(`Retry on a home tile whose remote was down asks again and shows it, keeping focus on it and saying so (${who})`, async () => {
    const page = await suite.browser.context.newPage();
    if (who === 'signed in') await signIn(page);
    const remote = `${suite.stack.remoteUrls.referrals}/**`;
    await page.route(remote, (route) => route.abort());
    await page.goto(`${suite.stack.hostUrl}/`);
    const tile = page.locator(REFERRALS_TILE);
    await tile.getByTestId('contribution-failed').waitFor({ timeout: 20_000 });
    expect(await tile.getByTestId('contribution-announcement').textContent()).toBe(
      'Refer a friend could not be shown. The rest of this page still works.',
    );
    await page.unroute(remote);
    await tile.getByRole('button', { name: 'Retry' }).click();
    await tile.getByTestId('referrals-tile').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-contribution'))).toBe(
      'home.tiles referrals/invite-tile',
    );
    expect(await tile.getByTestId('contribution-announcement').textContent()).toBe('Refer a friend is shown again.');
    await page.close();
  });
}

test("a signed-in reload keeps a public tile's HTML on screen in every frame until its code takes it over", async () => {
  const page = await suite.browser.context.newPage();
  await signIn(page);
  // Referrals' tile script arrives late, so the tile is still HTML when the session becomes known.
  await page.route(/__federation_expose_contributions__invite_tile\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  // Every animation frame from the first, whether the tile's own content is on screen (once it was).
  await page.addInitScript((selector) => {
    const seen = { frames: 0, withTile: 0, missing: 0 };
    (window as unknown as { __tileFrames: typeof seen }).__tileFrames = seen;
    const sample = () => {
      const text = document.querySelector(`${selector} [data-testid=referrals-tile]`)?.textContent ?? '';
      seen.frames += 1;
      if (text.includes('Friends who join with your code')) seen.withTile += 1;
      else if (seen.withTile > 0) seen.missing += 1;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, REFERRALS_TILE);
  await page.reload();
  await page.waitForSelector('[data-testid=home-greeting]');
  // Until well after its code arrived and it hydrated (its button answers).
  await page.locator(REFERRALS_TILE).locator('[data-testid=referrals-tile]').waitFor();
  await page.waitForTimeout(4_000);
  const frames = await page.evaluate(() => (window as unknown as { __tileFrames: object }).__tileFrames);
  expect(frames).toEqual({ frames: expect.any(Number), withTile: expect.any(Number), missing: 0 });
  expect((frames as { withTile: number }).withTile).toBeGreaterThan(30);
  await page.close();
});

for (const [width, locale, named] of [
  [1280, 'en', /in the header: not shown$/],
  [320, 'de', /in der Kopfzeile: nicht angezeigt$/],
  [320, 'ar', /في رأس الصفحة: لم يُعرض$/],
] as const) {
  test(`a failed part in the header is a compact control within its box that opens the notice, the header unchanged (${width} px, ${locale})`, async () => {
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await signIn(page);
    await page.getByRole('combobox', { name: /Language|Sprache|اللغة/ }).selectOption(locale);
    await page.locator(HEADER_PART).first().waitFor();
    const header = async () => (await page.locator('header.app-header').boundingBox())!;
    const working = await header();
    // Account's part fails: its remote does not answer.
    await page.route(`${suite.stack.remoteUrls.account}/**`, (route) => route.abort());
    await page.reload();
    const failed = page.locator(`${HEADER_PART} [data-testid=contribution-failed]`);
    await failed.waitFor({ timeout: 20_000 });
    const broken = await header();
    // The header does not grow (its part, failed, takes no more room than working).
    expect(broken.height - working.height).toBeLessThanOrEqual(2);
    const toggle = failed.locator('button[aria-expanded]');
    const box = (await toggle.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Named as the header's part (the manifest gives it no label), not "Part from Account".
    expect((await toggle.textContent())?.replace('⚠', '')).toMatch(named);
    await toggle.click();
    const details = failed.locator('.slot-failed-details');
    expect(await details.isVisible()).toBe(true);
    const open = (await details.boundingBox())!;
    expect(open.x).toBeGreaterThanOrEqual(0);
    expect(open.x + open.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await details.getByRole('button').count()).toBe(1);
    if (process.env.SHOTS) await page.screenshot({ path: `/tmp/header-${width}-${locale}-open.png` });
    await page.keyboard.press('Escape');
    expect(await details.isVisible()).toBe(false);
    await page.close();
  });
}
