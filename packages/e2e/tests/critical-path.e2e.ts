import type { Page, Request } from 'playwright-core';
import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';
import { FIRST_SCRIPT_PATH } from '../src/host-build';

// The first page's critical path (decision 0010): the opening page's remote starts downloading
// while the host's own script does (hinted by a prerendered page holding it, else asked for by the
// boot script), within the page's policy, and never for a visitor about to be sent to sign in;
// after first content the likely-next areas are downloaded while idle.
// Areas alone: account's part in the header would load that remote on every signed-in page, which
// these tests of what an area prefetches before its visit would count (slots.e2e.ts covers slots).
const suite = setUpBrowserSuite(['--public', 'referrals', '--no-contributions']);

function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

/** Policy violations the page reports (none expected anywhere). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __violations: string[] }).__violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
}

test("a visitor's public page: the area's files are requested while the host's script is still downloading, each once", async () => {
  const page = await suite.browser.context.newPage();
  await watchViolations(page);
  // A slow network (as a phone's), so "while the host's script downloads" is a wide window.
  const cdp = await suite.browser.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1_000_000 / 8,
    uploadThroughput: 1_000_000 / 8,
  });
  const requests = recordRequests(page);
  // What the browser asked for, in order, at what priority (Chromium holds a low-priority request
  // back while higher ones are in flight on an HTTP/1.1 origin).
  const asked: Array<{ path: string; priority: string }> = [];
  cdp.on('Network.requestWillBeSent', (event) =>
    asked.push({ path: new URL(event.request.url).pathname, priority: event.request.initialPriority }),
  );
  // On this slow line "load" comes once every hinted file is in: given a minute.
  await page.goto(`${suite.stack.hostUrl}/referrals`, { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.waitForLoadState('load', { timeout: 60_000 });
  expect(await page.textContent('[data-testid=referrals-overview]')).toContain('Hello there');

  const timing = await page.evaluate((firstScript) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const main = entries.find((entry) => new RegExp(firstScript).test(entry.name))!;
    const remoteManifest = entries.find((entry) => entry.name.endsWith('/mf-manifest.json'))!;
    const remoteEntry = entries.find((entry) => entry.name.includes('/remoteEntry.js'))!;
    return { mainLoaded: main.responseEnd, manifestAsked: remoteManifest.startTime, entryAsked: remoteEntry.startTime };
  }, FIRST_SCRIPT_PATH.source);
  expect(timing.manifestAsked).toBeLessThan(timing.mainLoaded);
  expect(timing.entryAsked).toBeLessThan(timing.mainLoaded);
  // The host's script, the largest file and the one the page waits for, is asked for before the
  // area's scripts and at high priority, not held behind the page's hints.
  const mainAsked = asked.findIndex((request) => FIRST_SCRIPT_PATH.test(request.path));
  expect(asked[mainAsked]?.priority).toMatch(/^(High|VeryHigh)$/);
  expect(mainAsked).toBeLessThan(asked.findIndex((request) => request.path.endsWith('/remoteEntry.js')));
  // A page holding its area and nothing else: its first script starts it all, so it has no boot
  // script, and hints the area's manifest as it hints its scripts.
  expect(await page.locator('script[data-boot]').count()).toBe(0);
  expect(await page.locator('link[rel=preload][as=fetch][href$="/mf-manifest.json"]').count()).toBe(1);
  // Taken over by the host, not asked again: the config, the manifest and the remote's manifest once each.
  const count = (suffix: string) =>
    requests.filter((request) => new URL(request.url()).pathname.endsWith(suffix)).length;
  expect([count('/config.json'), count('/remotes.json'), count('/mf-manifest.json'), count('/remoteEntry.js')]).toEqual(
    [1, 1, 1, 1],
  );
  // The entry script was hinted with the integrity it is checked against.
  const integrity = await page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel=preload][href*="remoteEntry.js"]')?.integrity,
  );
  expect(integrity).toMatch(/^sha384-/);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
});

test('a visitor opening an area that needs sign-in downloads nothing of it before being sent to sign in', async () => {
  const page = await suite.browser.context.newPage();
  const requests = recordRequests(page);
  await page.goto(`${suite.stack.hostUrl}/account`);
  await page.waitForSelector('#username');
  const accountOrigin = suite.stack.remoteUrls.account!;
  expect(requests.map((request) => request.url()).filter((url) => url.startsWith(accountOrigin))).toEqual([]);
});

test('after first content the areas in the navigation are downloaded while idle, without running; opening one then needs no download and one round trip', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  const account = suite.stack.remoteUrls.account;
  const requests = recordRequests(page);
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.waitForSelector('[data-testid=referrals-overview]');
  // The account area (the other one in the navigation) arrives as low-priority fetches, after the page's own remote.
  await page.waitForLoadState('networkidle');
  const ahead = requests.filter((request) => request.url().startsWith(account));
  expect(
    ahead
      .map((request) => `${request.resourceType()} ${new URL(request.url()).pathname.replace(/\.[0-9a-f]{8}\./, '.')}`)
      .sort(),
  ).toEqual([
    'fetch /__federation_expose_remote.css',
    'fetch /__federation_expose_remote.js',
    'fetch /mf-manifest.json',
    'fetch /remoteEntry.js',
  ]);
  const referralsLoaded = await page.evaluate(
    (origin) =>
      Math.max(
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.startsWith(origin))
          .map((entry) => entry.responseEnd),
      ),
    suite.stack.remoteUrls.referrals,
  );
  const firstAhead = await page.evaluate(
    (origin) =>
      Math.min(
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.startsWith(origin))
          .map((entry) => entry.startTime),
      ),
    account,
  );
  expect(firstAhead).toBeGreaterThan(0);
  expect(referralsLoaded).toBeLessThan(firstAhead);

  const onVisit = recordRequests(page);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  // Its entry is revalidated alongside its manifest (one round trip), not after the manifest is in.
  const visit = await page.evaluate(
    ({ origin, since }) => {
      const mine = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.name.startsWith(origin) && entry.startTime >= since,
      );
      const manifest = mine.find((entry) => entry.name.endsWith('/mf-manifest.json'))!;
      const entryScript = mine.find((entry) => entry.name.includes('/remoteEntry.js'))!;
      return { manifestIn: manifest.responseEnd, entryAsked: entryScript.startTime };
    },
    { origin: account, since: clickedAt },
  );
  expect(visit.entryAsked).toBeLessThan(visit.manifestIn);
  // Its scripts come from the cache (the entry revalidated: not modified), nothing downloaded again.
  const scripts = onVisit.filter((request) => request.url().startsWith(account) && request.resourceType() === 'script');
  expect(scripts.length).toBeGreaterThan(0);
  const bodies = await Promise.all(scripts.map(async (request) => (await request.sizes()).responseBodySize));
  expect(bodies.filter((size) => size > 0)).toEqual([]);
});

test('with Save-Data (or on a 2G connection) nothing is prefetched', async () => {
  const page = await suite.browser.context.newPage();
  await page.addInitScript(() => {
    const { connection } = navigator as Navigator & { connection?: object };
    if (connection) Object.defineProperty(Object.getPrototypeOf(connection), 'saveData', { get: () => true });
  });
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  const requests = recordRequests(page);
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.waitForLoadState('load');
  await page.waitForTimeout(3_000);
  const account = suite.stack.remoteUrls.account!;
  expect(requests.map((request) => request.url()).filter((url) => url.startsWith(account))).toEqual([]);
});
