import type { Page } from 'playwright-core';
import { ALICE, BOB, axeViolations, launchBrowser, setUpBrowserSuite, signInAtProvider } from '../src';

// One team's feature in another team's page: the account area's profile offers the slot
// `account.profile.aside`, the shell `home.tiles` and `shell.header.end`; the development manifest
// has referrals fill the first with its "Refer a friend" card, both areas put a tile on the home
// page, and account a count in the header. The faulty fixture (a remote with no area, only
// contributions) adds a card that throws, one its build lacks, a counter in the header and a tile
// for administrators only. Production builds, the real provider and API, Chromium. A remote's time
// limit is shortened so that a hanging download is given up within the test.
const REMOTE_TIME_LIMIT_MS = 6000;
const suite = setUpBrowserSuite(['--fixture', 'faulty-card', '--remote-timeout-ms', String(REMOTE_TIME_LIMIT_MS)]);
const SLOT = '[data-slot="account.profile.aside"]';
const CARD = '[data-contribution="account.profile.aside referrals/referral-card"]';
const TILES = '[data-slot="home.tiles"]';
const STAFF_TILE_SCRIPT = /__federation_expose_contributions__staff_tile\.[0-9a-f]+\.js$/;

/** The home page, signed in from its own "Sign in" button, once the person's name shows. */
async function openHome(user: typeof ALICE | typeof BOB, page?: Page): Promise<Page> {
  const opened = page ?? (await suite.browser.context.newPage());
  await opened.goto(`${suite.stack.hostUrl}/`);
  await opened.getByTestId('sign-in').click();
  await signInAtProvider(opened, suite.stack.idpUrl, user);
  await opened.waitForSelector('[data-testid=home-greeting]');
  return opened;
}

const tileKeys = (page: Page) =>
  page.$$eval(`${TILES} [data-contribution]`, (frames) =>
    frames.map((frame) => frame.getAttribute('data-contribution')),
  );

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
  expect(await failed.first().textContent()).toContain(
    'Broken card could not be shown. The rest of this page still works.',
  );
  // Announced by the frame's status region, in the page from the start (not a region inserted filled).
  const said = page
    .locator(`${SLOT} [data-contribution="account.profile.aside faulty/broken-card"]`)
    .getByRole('status');
  expect(await said.textContent()).toBe('Broken card could not be shown. The rest of this page still works.');
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

test('a tile placed in a slot no page offers is said once: in the console, on the diagnostics page and to telemetry', async () => {
  await fetch(`${suite.stack.collectorUrl}/__collector/records`, { method: 'DELETE' });
  const page = await suite.browser.context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`${suite.stack.hostUrl}/diagnostics`);
  await page.waitForSelector('[data-testid=diagnostics-slots]');
  const state = await page
    .locator('[data-testid=diagnostics-slots] tr[data-contribution="home.tyles faulty/staff-tile"]')
    .getByTestId('contribution-state')
    .textContent();
  expect(state).toBe('no page offers this slot');
  expect(
    warnings.filter((line) => line.includes('"staff-tile" in the slot "home.tyles", which no page offers')),
  ).toHaveLength(1);
  // Nothing of it was downloaded.
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /staff_tile/.test(e.name)).length),
  ).toBe(0);
  await page.click('[data-testid=consent-accept]');
  await page.goto('about:blank'); // leaving the page sends what waits
  type Logs = {
    resourceLogs: Array<{
      scopeLogs: Array<{ logRecords: Array<{ attributes: Array<{ key: string; value: { stringValue?: string } }> }> }>;
    }>;
  };
  let reported: Array<Record<string, string | undefined>> = [];
  for (let tries = 0; tries < 50 && reported.length === 0; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bodies = (await (await fetch(`${suite.stack.collectorUrl}/__collector/records`)).json()) as Array<{
      path: string;
      body: string;
    }>;
    reported = bodies
      .filter(({ path }) => path === '/v1/logs')
      .flatMap(({ body }) => (JSON.parse(body) as Logs).resourceLogs)
      .flatMap((resource) => resource.scopeLogs.flatMap((scope) => scope.logRecords))
      .map((record) => Object.fromEntries(record.attributes.map(({ key, value }) => [key, value.stringValue])))
      .filter((record) => record['event.name'] === 'slot not offered');
  }
  expect(reported).toEqual([
    expect.objectContaining({
      'mfe.remote.name': 'faulty',
      'mfe.attr.slot': 'home.tyles',
      'mfe.attr.module': 'staff-tile',
    }),
  ]);
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

