import type { Page, Request } from 'playwright-core';
import { ALICE, signInAtProvider, setUpBrowserSuite } from '../src';

// An area built on React 18 (the react18-area fixture), in a React root of its own beside the host's
// React 19, routed by its own react-router kept in step with the host's history. Developer overrides
// are on (localhost origins), to point the area at another build.
const suite = setUpBrowserSuite(['--fixture', 'react18-area', '--dpop', '--overrides']);

test('an area on React 18 runs in its own root: deep link, its routes with back and forward, clicks, language, a throw in place, nothing left', async () => {
  const page = await suite.browser.context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const host = suite.stack.hostUrl;

  // A deep link to the area's nested page, signed out: through the provider and back to it.
  await page.goto(`${host}/older-react/details`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=r18-details]');
  expect(new URL(page.url()).pathname).toBe('/older-react/details');

  // Its own link back, relative to the area, through the host's router (no page load).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.click('[data-testid=r18-back-link]');
  await page.waitForSelector('[data-testid=r18-overview]');
  expect(new URL(page.url()).pathname).toBe('/older-react');
  // React 18 rendered it, with the person the host signed in, and the host still runs React 19.
  expect(await page.locator('#r18-title').textContent()).toBe('An area on React 18.3.1');
  expect(await page.locator('[data-testid=r18-user]').textContent()).toBe(ALICE.name);
  expect(await page.locator('[data-testid=nav-referrals]').count()).toBe(1);

  // Its styles, scoped as any area's.
  expect(await page.locator('#r18-title').evaluate((title) => getComputedStyle(title).color)).toBe('rgb(0, 90, 60)');
  const areaSheets = () =>
    page.evaluate(
      (origin) =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')]
          .filter((link) => link.href.startsWith(origin))
          .map((link) => link.sheet?.disabled ?? null),
      suite.stack.remoteUrls.react18_area!,
    );
  expect(await areaSheets()).toContain(false);

  // Its button answers.
  await page.click('[data-testid=r18-add]');
  await page.click('[data-testid=r18-add]');
  await page.waitForSelector('[data-testid=r18-count]:text-is("Counted: 2")');

  // It calls the development API through the host's client: the person's token, bound by DPoP.
  await page.click('[data-testid=r18-ask]');
  await page.waitForSelector(`[data-testid=r18-answer]:text-is("${ALICE.name} (bound to this browser)")`);

  // An event sent by an area on the host's React reaches it (the last one, on its return).
  await page.click('[data-testid=nav-referrals]');
  await page.click('main button');
  await page.fill('input[name=email]', 'friend@example.test');
  await page.click('form button[type=submit]');
  await page.waitForSelector('[data-testid=referrals-sent]');
  await page.goBack();
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.goBack();
  await page.waitForSelector('[data-testid=r18-invited]:text-is("friend@example.test")');

  // Its links, back and forward, and the host's navigation marking the area.
  await page.click('[data-testid=r18-details-link]');
  await page.waitForSelector('[data-testid=r18-details]');
  expect(new URL(page.url()).pathname).toBe('/older-react/details');
  await page.goBack();
  await page.waitForSelector('[data-testid=r18-overview]');
  await page.goForward();
  await page.waitForSelector('[data-testid=r18-details]');
  expect(await page.locator('[aria-current=page]').first().textContent()).toBe('Older React');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Another area and back: the host's tree on React 19, then the React 18 root again.
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.locator('[data-mounted-area]').count()).toBe(0);
  await page.goBack();
  await page.waitForSelector('[data-testid=r18-details]');
  await page.click('[data-testid=r18-back-link]');
  await page.waitForSelector('[data-testid=r18-overview]');

  // The page's language reaches its root at once.
  await page.selectOption('[data-testid=language-menu]', 'de');
  await page.waitForSelector('#r18-title:text-is("Ein Bereich auf React 18.3.1")');
  await page.selectOption('[data-testid=language-menu]', 'en');
  await page.waitForSelector('#r18-title:text-is("An area on React 18.3.1")');

  // A throw while it renders is said in place with Retry; the rest of the page works; Retry brings it back.
  await page.click('[data-testid=r18-break]');
  const panel = page.locator('[data-testid=remote-error][data-remote=react18_area]');
  await panel.waitFor();
  expect(await panel.textContent()).toContain('The React 18 area broke on purpose.');
  await panel.getByRole('button').first().click();
  await page.waitForSelector('[data-testid=r18-overview]');

  // Leaving it: its root and everything in it are gone, its stylesheets switched off.
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.locator('[data-mounted-area], [data-testid^=r18-]').count()).toBe(0);
  const sheets = await areaSheets();
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.every((disabled) => disabled === true)).toBe(true);
  expect(pageErrors).toEqual([]);

  // Signing out in another tab clears what it shows of the person here.
  const other = await suite.browser.context.newPage();
  await other.goto(`${host}/older-react`);
  await other.waitForSelector(`[data-testid=r18-user]:text-is("${ALICE.name}")`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await other.waitForSelector('[data-testid=signed-out-elsewhere]', { timeout: 5_000 });
  await other.waitForFunction(
    (name) =>
      ![...document.querySelectorAll('[data-remote=react18_area]')].some((area) => area.textContent?.includes(name)),
    ALICE.name,
    { timeout: 5_000 },
  );
  await other.close();
  await page.close();
});

