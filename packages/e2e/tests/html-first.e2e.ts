import { createHash } from 'node:crypto';
import { EARLY_CLICKS_SCRIPT } from '@mfe/manifest/early-clicks';
import type { Page } from 'playwright-core';
import { ALICE, launchBrowser, setUpBrowserSuite, signInAtProvider } from '../src';
import { FIRST_SCRIPT_PATH } from '../src/host-build';

// Prerendered pages: the stack renders the home page, each area's shell and a public area's content
// ahead of time from the same components (the areas' server builds), the browser paints that HTML
// before any script runs, then hydrates it without replacing or moving anything.
const suite = setUpBrowserSuite(['--public', 'referrals']);

/** Records, from before any script of the page runs: CSP violations, layout shifts, and the elements the HTML brought. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const state = {
      csp: [] as string[],
      shift: 0,
      moved: [] as string[],
      prerenderedNode: null as Element | null,
      signInSeen: false,
    };
    (window as unknown as { __watch: typeof state }).__watch = state;
    document.addEventListener('securitypolicyviolation', (event) =>
      state.csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    new PerformanceObserver((list) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: readonly Source[] };
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        state.shift += entry.value;
        // What moved, so that a failure names it: the element and its box before and after (never
        // in the way of the count above).
        try {
          const box = (rect: DOMRectReadOnly) =>
            `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
          for (const source of entry.sources ?? []) {
            const node = source.node as Element | null | undefined;
            const name = node
              ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`
              : '(gone)';
            state.moved.push(
              `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${name} ${box(source.previousRect)} → ${box(source.currentRect)}`,
            );
          }
        } catch (error) {
          state.moved.push(`(not described: ${String(error)})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The HTML is parsed before the deferred scripts run: what it holds is remembered here.
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        state.prerenderedNode = document.querySelector('[data-testid=referrals-overview]');
    });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=sign-in]')) state.signInSeen = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return {
    messages,
    state: () =>
      page.evaluate(() => {
        const { csp, shift, moved, prerenderedNode, signInSeen } = (
          window as unknown as {
            __watch: {
              csp: string[];
              shift: number;
              moved: string[];
              prerenderedNode: Element | null;
              signInSeen: boolean;
            };
          }
        ).__watch;
        return {
          csp,
          shift,
          moved,
          signInSeen,
          sameNode:
            prerenderedNode !== null && prerenderedNode === document.querySelector('[data-testid=referrals-overview]'),
        };
      }),
  };
}

test("a public area's heading and text are in the page's HTML, before any script", async () => {
  const response = await fetch(`${suite.stack.hostUrl}/referrals`);
  expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="mfe-page">/.exec(html)?.[1] ?? '';
  expect(root).toContain('<h1 id="referrals-title"');
  expect(root).toContain('The referrals area is being built; this is where it will live.');
  expect(root).toContain('Invite someone');
  // The area's stylesheet is linked with its integrity, and the one inline script is the early-click
  // hold, in the head before any content, which the policy allows by the hash of its exact bytes.
  expect(html).toMatch(
    /<link rel="stylesheet" href="http:\/\/localhost:\d+\/[^"]+\.css" crossorigin="anonymous" integrity="sha384-[^"]+"/,
  );
  const inline = [
    ...html.matchAll(/<script(?![^>]*type="application\/json")(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ];
  expect(inline.map((match) => match[1])).toEqual([EARLY_CLICKS_SCRIPT]);
  expect(html.indexOf(EARLY_CLICKS_SCRIPT)).toBeLessThan(html.indexOf('<div id="root">'));
  const hash = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;
  expect(response.headers.get('content-security-policy')).toContain(hash);

  // With JavaScript off, the visitor still reads it.
  const offline = await suite.browser.context.browser()!.newContext({ javaScriptEnabled: false });
  try {
    const page = await offline.newPage();
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    expect(await page.getByRole('heading', { level: 1, name: 'Referrals' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Referrals' }).first().getAttribute('aria-current')).toBe('page');
  } finally {
    await offline.close();
  }
});

test.each([375, 1280])(
  'the browser hydrates the page as it was at %i px: the same elements, nothing moved, no mismatch, no CSP violation, and the area works',
  async (width) => {
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    const watched = await watch(page);
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    // Hydrated: the browser's own state (a visitor: "Sign in") replaced the HTML's reserved place.
    await page.getByTestId('sign-in').waitFor();
    await page.waitForTimeout(300);
    const state = await watched.state();
    expect(state.sameNode).toBe(true);
    if (state.shift >= 0.01) console.log(`layout shifts at ${width} px:\n${state.moved.join('\n')}`);
    expect(state.shift).toBeLessThan(0.01);
    expect(state.csp).toEqual([]);
    // The area's button works.
    await page.getByRole('button', { name: 'Invite someone' }).click();
    await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
    expect((await watched.state()).csp).toEqual([]);
    expect(
      watched.messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message)),
    ).toEqual([]);
  },
);

test("a click on the area's button before the page's code has run is answered once it hydrates", async () => {
  const page = await suite.browser.context.newPage();
  // The host's own script held back, as on a slow phone: the page is painted and does not work yet.
  await page.route(FIRST_SCRIPT_PATH, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto(`${suite.stack.hostUrl}/referrals`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Invite someone' }).click();
  expect(await page.evaluate(() => (window as unknown as { __mfeHostStarted?: boolean }).__mfeHostStarted)).toBeFalsy();
  // One click, made before any of the host's code ran: answered, once.
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`, { timeout: 15_000 });
  await page.getByTestId('referrals-invite').waitFor();
  await page.close();
});

test("a trusted click at the page's first paint is answered once, on every one of ten loads, whatever its scripts' pace", async () => {
  // Every script of the page held back for the first five loads (a slow phone: the page is painted and
  // nothing of its code has run, not even the boot script); the last five at the network's own pace.
  for (let load = 0; load < 10; load += 1) {
    const page = await suite.browser.context.newPage();
    if (load < 5)
      await page.route(/\/(?:boot|main)\.[0-9a-f]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
    await page.goto(`${suite.stack.hostUrl}/referrals`, { waitUntil: 'commit' });
    // As soon as the button is painted, a real (trusted) click at its place, as a person's finger.
    const button = page.getByRole('button', { name: 'Invite someone' });
    await button.waitFor({ state: 'visible' });
    const box = (await button.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const startedBeforeClick = await page.evaluate(
      () => (window as unknown as { __mfeHostStarted?: boolean }).__mfeHostStarted === true,
    );
    await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`, { timeout: 15_000 });
    await page.getByTestId('referrals-invite').waitFor();
    // Answered once: one step back is the page the click was made on.
    await page.goBack();
    await page.waitForURL(`${suite.stack.hostUrl}/referrals`);
    if (load < 5) expect(startedBeforeClick).toBe(false);
    await page.close();
  }
});

test('a signed-in reload never shows "Sign in": the account place is kept until the session is known', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.getByTestId('user-name').waitFor();
  const watched = await watch(page);
  for (const path of ['/referrals', '/account', '/']) {
    await page.goto(`${suite.stack.hostUrl}${path}`);
    await page.getByTestId('user-name').waitFor();
  }
  const state = await watched.state();
  expect(state.signInSeen).toBe(false);
  expect(state.csp).toEqual([]);
  expect(watched.messages.filter((message) => /hydrat|did not match|rendered it again/i.test(message))).toEqual([]);
});

test("every other route gets the shell in its HTML: header, navigation and the area's reserved place", async () => {
  const html = await (await fetch(`${suite.stack.hostUrl}/account/profile`)).text();
  expect(html).toContain('data-testid="nav-account" aria-current="page"');
  expect(html).toContain('<h1 id="skeleton-account">Account</h1>');
  // The account place holds an invisible stand-in the size of "Sign in" until the session is known.
  expect(html).toContain(
    '<div class="user-menu" data-testid="user-menu"><button type="button" class="user-menu-reserve" disabled="" aria-hidden="true" tabindex="-1">Sign in</button></div>',
  );
  expect(html).toContain('<title>Account · Acme Web</title>');
  // A path nothing renders ahead of time (not found) is the app's page, rendered in the browser.
  expect(await (await fetch(`${suite.stack.hostUrl}/nowhere`)).text()).not.toContain('id="mfe-page"');
});

/**
 * On a slow phone (CPU 4× slower, 10 Mbit/s, 40 ms), signed in (so the session is restored on this
 * load): the area's scripts are requested with the page, before the host's own script has finished
 * downloading, and the area's button answers before any of the sign-in code has been requested.
 * The button is clicked once a frame from the moment it exists, as a visitor would tap it.
 */
