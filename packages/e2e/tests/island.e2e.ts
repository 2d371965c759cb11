import type { Page } from 'playwright-core';
import { setUpBrowserSuite } from '../src';
import { alterStylesheets } from '../src/altered-styles';
import { holdShell, SHELL_SCRIPT_PATH } from '../src/host-build';

// The opening area's island (issue 61): on a prerendered page the host's first script hydrates the
// area on its own, and only then asks for the shell's code, which adopts the area without rendering
// it again. Here the shell's script is held back, so what works without it shows.
const suite = setUpBrowserSuite(['--public', 'referrals']);

function watchMessages(page: Page) {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return () => messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message));
}

test("a prerendered area works before the shell's code has come, and the shell takes it over as it is", async () => {
  const page = await suite.browser.context.newPage();
  const problems = watchMessages(page);
  const shell = await holdShell(page);
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const overview = page.getByTestId('referrals-overview');
  await overview.waitFor();
  // The area answers: its button navigates within the area (the invite page is a chunk of its own).
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  await page.getByTestId('referrals-invite').waitFor();
  // …while the shell has not run: its account place is still the HTML's, no "Sign in" yet.
  expect(shell.requested()).toBe(true);
  expect(await page.getByTestId('sign-in').count()).toBe(0);
  // Back and forward are the area's too, until the shell is here.
  await page.goBack();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
  await overview.waitFor();
  await page.goForward();
  await page.getByTestId('referrals-invite').waitFor();
  await page.evaluate(() => {
    (document.querySelector('[data-testid=referrals-invite]') as HTMLElement & { kept?: boolean }).kept = true;
  });

  // The shell comes: it hydrates around the area and adopts it, the same elements on screen.
  shell.release();
  await page.getByTestId('sign-in').waitFor();
  expect(
    await page.evaluate(
      () => (document.querySelector('[data-testid=referrals-invite]') as HTMLElement & { kept?: boolean }).kept,
    ),
  ).toBe(true);
  // From now on the shell's router leads: its navigation, and the area's own within it.
  await page.getByTestId('product-name').click();
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.getByTestId('referrals-invite').waitFor({ state: 'detached' });
  await page.getByTestId('nav-referrals').click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  await page.getByTestId('referrals-invite').waitFor();
  expect(problems()).toEqual([]);
  await page.close();
});

test('what the area asks of the shell before it has come is done once it has, and what it did meanwhile stays', async () => {
  const page = await suite.browser.context.newPage();
  const shell = await holdShell(page);
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const prerenderedTitle = await page.title();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.getByTestId('referrals-invite').waitFor();
  // The invitation form works on its own; the page's title waits for the shell, which owns it.
  await page.getByLabel('Email').fill('friend@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByTestId('referrals-sent').waitFor();
  expect(await page.title()).toBe(prerenderedTitle);
  shell.release();
  await page.getByTestId('sign-in').waitFor();
  // The area named its page (usePageTitle) while only its island ran: the shell titles the document with it.
  await page.waitForFunction(() => document.title.startsWith('Invite someone · Referrals · '));
  // What the person did is still on screen: the area was not rendered again.
  expect(await page.getByTestId('referrals-sent').textContent()).toContain('friend@example.com');
  await page.close();
});

test("the shell's code: hinted by a page without an island, asked for only after the area's code on a page with one", async () => {
  const hint = /<link[^>]*href="?\/shell\.[0-9a-f]+\.js"?[^>]*data-shell/;
  expect(await (await fetch(`${suite.stack.hostUrl}/`)).text()).toMatch(hint);
  expect(await (await fetch(`${suite.stack.hostUrl}/referrals`)).text()).not.toMatch(hint);
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.getByTestId('sign-in').waitFor();
  const timing = await page.evaluate((shellPath) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const find = (pattern: RegExp) => entries.filter((entry) => pattern.test(new URL(entry.name).pathname));
    return {
      shell: find(new RegExp(shellPath)).map(({ initiatorType, startTime }) => ({ initiatorType, startTime })),
      area: find(/\/__federation_expose_remote\.[0-9a-f]+\.js$/).map((entry) => entry.responseEnd),
    };
  }, SHELL_SCRIPT_PATH.source);
  expect(timing.shell).toHaveLength(1);
  expect(timing.shell[0]!.initiatorType).toBe('script');
  expect(timing.area.length).toBeGreaterThan(0);
  for (const areaIn of timing.area) expect(timing.shell[0]!.startTime).toBeGreaterThan(areaIn);
  await page.close();
});

test("a click in the area while the shell hydrates around it is where the shell's router goes too", async () => {
  const page = await suite.browser.context.newPage();
  const problems = watchMessages(page);
  // A slow phone, so the shell's hydration spans several tasks; the click comes in the first task
  // after the shell's router has read the address (its history stamps the entry it starts on), before
  // the shell has adopted the area: the island moves the area itself, and the router must follow.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    const replace = history.replaceState.bind(history);
    let clicked = false;
    history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
      replace(state, unused, url);
      if (clicked || !state || typeof state !== 'object' || !('idx' in state)) return;
      clicked = true;
      setTimeout(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Invite someone');
        (window as unknown as { clickedAt?: string }).clickedAt = button ? location.pathname : 'no button';
        button?.click();
      }, 0);
    };
  });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.waitForFunction(() => (window as unknown as { clickedAt?: string }).clickedAt !== undefined);
  expect(await page.evaluate(() => (window as unknown as { clickedAt?: string }).clickedAt)).toBe('/referrals');
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  await page.getByTestId('referrals-invite').waitFor({ timeout: 15_000 });
  await page.getByTestId('sign-in').waitFor();
  // One entry for the click: back is the page it was made on, and the shell's router knows it.
  await page.goBack();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
  await page.getByTestId('referrals-overview').waitFor();
  await page.goForward();
  await page.getByTestId('referrals-invite').waitFor();
  await page.getByTestId('nav-referrals').click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
  await page.getByTestId('referrals-overview').waitFor();
  expect(problems()).toEqual([]);
  await page.close();
});

test("a shell's code that fails once is asked for again, and the shell takes the area over", async () => {
  const page = await suite.browser.context.newPage();
  let asked = 0;
  await page.route(SHELL_SCRIPT_PATH, (route) => (++asked === 1 ? route.abort('connectionreset') : route.continue()));
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  // The shell's sign-in answers: its code came at the second request (the page hints none of its own).
  await page.getByTestId('sign-in').click();
  await page.waitForURL((url) => url.href.startsWith(suite.stack.idpUrl));
  expect(asked).toBe(2);
});

test("a prerendered page whose area's stylesheet was altered says so in place with Retry, and Retry after healing restores the styles", async () => {
  const page = await suite.browser.context.newPage();
  const stylesheets = await alterStylesheets(page, suite.stack.remoteUrls.referrals, suite.stack.hostUrl);
  // Opened directly: the page's own <link integrity> refuses the altered bytes.
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const panel = page.locator('[data-testid=remote-error][data-remote=referrals]');
  await panel.waitFor({ timeout: 15_000 });
  expect(await panel.textContent()).toContain('Referrals is unavailable right now');
  expect(await page.$eval('body', (body) => getComputedStyle(body).display)).not.toBe('none');
  // Healed: the Retry asks for the stylesheet again past the cache, and the area shows styled.
  await page.unroute(stylesheets);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByTestId('referrals-overview').waitFor();
  expect(await page.$eval('#referrals-title', (title) => getComputedStyle(title).borderBottomWidth)).toBe('3px');
});