test('pages that do not show the area never download its React: the idle prefetch and hovering its link read only its manifest, and opening it downloads the rest', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  // This page's own prefetch is over before counting starts.
  await page.waitForLoadState('networkidle');
  const own = suite.stack.remoteUrls.react18_area!;
  const inTree = suite.stack.remoteUrls.account!;
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const paths = (origin: string) =>
    requests
      .filter((request) => request.url().startsWith(origin))
      .map((request) => new URL(request.url()).pathname.replace(/\.[0-9a-f]{8}\./, '.'))
      .sort();

  // Another area's page, then the browser idle: the areas in the navigation are prefetched.
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.waitForLoadState('networkidle');
  expect(paths(inTree)).toContain('/remoteEntry.js');
  expect(paths(own)).toEqual(['/mf-manifest.json']);

  // Hovering and focusing its link (intent to open it) reads its manifest again at most: its React is
  // not downloaded until its page shows it.
  requests.length = 0;
  await page.hover('[data-testid=nav-react18_area]');
  await page.focus('[data-testid=nav-react18_area]');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  expect(paths(own).filter((path) => path !== '/mf-manifest.json')).toEqual([]);

  // Opening it: its entry, and the chunks that hold its React, come now.
  requests.length = 0;
  await page.click('[data-testid=nav-react18_area]');
  await page.waitForSelector('[data-testid=r18-overview]');
  const scripts = requests.filter((request) => request.url().startsWith(own) && request.resourceType() === 'script');
  expect(scripts.map((request) => new URL(request.url()).pathname)).toContain('/remoteEntry.js');
  const bodies = await Promise.all(scripts.map(async (request) => (await request.sizes()).responseBodySize));
  // React 18 and react-dom alone are over 40 KB compressed.
  expect(bodies.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(40_000);
});

test("an override points the area at another build: that build's entry and React render it, and its button answers", async () => {
  const page = await suite.browser.context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${suite.stack.hostUrl}/older-react`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=r18-overview]');

  // The same area from another build's origin (here the same files through 127.0.0.1).
  const other = `${suite.stack.remoteUrls.react18_area!.replace('localhost', '127.0.0.1')}/mf-manifest.json`;
  await page.click('[data-testid=nav-diagnostics]');
  await page.selectOption('[data-testid=override-form] select', 'react18_area');
  await page.fill('[data-testid=override-form] input[name=entry]', other);
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid=override-form] button[type=submit]')]);
  await page.waitForSelector('[data-testid=overrides-banner]');

  requests.length = 0;
  await page.click('[data-testid=nav-react18_area]');
  await page.waitForSelector('[data-testid=r18-overview]');
  const fromOther = requests.filter((url) => url.startsWith('http://127.0.0.1')).map((url) => new URL(url).pathname);
  expect(fromOther).toContain('/remoteEntry.js');
  expect(requests.filter((url) => url.startsWith(suite.stack.remoteUrls.react18_area!))).toEqual([]);
  expect(await page.locator('#r18-title').textContent()).toBe('An area on React 18.3.1');
  expect(await page.locator('#r18-title').evaluate((title) => getComputedStyle(title).color)).toBe('rgb(0, 90, 60)');
  await page.click('[data-testid=r18-add]');
  await page.waitForSelector('[data-testid=r18-count]:text-is("Counted: 1")');
});

/**
 * Serves the files matching `file` with altered bytes (their integrity pin then refuses them) until
 * `heal()`; counts the requests that reach the network for them.
 */
async function alterInTransit(page: Page, file: RegExp) {
  let altered = true;
  const requests: string[] = [];
  page.on('request', (request: Request) => file.test(request.url()) && requests.push(request.url()));
  await page.route(file, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: altered ? `${body}\n;document.title = 'altered';` : body });
  });
  return {
    requests,
    heal: () => {
      altered = false;
    },
  };
}

test.each([
  [
    "an area in the host's tree (its module chunk)",
    'referrals',
    /\/__federation_expose_remote\.[0-9a-f]+\.js$/,
    'referrals-overview',
  ],
  ['an area in a root of its own (its own React chunk)', 'older-react', /\/933\.[0-9a-f]+\.js$/, 'r18-overview'],
])(
  '%s altered in transit is refused in place; once healed, Retry fetches it again and shows the area',
  async (_kind, path, file, shown) => {
    const page = await suite.browser.context.newPage();
    const chunk = await alterInTransit(page, file);
    await page.goto(`${suite.stack.hostUrl}/${path}`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    const panel = page.getByTestId('remote-error');
    await panel.waitFor();
    expect(await page.getByTestId(shown).count()).toBe(0);
    expect(await page.title()).not.toBe('altered');
    chunk.heal();
    const before = chunk.requests.length;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId(shown).waitFor();
    // Asked of the network again, not answered from what the browser kept of the refused bytes.
    expect(chunk.requests.length).toBeGreaterThan(before);
    expect(await page.title()).not.toBe('altered');
    await page.close();
  },
);
