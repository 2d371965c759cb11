import type { Page } from 'playwright-core';
import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';
import { alterStylesheets } from '../src/altered-styles';

// Styles and assets of feature areas: scoped, loaded with their remote, pinned, allowed by the CSP.
const suite = setUpBrowserSuite(['--fixture', 'faulty']);

async function signedIn(path: string): Promise<Page> {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}${path}`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  return page;
}

const style = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const computed = getComputedStyle(element);
    return {
      className: element.className,
      color: computed.color,
      fontStyle: computed.fontStyle,
      borderBottomWidth: computed.borderBottomWidth,
    };
  });

test('two remotes style the same class name without touching each other or the host, with design tokens from the shell', async () => {
  const page = await signedIn('/referrals');
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.evaluate(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  await page.waitForSelector('[data-testid=referrals-overview]');
  const referrals = await style(page, '#referrals-title');
  expect(referrals.className).toMatch(/^referrals_title_[\w-]{5}$/);
  // --mfe-color-accent from the host's tokens
  expect(referrals).toMatchObject({ color: 'rgb(11, 110, 79)', borderBottomWidth: '3px', fontStyle: 'normal' });

  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  const account = await style(page, '#account-title');
  expect(account.className).toMatch(/^account_title_[\w-]{5}$/);
  expect(account).toMatchObject({ color: 'rgb(31, 58, 95)', fontStyle: 'italic', borderBottomWidth: '0px' });

  // Both stylesheets are on the page now; an element of the host with class "title" gets neither.
  const hostTitle = await page.evaluate(() => {
    const probe = document.createElement('h1');
    probe.className = 'title';
    document.querySelector('main')!.appendChild(probe);
    const computed = getComputedStyle(probe);
    return { color: computed.color, fontStyle: computed.fontStyle, borderBottomWidth: computed.borderBottomWidth };
  });
  expect(hostTitle).toEqual({ color: 'rgb(27, 31, 36)', fontStyle: 'normal', borderBottomWidth: '0px' });
  const stylesheets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => ({
      href: link.href,
      integrity: link.integrity,
    })),
  );
  const remoteSheets = stylesheets.filter((sheet) => !sheet.href.startsWith(suite.stack.hostUrl));
  // Each remote's own (account's area and its part in the header have one each).
  expect([...new Set(remoteSheets.map((sheet) => new URL(sheet.href).origin))].sort()).toEqual(
    [suite.stack.remoteUrls.account, suite.stack.remoteUrls.referrals].sort(),
  );
  for (const sheet of remoteSheets) expect(sheet.integrity).toMatch(/^sha384-/);
  expect(await page.$$('style')).toHaveLength(0); // nothing inline: the CSP has no 'unsafe-inline'
  expect(violations).toEqual([]);
});

test("a remote's stylesheet is in place before its content shows (no flash of unstyled content), and its image is a hashed file from its origin", async () => {
  const page = await suite.browser.context.newPage();
  // Record the heading's colour at the moment it is first added to the page.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const heading = document.getElementById('referrals-title');
      const w = window as unknown as { __firstColor?: string };
      if (heading && !w.__firstColor) w.__firstColor = getComputedStyle(heading).color;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.evaluate(() => (window as unknown as { __firstColor?: string }).__firstColor)).toBe(
    'rgb(11, 110, 79)',
  );
  const image = await page.$eval('[data-testid=referrals-illustration]', (img) => ({
    src: (img as HTMLImageElement).src,
    width: (img as HTMLImageElement).naturalWidth,
  }));
  expect(image.src).toMatch(new RegExp(`^${suite.stack.remoteUrls.referrals}/assets/invite\\.[0-9a-f]{8}\\.svg$`));
  expect(image.width).toBeGreaterThan(0);
});

test("a remote's stylesheet whose bytes were altered is refused, and the area says so instead of rendering unstyled", async () => {
  const page = await signedIn('/account');
  await page.waitForSelector('[data-testid=account-greeting]');
  // Every request for the area's stylesheets from here on, the idle prefetch included.
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    if (/\.css$/.test(request.url()) && request.url().startsWith(suite.stack.remoteUrls.referrals))
      asked.set(request.url(), (asked.get(request.url()) ?? 0) + 1);
  });
  // Its stylesheets altered on the way (a build that does not record their hashes is refused before
  // any is asked for: its own test); the entry's pins and the hints' integrity guard them.
  const stylesheets = await alterStylesheets(page, suite.stack.remoteUrls.referrals, suite.stack.hostUrl);
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]', { timeout: 10_000 });
  expect(await page.$eval('body', (body) => getComputedStyle(body).display)).not.toBe('none');
  // Each refused stylesheet asked for at most four times before the panel.
  expect(asked.size).toBeGreaterThan(0);
  expect(Math.max(...asked.values())).toBeLessThanOrEqual(4);
  // Healed, a person's Retry asks the network again past the cached bytes, and the area is styled.
  await page.unroute(stylesheets);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect((await style(page, '#referrals-title')).borderBottomWidth).toBe('3px');
});

test("a remote's global stylesheet that hides the header and colours the page applies only while its area is on screen", async () => {
  const page = await signedIn('/referrals');
  await page.waitForSelector('[data-testid=referrals-overview]');
  const shell = () =>
    page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('header')!).display,
      background: getComputedStyle(document.body).backgroundColor,
    }));
  const untouched = await shell();
  expect(untouched.header).not.toBe('none');

  // Client-side navigation into the area (no reload: its stylesheet stays in the page afterwards).
  await page.click('[data-testid=nav-faulty]');
  await page.waitForSelector('[data-testid=faulty-ok]');
  await page.evaluate(() => window.history.pushState({}, '', '/faulty/takeover'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await page.waitForSelector('[data-testid=faulty-takeover]');
  expect(await shell()).toEqual({ header: 'none', background: 'rgb(255, 0, 0)' });
  const takeoverSheets = () =>
    page.evaluate(
      (origin) =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')]
          .filter((link) => link.href.startsWith(origin))
          .map((link) => ({ href: link.href, disabled: link.sheet?.disabled ?? null })),
      suite.stack.remoteUrls.faulty!,
    );
  expect((await takeoverSheets()).length).toBeGreaterThan(0);

  // Leaving by the area's own link: the shell is back, usable, and the stylesheet is still in the page, switched off.
  await page.click('[data-testid=takeover-leave]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await shell()).toEqual(untouched);
  expect((await takeoverSheets()).every((sheet) => sheet.disabled === true)).toBe(true);
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await shell()).toEqual(untouched);

  // Back in the area (browser history), it looks as it did: its global and its scoped rules apply again.
  await page.goBack();
  await page.goBack();
  await page.waitForSelector('[data-testid=faulty-takeover]');
  expect(await shell()).toEqual({ header: 'none', background: 'rgb(255, 0, 0)' });
  expect(await page.$eval('[data-testid=faulty-takeover]', (element) => getComputedStyle(element).color)).toBe(
    'rgb(1, 2, 3)',
  );
  expect((await takeoverSheets()).every((sheet) => sheet.disabled === false)).toBe(true);
});
