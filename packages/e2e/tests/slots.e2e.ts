import type { Page } from 'playwright-core';
import { ALICE, axeViolations, setUpBrowserSuite, signInAtProvider } from '../src';

// One team's feature in another team's page: the account area's profile offers the slot
// `account.profile.aside`; the development manifest has referrals fill it with its "Refer a friend"
// card, and the faulty fixture (a remote with no area, only contributions) adds a card that throws,
// one its build lacks and a counter in the header. Production builds,
// the real provider and API, Chromium.
const suite = setUpBrowserSuite(['--fixture', 'faulty-card']);
const SLOT = '[data-slot="account.profile.aside"]';
const CARD = '[data-contribution="account.profile.aside referrals/referral-card"]';

async function openProfile(): Promise<Page> {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=profile-binding]');
  return page;
}

test("a card from referrals shows in the account area's profile, in the manifest's order, and works the moment it shows", async () => {
  const page = await openProfile();
  const card = page.locator(`${CARD} [data-testid=referral-card]`);
  await card.waitFor();
  // Its region is named by the manifest's label; it sits among the others in the manifest's order.
  expect(await page.getByRole('region', { name: 'Refer a friend' }).count()).toBe(1);
  expect(
    await page.$$eval(`${SLOT} [data-contribution]`, (frames) =>
      frames.map((frame) => frame.getAttribute('data-contribution')),
    ),
  ).toEqual([
    'account.profile.aside faulty/broken-card',
    'account.profile.aside referrals/referral-card',
    'account.profile.aside faulty/missing-card',
  ]);
  // Its button answers at once (its handler came with it), with the slot's parameter (the user's id).
  await page.click(`${CARD} button:has-text("Show my code")`);
  expect(await page.textContent(`${CARD} [data-testid=referral-code]`)).toMatch(/^Your code: [0-9A-Z]{6}$/);
  // It is styled by referrals' own stylesheet (a scoped class with the shell's tokens).
  expect(await card.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
  // Its link leads into its own area (the contribution's context is referrals', not the account's).
  await page.click(`${CARD} a:has-text("Invite someone")`);
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  await page.waitForSelector('[data-testid=referrals-invite]');
  await page.close();
});

test('a card that throws and a card its build lacks each say so in place, without taking focus; the page and the other card work', async () => {
  const page = await openProfile();
  await page.locator(CARD).locator('[data-testid=referral-card]').waitFor();
  const failed = page.locator(`${SLOT} [data-testid=contribution-failed]`);
  await failed.nth(1).waitFor();
  expect(await failed.count()).toBe(2);
  expect(await failed.first().getAttribute('role')).toBe('status');
  expect(await failed.first().textContent()).toContain(
    'Broken card could not be shown. The rest of this page still works.',
  );
  expect(await failed.nth(1).textContent()).toContain('Part from faulty could not be shown.');
  // Neither failure took focus (it stays where the page put it, outside the slot).
  expect(await page.evaluate(() => document.activeElement?.closest('[data-slot]') ?? null)).toBeNull();
  // The account's own content is untouched.
  expect(await page.textContent('[data-testid=profile-name]')).toContain(ALICE.name);

  // By keyboard, the slot's parts come in document order after the profile's own content.
  const focused: string[] = [];
  await page.evaluate(() =>
    (document.querySelector('[data-testid=profile-binding]') as HTMLElement).setAttribute('tabindex', '-1'),
  );
  await page.focus('[data-testid=profile-binding]');
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    focused.push(
      await page.evaluate(
        () =>
          `${document.activeElement?.closest('[data-contribution]')?.getAttribute('data-contribution') ?? 'outside'}: ${document.activeElement?.textContent?.trim()}`,
      ),
    );
  }
  expect(focused).toEqual([
    'account.profile.aside faulty/broken-card: Retry',
    'account.profile.aside referrals/referral-card: Show my code',
    'account.profile.aside referrals/referral-card: Invite someone',
    'account.profile.aside faulty/missing-card: Retry',
  ]);
  // Accessible as it stands, failures included.
  expect(await axeViolations(page)).toEqual([]);

  // The diagnostics page lists each with its state, version and failures.
  await page.click('a[href="/diagnostics"]').catch(() => page.goto(`${suite.stack.hostUrl}/diagnostics`));
  await page.waitForSelector('[data-testid=diagnostics-slots]');
  const rows = await page.$$eval('[data-testid=diagnostics-slots] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  const row = (module: string) => rows.find((cells) => cells[2] === module)!;
  expect(row('referral-card').slice(0, 6)).toEqual([
    'account.profile.aside',
    'referrals',
    'referral-card',
    '100',
    'signed in',
    'shown',
  ]);
  expect(row('referral-card')[6]).toMatch(/^\d+\.\d+\.\d+/);
  expect(row('broken-card')[5]).toBe('failed');
  expect(row('broken-card')[9]).toContain('REMOTE_RENDER_FAILED');
  expect(row('missing-card')[9]).toContain('REMOTE_INVALID');
  await page.close();
});

test("a contribution in the shell's header stays mounted across navigation between areas, loaded once", async () => {
  const page = await openProfile();
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/contributions_header-counter|header-counter/.test(request.url())) requested.push(request.url());
  });
  // The faulty remote owns no area: nothing of it in the navigation, only its parts in slots.
  expect(await page.locator('[data-testid=nav-faulty]').count()).toBe(0);
  const counter = page.locator('header [data-slot="shell.header.end"] [data-testid=header-counter]');
  await counter.click();
  await counter.click();
  expect(await counter.textContent()).toBe('Counted 2');
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await counter.textContent()).toBe('Counted 2');
  expect(requested).toEqual([]);
  await page.close();
});
