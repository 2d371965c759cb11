import { ALICE, eventSubscriptions, signInAtProvider, setUpBrowserSuite } from '../src';

// An area without React (the plain-dom fixture), mounted through the neutral contract into an
// element of its own, beside the product's areas on the host's React and an area on React 18 in a
// root of its own: routed by the host's history, answering clicks, calling the API, talking with
// the other areas through the host's events, in the page's language, its failure said in place,
// nothing left behind.
const suite = setUpBrowserSuite(['--fixture', 'plain-dom', '--fixture', 'react18-area', '--dpop']);

test('an area without React opens by deep link, routes with the host, answers, follows the language, fails in place and leaves nothing', async () => {
  const page = await suite.browser.context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const host = suite.stack.hostUrl;

  // A deep link, signed out: through the provider and back to the area's own page.
  await page.goto(`${host}/plain/details`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const area = page.locator('[data-remote=plain_dom] [data-mounted-area]');
  await page.waitForSelector('[data-testid=plain-title]');
  expect(new URL(page.url()).pathname).toBe('/plain/details');
  expect(await area.locator('[data-testid=plain-where]').textContent()).toBe('/details');
  expect(await page.locator('[data-testid=plain-title]').textContent()).toBe('An area without React');
  // What it shows is its own DOM: nothing in its element was made by React.
  expect(
    await area.evaluate((element) =>
      [...element.querySelectorAll('*')].some((node) => Object.keys(node).some((key) => key.startsWith('__react'))),
    ),
  ).toBe(false);

  // Its button answers, with the person the host signed in.
  await page.click('[data-testid=plain-greet]');
  await page.waitForSelector(`[data-testid=plain-answer]:has-text("Hello, ${ALICE.name}!")`);

  // Links and history through the host's router: no page load (a marker on window survives).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.locator('[data-mounted-area]').count()).toBe(0);
  await page.goBack();
  await page.waitForSelector('[data-testid=plain-where]:text-is("/details")');
  await page.goto(`${host}/plain`).catch(() => undefined);
  await page.waitForSelector('[data-testid=plain-where]:text-is("/")');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.click('[data-testid=plain-details]');
  await page.waitForSelector('[data-testid=plain-where]:text-is("/details")');
  expect(new URL(page.url()).pathname).toBe('/plain/details');
  await page.goBack();
  await page.waitForSelector('[data-testid=plain-where]:text-is("/")');
  await page.goForward();
  await page.waitForSelector('[data-testid=plain-where]:text-is("/details")');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The host's navigation marks the area's page as current.
  expect(await page.locator('[aria-current=page]').first().textContent()).toBe('Plain area');

  // The page's language reaches it at once, its own texts included.
  await page.selectOption('[data-testid=language-menu]', 'de');
  await page.waitForSelector('[data-testid=plain-title]:text-is("Ein Bereich ohne React")');
  expect(await page.locator('[data-testid=plain-greet]').textContent()).toBe('Hallo sagen');
  await page.selectOption('[data-testid=language-menu]', 'en');
  await page.waitForSelector('[data-testid=plain-title]:text-is("An area without React")');

  // A failure it says is shown in place with Retry while the rest of the page works; Retry mounts it again.
  await page.click('[data-testid=plain-break]');
  const panel = page.locator('[data-testid=remote-error][data-remote=plain_dom]');
  await panel.waitFor();
  expect(await panel.textContent()).toContain('The plain area broke on purpose.');
  expect(await page.locator('[data-mounted-area]').count()).toBe(0);
  await panel.getByRole('button').first().click();
  await page.waitForSelector('[data-testid=plain-title]');

  // Leaving it: its element and everything in it are gone.
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.locator('[data-mounted-area], [data-testid^=plain-]').count()).toBe(0);
  expect(pageErrors).toEqual([]);
  await page.close();
});

test("areas in roots of their own call the API with DPoP and talk through the host's events, each way", async () => {
  const page = await suite.browser.context.newPage();
  const host = suite.stack.hostUrl;
  await page.goto(`${host}/plain`);
  // Signed in again from the provider's session, or asked once more (a new tab keeps no tokens).
  await Promise.race(
    [
      page.waitForSelector('[data-testid=plain-title]'),
      page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`)),
    ].map((settled) => settled.catch(() => undefined)),
  );
  if (page.url().startsWith(suite.stack.idpUrl)) await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=plain-title]');

  // The account service through the host's API client, the token bound to this browser's key.
  await page.click('[data-testid=plain-ask]');
  await page.waitForSelector(`[data-testid=plain-asked]:text-is("${ALICE.name} (bound to this browser)")`);

  // The plain area greets; the React 18 area, opened next, shows it; it counts; the plain area shows that.
  await page.click('[data-testid=plain-greet]');
  await page.click('[data-testid=nav-react18_area]');
  await page.waitForSelector(`[data-testid=r18-greeted]:text-is("Greeted in the other area: ${ALICE.name}")`);
  await page.click('[data-testid=r18-add]');
  await page.goBack();
  await page.waitForSelector('[data-testid=plain-counted]:text-is("Counted in the other area: 1")');

  // Their event subscriptions end when they leave: visiting them again leaves no more behind.
  const subscriptions = () => eventSubscriptions(page);
  const before = await subscriptions();
  for (let round = 0; round < 3; round += 1) {
    await page.click('[data-testid=nav-plain_dom]');
    await page.waitForSelector('[data-testid=plain-counted]');
    await page.click('[data-testid=nav-react18_area]');
    await page.waitForSelector('[data-testid=r18-greeted]');
  }
  expect(await subscriptions()).toBe(before);

  // Signing out in another tab clears what the plain area shows of the person there.
  const other = await suite.browser.context.newPage();
  await other.goto(`${host}/plain`);
  await other.click('[data-testid=plain-greet]');
  await other.waitForSelector(`[data-testid=plain-answer]:text-is("Hello, ${ALICE.name}!")`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await other.waitForSelector('[data-testid=signed-out-elsewhere]', { timeout: 5_000 });
  await other.waitForFunction(
    (name) =>
      ![...document.querySelectorAll('[data-remote=plain_dom]')].some((area) => area.textContent?.includes(name)),
    ALICE.name,
    { timeout: 5_000 },
  );
  await other.close();
  await page.close();
});
