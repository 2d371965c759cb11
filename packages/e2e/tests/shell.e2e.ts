import type { Page } from 'playwright-core';
import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';

// The shell on a phone and with a keyboard alone.
const suite = setUpBrowserSuite();

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('no page scrolls sideways from 320 to 1440 px wide, signed in, with tables scrolling in their own box', async () => {
  const page = await suite.browser.context.newPage();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  const pages: Array<[string, string]> = [
    ['/', '[data-testid=nav-referrals]'],
    ['/referrals', '[data-testid=referrals-overview]'],
    ['/referrals/invite', '[data-testid=referrals-invite]'],
    ['/account', '[data-testid=account-greeting]'],
    ['/diagnostics', '[data-testid=diagnostics]'],
    ['/nowhere', '[data-testid=not-found]'],
  ];
  for (const width of [320, 375, 768, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, ready] of pages) {
      await page.goto(`${suite.stack.hostUrl}${path}`);
      await page.waitForSelector(ready);
      expect(`${path} at ${width}px: ${await sideways(page)}`).toBe(`${path} at ${width}px: 0`);
    }
  }
});

test('with a keyboard alone: the first Tab offers a skip link to the content, and navigating moves focus to the new page', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  // An ordinary load (back from the provider, focus is on the content: the keyboard journey below).
  await page.reload();
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

  await page.focus('[data-testid=nav-account]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await page.waitForFunction(() => document.title === 'Claims · Account · Acme Web');
});

test("a signed-in reload shows the shell and the area's skeleton while the session is restored, and nothing moves when the area mounts", async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  // Alone in the browser (no other tab to take the session from), the restore is a round trip to
  // the provider: hold it for 2 s to see what the user sees meanwhile.
  for (const other of suite.browser.context.pages()) if (other !== page) await other.close();
  await page.route(
    (url) => url.href.startsWith(`${suite.stack.idpUrl}/auth`),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    },
  );
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('[data-testid=remote-loading] h1:has-text("Account")', { timeout: 1_500 });
  expect(await page.isVisible('[data-testid=nav-referrals]')).toBe(true);
  expect(await page.textContent('[data-testid=remote-loading] [role=status]')).toBe('Loading Account…');
  expect(await page.$('[data-testid=account-greeting]')).toBeNull();
  expect(await page.$('[data-testid=sign-in]')).toBeNull(); // no "Sign in" flash while restoring
  await page.waitForSelector('[data-testid=account-greeting]', { timeout: 10_000 });
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  console.log(`Cumulative layout shift, signed-in reload of /account: ${shift.toFixed(4)}`);
  expect(shift).toBeLessThanOrEqual(0.01);
  await page.unroute((url) => url.href.startsWith(`${suite.stack.idpUrl}/auth`));
});

test("an area's own links lead from its root on every nested page, and mark the page on screen", async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('h2:has-text("Profile")');
  const links = () =>
    page.$$eval('nav[aria-label="Account sections"] a', (anchors) =>
      anchors.map((a) => `${a.textContent} ${a.getAttribute('href')} ${a.getAttribute('aria-current') ?? '-'}`),
    );
  expect(await links()).toEqual(['Claims /account -', 'Profile /account/profile page']);
  await page.click('nav[aria-label="Account sections"] >> text=Claims');
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(new URL(page.url()).pathname).toBe('/account');
  expect(await links()).toEqual(['Claims /account page', 'Profile /account/profile -']);
  // A page deeper than any of the area's: its not-found, with the same links (the section it is under marked, as NavLink does).
  await page.goto(`${suite.stack.hostUrl}/account/profile/deeper/still`);
  await page.waitForSelector('text=This account page does not exist.');
  expect(await links()).toEqual(['Claims /account -', 'Profile /account/profile page']);
  await page.waitForFunction(() => document.title === 'Page not found · Account · Acme Web');
  await page.click('nav[aria-label="Account sections"] >> text=Profile');
  await page.waitForSelector('h2:has-text("Profile")');
  expect(new URL(page.url()).pathname).toBe('/account/profile');
  // From the referrals invite page, back to the area's root.
  await page.goto(`${suite.stack.hostUrl}/referrals/invite`);
  await page.waitForSelector('[data-testid=referrals-invite]');
  await page.click('text=Back to referrals');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(new URL(page.url()).pathname).toBe('/referrals');
});

/** Presses Tab until the focused element's accessible text is `text` (as a keyboard user would), failing after `max` presses. */
async function tabTo(page: Page, text: string, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
      return (
        element?.getAttribute('aria-label') ??
        element?.labels?.[0]?.innerText ??
        element?.innerText ??
        ''
      ).trim();
    });
    if (focused === text) return;
  }
  throw new Error(`"${text}" was not reached with ${max} presses of Tab.`);
}

test('the main journey with a keyboard alone: sign in, open an area, use it, move to another, sign out; after each trip to the provider focus is on the content and the change is said', async () => {
  const page = await suite.browser.context.newPage();
  for (const other of suite.browser.context.pages()) if (other !== page) await other.close();
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=sign-in]');
  await tabTo(page, 'Sign in');
  await page.keyboard.press('Enter');
  // The provider's form: the username field has focus.
  await page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`));
  await page.waitForSelector('#username:focus');
  await page.keyboard.type(ALICE.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ALICE.password);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=home-greeting]');
  // Back from the provider: focus is on the page's content, not the body, and the change is said.
  await page
    .getByTestId('auth-announcement')
    .getByText(/^You are signed in as .+\.$/)
    .waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

  await tabTo(page, 'Referrals');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await tabTo(page, 'Invite someone');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=referrals-invite]');
  await tabTo(page, 'Email');
  await page.keyboard.type('friend@example.test');
  await page.keyboard.press('Enter');
  await page.getByText(/^Invitation to friend@example\.test announced on /).waitFor();

  await tabTo(page, 'Account');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await tabTo(page, 'Profile');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=profile-name]');

  await tabTo(page, 'Sign out');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=sign-in]');
  await page.getByTestId('auth-announcement').getByText('You are signed out.').waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  // Said once: a reload is an ordinary page load again.
  await page.reload();
  await page.waitForSelector('[data-testid=sign-in]');
  expect(await page.getByTestId('auth-announcement').textContent()).toBe('');
});
