import type { Page } from 'playwright-core';
import { ALICE, axeViolations, idpControl, setUpBrowserSuite, signInAtProvider } from '../src';

// axe-core (WCAG 2.0–2.2 A/AA, target size included, and its best practices) reports nothing in
// any state a user can meet: signed out and in, every area and nested page, loading, failed, not
// found, session expired, sign-in errors, diagnostics, the dev provider's pages, on a desktop and
// on a phone. Short-lived tokens let the expiry happen within the test.
const suite = setUpBrowserSuite(['--access-token-ttl', '8']);

/** Violations by state; the test prints every state's at once. */
type Report = Record<string, string[]>;

async function check(report: Report, state: string, page: Page): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) report[state] = violations;
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 320, height: 640 },
];

test.each(WIDTHS)('signed out and the dev provider, at $width px: no violations', async (viewport) => {
  const report: Report = {};
  const page = await suite.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=nav-referrals]');
  await check(report, 'home, signed out, consent banner', page);
  await page.goto(`${suite.stack.hostUrl}/nowhere`);
  await page.waitForSelector('[data-testid=not-found]');
  await check(report, 'not found', page);
  await page.goto(`${suite.stack.hostUrl}/diagnostics`);
  await page.waitForSelector('[data-testid=diagnostics]');
  await check(report, 'diagnostics, signed out', page);
  // A sign-in the provider refused (the callback with an error).
  await page.goto(`${suite.stack.hostUrl}/auth/callback?error=access_denied&state=unknown`);
  await page.waitForSelector('h1');
  await check(report, 'sign-in error page', page);
  // The dev provider's sign-in page, and its wrong-password state.
  await page.goto(`${suite.stack.hostUrl}/account`);
  await page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`));
  await page.waitForSelector('#username');
  await check(report, 'dev provider: sign in', page);
  await page.fill('#username', ALICE.username);
  await page.fill('#password', 'wrong');
  await page.click('button[type=submit]:has-text("Sign in")');
  await page.waitForSelector('.error[role=alert]');
  await check(report, 'dev provider: wrong password', page);
  await page.close();
  expect(report).toEqual({});
});

test.each(WIDTHS)(
  'signed in, every area and nested page, diagnostics, loading and failure, at $width px: no violations',
  async (viewport) => {
    const report: Report = {};
    const page = await suite.browser.context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForSelector('[data-testid=referrals-overview]');
    await check(report, '/referrals', page);
    const pages: Array<[string, string]> = [
      ['/', '[data-testid=nav-referrals]'],
      ['/referrals/invite', '[data-testid=referrals-invite]'],
      ['/referrals/nowhere', 'text=This referrals page does not exist.'],
      ['/account', '[data-testid=account-greeting]'],
      ['/account/profile', '[data-testid=profile-name]'],
      ['/diagnostics', '[data-testid=diagnostics]'],
      ['/nowhere', '[data-testid=not-found]'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${suite.stack.hostUrl}${path}`);
      await page.waitForSelector(ready);
      await check(report, path, page);
    }
    // Loading: every file of the account remote is held. (Its parts on the home page have loaded
    // it already; the area's own module is what the visit waits for.)
    const accountFiles = `${suite.stack.remoteUrls.account}/**`;
    await page.goto(`${suite.stack.hostUrl}/`);
    await page.waitForSelector('[data-testid=nav-account]');
    await page.waitForLoadState('networkidle');
    const held: Array<() => void> = [];
    await page.route(accountFiles, (route) =>
      new Promise<void>((resolve) => held.push(resolve)).then(() => route.continue()),
    );
    await page.click('[data-testid=nav-account]');
    await page.waitForSelector('[data-testid=remote-loading]');
    await check(report, 'area loading', page);
    for (const release of held) release();
    await page.waitForSelector('[data-testid=account-greeting]');
    await page.unroute(accountFiles);
    // Failure: the referrals remote's server is gone.
    await page.route(`${suite.stack.remoteUrls.referrals}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.waitForSelector('[data-testid=remote-error]', { timeout: 15_000 });
    await check(report, 'area failed (error panel)', page);
    await page.unroute(`${suite.stack.remoteUrls.referrals}/**`);
    await page.close();
    expect(report).toEqual({});
  },
);

test('the session-expired notice over an area: no violations', async () => {
  const report: Report = {};
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=profile-name]');
  await idpControl(suite.stack.idpUrl).revoke('u-alice');
  await page.waitForSelector('[data-testid=session-expired]', { timeout: 20_000 });
  await check(report, 'session expired', page);
  await page.close();
  expect(report).toEqual({});
});

// WCAG 1.4.12: what a reader's own style sheet may set, which must lose no content or function.
const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** Adds a reader's own style sheet (a constructed sheet: the page's CSP allows no inline style). */
const addReaderSheet = (page: Page, css: string) =>
  page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);