test("the home page shows tiles from both areas and the fixture in the manifest's order, in English, German and Arabic", async () => {
  const page = await openHome(ALICE);
  await page.getByTestId('staff-tile').waitFor();
  await page.getByTestId('account-tile').waitFor();
  await page.getByTestId('referrals-tile').waitFor();
  expect(await tileKeys(page)).toEqual([
    'home.tiles referrals/invite-tile',
    'home.tiles account/profile-tile',
    'home.tiles faulty/staff-tile',
  ]);
  // Each tile is a region named by the manifest's label, and speaks its own area's texts.
  expect(await page.getByRole('region', { name: 'Your account' }).textContent()).toContain(
    `Signed in as ${ALICE.name}`,
  );
  expect(await page.getByRole('region', { name: 'Refer a friend' }).getByRole('link').textContent()).toBe(
    'Invite someone',
  );
  // The header's part from account (signed in only).
  expect(await page.getByTestId('activity-count').textContent()).toBe('Activity 0no invitations sent in this session');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('region', { name: 'Ihr Konto' }).getByRole('link', { name: 'Ihr Profil ansehen' }).waitFor();
  expect(await page.getByRole('region', { name: 'Freunde werben' }).getByRole('heading').textContent()).toBe(
    'Freunde werben',
  );
  expect(await page.getByTestId('activity-count').textContent()).toContain('Aktivität');

  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ar');
  await page.getByRole('region', { name: 'حسابك' }).getByRole('link', { name: 'اعرض ملفك الشخصي' }).waitFor();
  expect(await page.getByRole('region', { name: 'ادعُ صديقًا' }).getByRole('heading').textContent()).toBe('ادعُ صديقًا');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await tileKeys(page)).toEqual([
    'home.tiles referrals/invite-tile',
    'home.tiles account/profile-tile',
    'home.tiles faulty/staff-tile',
  ]);
  // The tile leads into its own area.
  await page.getByRole('link', { name: 'اعرض ملفك الشخصي' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/account/profile`);
  await page.close();
});

test('nothing of a part restricted to signed-in people or to a role is downloaded for anyone else', async () => {
  const requested: string[] = [];
  const watch = (page: Page) =>
    page.on('request', (request) => {
      if (/__federation_expose_contributions__.*\.js$/.test(request.url()))
        requested.push(new URL(request.url()).pathname);
    });
  const page = await suite.browser.context.newPage();
  watch(page);
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.getByTestId('referrals-tile').waitFor();
  await page.getByTestId('sign-in').waitFor();
  // Signed out: referrals' public tile only; neither account's tile nor its count in the header.
  expect(await tileKeys(page)).toEqual(['home.tiles referrals/invite-tile']);
  expect(await page.getByTestId('activity-count').count()).toBe(0);
  expect(requested.map((path) => path.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual([
    '/__federation_expose_contributions__invite_tile',
  ]);

  // Signed in as a member (not an administrator): account's tile and count, never the staff tile.
  await openHome(BOB, page);
  await page.getByTestId('account-tile').waitFor();
  await page.getByTestId('activity-count').waitFor();
  expect(await tileKeys(page)).toEqual(['home.tiles referrals/invite-tile', 'home.tiles account/profile-tile']);
  expect(requested.filter((path) => STAFF_TILE_SCRIPT.test(path))).toEqual([]);
  await page.close();

  // The same page for an administrator (in a browser of their own) shows it: the rule is the role.
  const other = await launchBrowser();
  try {
    const admin = await openHome(ALICE, await other.context.newPage());
    await admin.getByTestId('staff-tile').waitFor();
  } finally {
    await other.close();
  }
});

test('a tile whose script hangs, or arrives altered, says so in place; the page and the other tiles work', async () => {
  // Hanging: the tile's script never answers; the remote's time limit gives it up.
  const page = await suite.browser.context.newPage();
  await page.route(STAFF_TILE_SCRIPT, () => undefined);
  await openHome(ALICE, page);
  const staff = page.locator(`${TILES} [data-contribution="home.tiles faulty/staff-tile"]`);
  await staff.locator('[data-testid=contribution-failed]').waitFor({ timeout: REMOTE_TIME_LIMIT_MS * 3 });
  expect(await staff.locator('[data-testid=contribution-failed]').textContent()).toContain(
    'Staff corner could not be shown. The rest of this page still works.',
  );
  expect(await page.getByTestId('staff-tile').count()).toBe(0);
  await page.getByTestId('account-tile').waitFor();
  await page.getByTestId('referrals-tile').waitFor();
  expect(await page.evaluate(() => document.activeElement?.closest('[data-slot]') ?? null)).toBeNull();
  // Once the network answers again, Retry shows it without reloading the page.
  await page.unroute(STAFF_TILE_SCRIPT);
  await staff.getByRole('button', { name: 'Retry' }).click();
  await page.getByTestId('staff-tile').waitFor();
  await page.close();

  // Altered: the script arrives with bytes its integrity pin does not match, and is refused (in a
  // browser of its own, which has not run the tile's code yet).
  const other = await launchBrowser();
  try {
    const altered = await other.context.newPage();
    const errors: string[] = [];
    altered.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    let healed = false;
    const asked: string[] = [];
    altered.on('request', (request) => STAFF_TILE_SCRIPT.test(request.url()) && asked.push(request.url()));
    await altered.route(STAFF_TILE_SCRIPT, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({ response, body: healed ? body : `${body}\n;document.title = 'altered';` });
    });
    await openHome(ALICE, altered);
    const refused = altered.locator(
      `${TILES} [data-contribution="home.tiles faulty/staff-tile"] [data-testid=contribution-failed]`,
    );
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Staff corner could not be shown.');
    expect(await altered.getByTestId('staff-tile').count()).toBe(0);
    expect(await altered.title()).not.toBe('altered');
    expect(errors.join('\n')).toMatch(/integrity/i);
    await altered.getByTestId('account-tile').waitFor();
    await altered.getByTestId('referrals-tile').waitFor();
    // Once the bytes are right again, Retry asks the network again (not the browser's copy of the
    // refused bytes) and the tile shows.
    healed = true;
    const before = asked.length;
    await refused.getByRole('button', { name: 'Retry' }).click();
    await altered.getByTestId('staff-tile').waitFor();
    expect(asked.length).toBeGreaterThan(before);
    expect(await altered.title()).not.toBe('altered');
  } finally {
    await other.close();
  }
});

test("an invitation sent in referrals counts in account's part of the header, which keeps it on every page", async () => {
  const page = await openProfile();
  const count = page.getByTestId('activity-count');
  await count.waitFor();
  expect(await count.getAttribute('data-count')).toBe('0');
  await page.click('[data-testid=nav-referrals]');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.fill('input[name=email]', 'friend@example.test');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByTestId('referrals-sent').waitFor();
  expect(await count.getAttribute('data-count')).toBe('1');
  expect(await count.textContent()).toContain('1 invitation sent in this session');
  // It leads to the account area, where the same event is listed, and still counts one.
  await count.click();
  await page.getByTestId('account-activity').waitFor();
  expect(await count.getAttribute('data-count')).toBe('1');
  await page.close();
});