test('a prerendered page: the area downloads with the host and its button works before the sign-in code is requested', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=user-name]');
  // A fresh profile with an empty cache, signed in at the provider (its cookies).
  const cold = await launchBrowser();
  await cold.context.addCookies(await suite.browser.context.cookies(suite.stack.idpUrl));
  const tab = await cold.context.newPage();
  const cdp = await cold.context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1_250_000,
    uploadThroughput: 1_250_000,
  });
  // Plain script text: the page's CSP allows no evaluated strings, and a bundler helper must not leak in.
  await tab.addInitScript(`(() => {
    window.__works = 0;
    const tick = () => {
      if (location.pathname.endsWith('/invite')) { window.__works = performance.now(); return; }
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent.trim() === 'Invite someone');
      if (button) button.click();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`);
  // The tab had a session: this load restores it (sessionStorage's hint is per tab, so it is set again).
  await tab.addInitScript(() => sessionStorage.setItem('mfe.auth.signed-in', '1'));
  await tab.goto(`${suite.stack.hostUrl}/referrals`);
  await tab.waitForFunction(() => (window as unknown as { __works: number }).__works > 0, undefined, {
    timeout: 30_000,
  });
  const timing = await tab.evaluate((firstScript) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const find = (pattern: RegExp) => entries.filter((entry) => pattern.test(new URL(entry.name).pathname));
    return {
      works: (window as unknown as { __works: number }).__works,
      mainLoaded: find(new RegExp(firstScript))[0]?.responseEnd ?? -1,
      areaScripts: [...find(/\/remoteEntry\.js$/), ...find(/\/__federation_expose_remote\.[0-9a-f]+\.js$/)].map(
        (entry) => entry.startTime,
      ),
      signInCode: find(/^\/auth\.[0-9a-f]+\.js$/).map((entry) => entry.startTime),
    };
  }, FIRST_SCRIPT_PATH.source);
  expect(timing.areaScripts).toHaveLength(2);
  for (const asked of timing.areaScripts) expect(asked).toBeLessThan(timing.mainLoaded);
  // Asked for after the button worked, or not yet.
  for (const asked of timing.signInCode) expect(asked).toBeGreaterThan(timing.works);
  // And the session is restored after all.
  await tab.waitForSelector('[data-testid=user-name]', { timeout: 30_000 });
  expect(
    await tab.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((entry) =>
        /^\/auth\.[0-9a-f]+\.js$/.test(new URL(entry.name).pathname),
      ),
    ),
  ).toBe(true);
  await cold.close();
}, 90_000);

