import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALICE, freePortBlock, launchBrowser, signInAtProvider, startStack } from './index';

// `pnpm screenshots`: every page of the product in every language of the development config, at a
// phone's and a desktop's width, signed in, for a reviewer to look at (.screenshots/<locale>/<width>/).
// It drives the same stack and Chromium as the browser tests.
const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const out = join(repoRoot, '.screenshots');
const WIDTHS = [375, 1280] as const;
const PAGES: ReadonlyArray<readonly [name: string, path: string, ready: string]> = [
  ['home', '/', '[data-testid=account-tile]'],
  ['referrals', '/referrals', '[data-testid=referrals-overview]'],
  ['referrals-invite', '/referrals/invite', '[data-testid=referrals-invite]'],
  ['account', '/account', '[data-testid=account-greeting]'],
  ['account-profile', '/account/profile', '[data-testid=profile-name]'],
  ['not-found', '/nowhere', '[data-testid=not-found]'],
];

const stack = await startStack(await freePortBlock());
const browser = await launchBrowser();
try {
  const { i18n } = (await (await fetch(`${stack.hostUrl}/config.json`)).json()) as { i18n: { locales: string[] } };
  rmSync(out, { recursive: true, force: true });
  const page = await browser.context.newPage();
  await page.goto(`${stack.hostUrl}/account`);
  await signInAtProvider(page, stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  let taken = 0;
  for (const locale of i18n.locales) {
    await page.evaluate((tag) => localStorage.setItem('mfe.locale', tag), locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      for (const [name, path, ready] of PAGES) {
        await page.goto(`${stack.hostUrl}${path}`);
        await page.waitForSelector(ready);
        await page.waitForFunction((tag) => document.documentElement.lang === tag, locale);
        await page.evaluate(() => document.fonts.ready);
        const folder = join(out, locale, String(width));
        mkdirSync(folder, { recursive: true });
        await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
        taken += 1;
      }
    }
  }
  console.log(
    `${taken} screenshots (${i18n.locales.join(', ')} × ${WIDTHS.join(' and ')} px × ${PAGES.length} pages) in ${out}`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