/**
 * What the page loses: sideways scrolling, and text cut off (a box that hides what overflows it, with
 * more content than room). Text kept for screen readers only is not lost: the shell's
 * `visually-hidden`, or a remote's own such class (scoped, so known by its shape: a 1 px box).
 */
const whatIsLost = (page: Page) =>
  page.evaluate(() => ({
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    clipped: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (element) =>
          element.offsetParent !== null &&
          !element.classList.contains('visually-hidden') &&
          !(element.getBoundingClientRect().width <= 1 && element.getBoundingClientRect().height <= 1) &&
          !element.closest('.table-scroll'),
      )
      .filter(
        (element) =>
          ['hidden', 'clip'].includes(getComputedStyle(element).overflowX) ||
          ['hidden', 'clip'].includes(getComputedStyle(element).overflowY),
      )
      .filter(
        (element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.outerHTML.slice(0, 80)),
  }));

test('in forced colours (Windows high contrast) with reduced motion, and with text spacing overridden at 320 px: no violations, focus stays visible, nothing is cut off', async () => {
  const report: Report = {};
  const page = await suite.browser.context.newPage();
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await check(report, 'forced colours: /referrals', page);
  // Every control shows where the keyboard is: a focused link, button and select keep an outline.
  await page.keyboard.press('Tab'); // the keyboard is in use (focus rings show for it)
  for (const selector of ['[data-testid=nav-account]', '[data-testid=language-menu]', 'main button']) {
    await page.focus(selector);
    const outline = await page.evaluate((target) => {
      const style = getComputedStyle(document.querySelector(target)!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    }, selector);
    expect([selector, outline.style !== 'none' && outline.width > 0]).toEqual([selector, true]);
  }
  for (const [path, ready] of [
    ['/', '[data-testid=home-greeting]'],
    ['/account', '[data-testid=account-greeting]'],
    ['/referrals/invite', '[data-testid=referrals-invite]'],
  ] as const) {
    await page.goto(`${suite.stack.hostUrl}${path}`);
    await page.waitForSelector(ready);
    await check(report, `forced colours: ${path}`, page);
  }

  await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, ready] of [
    ['/', '[data-testid=home-greeting]'],
    ['/referrals', '[data-testid=referrals-overview]'],
    ['/account', '[data-testid=account-greeting]'],
  ] as const) {
    await page.goto(`${suite.stack.hostUrl}${path}`);
    await page.waitForSelector(ready);
    await addReaderSheet(page, TEXT_SPACING);
    expect([path, await whatIsLost(page)]).toEqual([path, { sideways: 0, clipped: [] }]);
    await check(report, `text spacing at 320 px: ${path}`, page);
  }
  await page.close();
  expect(report).toEqual({});
});

// WCAG 1.4.4: text at 200 % loses no content or function. As a reader's browser does when its text
// size is doubled: the root font size (every size here is in rem), at a desktop and a half width.
test('with text at 200 %, at 1280 and 640 px: text really doubles, nothing is cut off or scrolls sideways, and every header control stays on screen', async () => {
  const report: Report = {};
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  for (const width of [1280, 640]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, ready] of [
      ['/', '[data-testid=home-greeting]'],
      ['/referrals', '[data-testid=referrals-overview]'],
      ['/referrals/invite', '[data-testid=referrals-invite]'],
      ['/account', '[data-testid=account-greeting]'],
      ['/nowhere', 'main h1'],
    ] as const) {
      await page.goto(`${suite.stack.hostUrl}${path}`);
      await page.waitForSelector(ready);
      const size = () =>
        page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main h1, main p')!).fontSize));
      const before = await size();
      await addReaderSheet(page, 'html { font-size: 200% !important; }');
      expect([path, Math.round(((await size()) / before) * 10) / 10]).toEqual([path, 2]);
      expect([width, path, await whatIsLost(page)]).toEqual([width, path, { sideways: 0, clipped: [] }]);
      const offScreen = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('header a, header button, header select')]
          .filter((control) => control.offsetParent !== null)
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
          })
          .map((control) => control.outerHTML.slice(0, 80)),
      );
      expect([width, path, offScreen]).toEqual([width, path, []]);
      await check(report, `text at 200 %, ${width} px: ${path}`, page);
    }
  }
  await page.close();
  expect(report).toEqual({});
});