test("a public page's slot is in its HTML: referrals' home tile, hydrated as it is, with no loading state and no mismatch", async () => {
  const TILE = '[data-contribution="home.tiles referrals/invite-tile"]';
  const html = await (await fetch(`${suite.stack.hostUrl}/`)).text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="mfe-page">/.exec(html)?.[1] ?? '';
  expect(root).toMatch(/data-contribution="home.tiles referrals\/invite-tile"[^>]*data-state="ready"/);
  expect(root).toContain('Friends who join with your code start with a month free.');
  // Its texts, stylesheet and script come with the page: linked and hinted with their integrity,
  // and named in the page's data so the browser loads them before hydrating.
  expect(html).toMatch(
    /<link rel="stylesheet" href="http:\/\/localhost:\d+\/__federation_expose_contributions__invite_tile\.[0-9a-f]+\.css" crossorigin="anonymous" integrity="sha384-/,
  );
  expect(html).toMatch(
    /<link rel="preload" as="script" href="http:\/\/localhost:\d+\/__federation_expose_contributions__invite_tile\.[0-9a-f]+\.js" crossorigin="anonymous" integrity="sha384-/,
  );
  expect(JSON.parse(/<script type="application\/json" id="mfe-page">([^<]*)<\/script>/.exec(html)![1]!)).toMatchObject({
    contributions: [{ remote: 'referrals', module: 'invite-tile' }],
  });
  // Signed-in people's tiles are not in the HTML (it is the same for everyone).
  expect(root).not.toContain('account/profile-tile');

  const page = await suite.browser.context.newPage();
  await page.addInitScript((tile) => {
    const seen = { states: [] as string[], loader: false, prerenderedNode: null as Element | null };
    (window as unknown as { __tile: typeof seen }).__tile = seen;
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') seen.prerenderedNode = document.querySelector(tile);
    });
    new MutationObserver(() => {
      const frame = document.querySelector(tile);
      const state = frame?.getAttribute('data-state');
      if (state && seen.states.at(-1) !== state) seen.states.push(state);
      if (frame?.querySelector('.slot-loading')) seen.loader = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, TILE);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.getByTestId('sign-in').waitFor(); // hydrated
  await page.waitForTimeout(300);
  const seen = await page.evaluate((tile) => {
    const state = (
      window as unknown as { __tile: { states: string[]; loader: boolean; prerenderedNode: Element | null } }
    ).__tile;
    return {
      states: state.states,
      loader: state.loader,
      sameNode: state.prerenderedNode === document.querySelector(tile),
    };
  }, TILE);
  // The element the HTML brought is the one the browser kept: never replaced, never loading.
  expect(seen).toEqual({ states: ['ready'], loader: false, sameNode: true });
  expect(messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message))).toEqual([]);
  // Styled by its own stylesheet, and its link works (into its own area, without a reload).
  const tile = page.locator(`${TILE} [data-testid=referrals-tile]`);
  // (Its box is the shell's; its heading takes referrals' accent from its own stylesheet.)
  expect(await tile.getByRole('heading').evaluate((element) => getComputedStyle(element).color)).toBe(
    'rgb(11, 110, 79)',
  );
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await tile.getByRole('link', { name: 'Invite someone' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
