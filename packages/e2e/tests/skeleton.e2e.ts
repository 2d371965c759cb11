import type { Page, Response } from 'playwright-core';
import { ALICE, eventSubscriptions, signInAtProvider, setUpBrowserSuite } from '../src';

// The walking skeleton end to end: production builds over real HTTP, the real
// dev OpenID provider, real Chromium.
const suite = setUpBrowserSuite();

async function signInThrough(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.stack.hostUrl}${path}`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForURL(`${suite.stack.hostUrl}${path}`);
}

test('a signed-out visitor deep-linking to /account/profile signs in at the provider and lands on that nested page', async () => {
  const page = await suite.browser.context.newPage();
  const profileCalls: Array<{ authorized: boolean; status: number }> = [];
  page.on('response', (response: Response) => {
    if (response.url() === `${suite.stack.apiUrl}/v1/profile` && response.request().method() === 'GET') {
      profileCalls.push({
        authorized: /^Bearer \S+$/.test(response.request().headers().authorization ?? ''),
        status: response.status(),
      });
    }
  });

  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  // Sent to the real provider's login form with an authorization-code + PKCE request.
  await page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`));
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);

  await page.waitForURL(`${suite.stack.hostUrl}/account/profile`);
  await page.waitForSelector('[data-testid=profile-name]');
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  expect(await page.textContent('[data-testid=profile-name]')).toBe(ALICE.name);
  expect(profileCalls).toEqual([{ authorized: true, status: 200 }]);
  // The callback left no code or state behind.
  expect(page.url()).toBe(`${suite.stack.hostUrl}/account/profile`);
});

test('the sign-in request uses the authorization code flow with PKCE S256', async () => {
  const page = await suite.browser.context.newPage();
  const authorize = page.waitForRequest((request) => request.url().startsWith(`${suite.stack.idpUrl}/auth?`));
  await page.goto(`${suite.stack.hostUrl}/account`);
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('response_type')).toBe('code');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.get('redirect_uri')).toBe(`${suite.stack.hostUrl}/auth/callback`);
});

test("a remote's code is loaded and run only when its route is first visited (at most prefetched while idle), and its nested routes work", async () => {
  const page = await suite.browser.context.newPage();
  const referralsRequests: Array<{ url: string; type: string }> = [];
  page.on('request', (request) => {
    if (request.url().startsWith(suite.stack.remoteUrls.referrals))
      referralsRequests.push({ url: request.url(), type: request.resourceType() });
  });
  await signInThrough(page, '/account');
  await page.waitForSelector('[data-testid=account-greeting]');
  await page.waitForLoadState('networkidle');
  // Idle prefetch: fetched into the cache or hinted, never as a script the page runs.
  expect(referralsRequests.filter((request) => request.type === 'script')).toEqual([]);
  const before = referralsRequests.length;

  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.textContent('[data-testid=referrals-overview]')).toContain(ALICE.name);
  // Read once on the visit: only the host reads it (the runtime is given the entry script itself).
  expect(referralsRequests.slice(before).filter((request) => request.url.endsWith('/mf-manifest.json'))).toHaveLength(
    1,
  );

  // The remote navigates relative to its mount point through the context.
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForSelector('[data-testid=referrals-invite]');
  expect(new URL(page.url()).pathname).toBe('/referrals/invite');
});

test("opening a remote's page downloads each file once, and the remote's entry and first chunk in parallel", async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/account');
  await page.waitForSelector('[data-testid=account-greeting]');
  // The other area may be prefetched while this page is idle: let that finish before counting.
  await page.waitForLoadState('networkidle');

  const events: string[] = [];
  const name = (url: string) => new URL(url).pathname.replace(/\.[0-9a-f]{8}\.js$/, '.js');
  // The page's own requests; the session restore's hidden iframe is counted apart.
  const iframe: string[] = [];
  // This page's own files and its remote's (not the other area's, which may be prefetched while idle).
  const ours = (url: string) =>
    url.startsWith(suite.stack.hostUrl) || url.startsWith(suite.stack.remoteUrls.referrals!);
  page.on('request', (request) =>
    request.frame() !== page.mainFrame()
      ? iframe.push(name(request.url()))
      : ours(request.url()) && events.push(`start ${name(request.url())}`),
  );
  page.on(
    'requestfinished',
    (request) =>
      request.frame() === page.mainFrame() && ours(request.url()) && events.push(`end ${name(request.url())}`),
  );
  // A slow entry: without the preload hints its first chunk would only be asked for once it had run.
  await page.route(`${suite.stack.remoteUrls.referrals}/remoteEntry.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(`${suite.stack.hostUrl}/referrals`); // a full load: the session is restored, the remote loaded alongside
  await page.waitForSelector('[data-testid=referrals-overview]');

  const starts = (file: string) => events.filter((event) => event === `start ${file}`).length;
  for (const file of [
    '/config.json',
    '/remotes.json',
    '/mf-manifest.json',
    '/remoteEntry.js',
    '/__federation_expose_remote.js',
  ])
    expect([file, starts(file)]).toEqual([file, 1]);
  expect(events.indexOf('start /__federation_expose_remote.js')).toBeLessThan(events.indexOf('end /remoteEntry.js'));
  // The silent restore's iframe gets its own small page, not the app.
  expect(iframe).toContain('/auth/silent-callback.js');
  expect(iframe.filter((file) => file === '/main.js' || file === '/config.json')).toEqual([]);
});

test('an invitation announced by referrals shows in account, and subscriptions do not pile up across navigation', async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/referrals/invite');
  await page.getByLabel('Email').fill('friend@example.test');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('status').filter({ hasText: 'friend@example.test' }).waitFor();

  // Client-side navigation only: the same page, the same event bus.
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-activity]');
  expect(await page.textContent('[data-testid=account-activity]')).toBe(
    'You invited friend@example.test during this session.',
  );

  const subscriptions = () => eventSubscriptions(page);
  const afterOneVisit = await subscriptions();
  for (let round = 0; round < 4; round += 1) {
    await page.click('[data-testid=nav-referrals]');
    await page.waitForSelector('[data-testid=referrals-overview]');
    await page.click('[data-testid=nav-account]');
    await page.waitForSelector('[data-testid=account-activity]');
  }
  expect(await subscriptions()).toBe(afterOneVisit);
  // No area is mounted on the diagnostics page: only account's count in the header is subscribed.
  expect(afterOneVisit).toBe(1);
  // This host's config leaves developer overrides off: no way to set one.
  expect(await page.locator('[data-testid=override-form]').count()).toBe(0);
});

test('React and react-dom are downloaded and instantiated once across the host and both remotes', async () => {
  const page = await suite.browser.context.newPage();
  // Count renderers the way React DevTools does: every react-dom copy registers itself.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject(renderer: unknown) {
        renderers.push(renderer);
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
    (window as unknown as Record<string, unknown>).__renderers = renderers;
  });
  await signInThrough(page, '/account');
  // Count from a fresh document load of a signed-in page: every script it runs.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.frame() === page.mainFrame())
      scripts.push(response.text().catch(() => ''));
  });
  await page.reload();
  await page.waitForSelector('[data-testid=account-greeting]');
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');

  const bodies = await Promise.all(scripts);
  expect(bodies.filter((body) => /\.useState=function/.test(body))).toHaveLength(1); // react
  expect(bodies.filter((body) => body.includes('rendererPackageName:"react-dom"'))).toHaveLength(1); // react-dom
  expect(await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).toBe(1);
});

test('a reload keeps the user signed in without storing tokens in Web Storage', async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/account');
  await page.waitForSelector('[data-testid=account-greeting]');
  await page.reload();
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(new URL(page.url()).pathname).toBe('/account');
  const stored = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  expect(stored).not.toMatch(/access_token|id_token|refresh_token/);
});

test('sign-out ends the session in the host and at the provider', async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/account');
  await page.waitForSelector('[data-testid=account-greeting]');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=sign-in]');
  expect(await page.$('[data-testid=user-name]')).toBeNull();

  // The provider session is gone too: a protected page asks for credentials again.
  await page.goto(`${suite.stack.hostUrl}/account`);
  await page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`));
  expect(await page.$('#password')).not.toBeNull();
});

test('a remote whose entry answers 404 shows an error panel naming it, while the rest of the app works and Retry recovers', async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/referrals');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.route(`${suite.stack.remoteUrls.account}/**`, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );

  await page.click('[data-testid=nav-account]');
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=account]');
  expect(await panel.textContent()).toContain('Account is unavailable');
  // Header, navigation, sign-in state and the other remote still work.
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForSelector('[data-testid=referrals-invite]');

  // Once the remote is back, Retry loads it without a page reload.
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=remote-error][data-remote=account]');
  await page.unroute(`${suite.stack.remoteUrls.account}/**`);
  const marker = await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  // The area's own Retry (account's part in the header, from the same remote, failed too).
  await page.getByTestId('remote-error').getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(marker);
});

test('an unknown path shows the not-found page inside the layout', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/no/such/page`);
  await page.waitForSelector('[data-testid=not-found]');
  expect(await page.textContent('[data-testid=product-name]')).toBe('Acme Web');
});

test('a callback with an unknown state shows a sign-in error page with a way back, and no code in the URL', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/auth/callback?code=forged&state=never-issued`);
  const error = await page.waitForSelector('[data-testid=startup-error]');
  expect(await error.textContent()).toContain('Sign-in could not be completed');
  expect(page.url()).toBe(`${suite.stack.hostUrl}/auth/callback`);
  expect(await page.$('[data-testid=user-name]')).toBeNull();

  await page.getByRole('button', { name: 'Sign in again' }).click();
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=home-greeting]');
});

test('the happy path runs under the strict Content-Security-Policy with zero violations, and the policy does block inline script', async () => {
  const page = await suite.browser.context.newPage();
  await page.addInitScript(() => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
  });
  const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  const response = await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForURL(`${suite.stack.hostUrl}/account/profile`);
  await page.waitForSelector('[data-testid=profile-name]');
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.reload(); // silent restore through the hidden iframe
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await violations()).toEqual([]);

  const policy = (await page.request.get(`${suite.stack.hostUrl}/`)).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' ");
  expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
  expect(response).not.toBeNull();

  // The policy is really enforced: an injected inline script does not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
});

test('hovering or focusing an area in the navigation starts loading it before the click', async () => {
  const page = await suite.browser.context.newPage();
  await signInThrough(page, '/account');
  await page.waitForSelector('[data-testid=account-greeting]');
  const entryLoaded = page.waitForRequest(
    (request) => request.url() === `${suite.stack.remoteUrls.referrals}/remoteEntry.js`,
    { timeout: 5_000 },
  );
  await page.hover('[data-testid=nav-referrals]');
  await entryLoaded;
  expect(await page.$('[data-testid=referrals-overview]')).toBeNull(); // loaded, not shown
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
});

describe('integrity', () => {
  async function signedInOnAccount() {
    const page = await suite.browser.context.newPage();
    await signInThrough(page, '/account');
    await page.waitForSelector('[data-testid=account-greeting]');
    return page;
  }
  const tampered = () => (window as unknown as { __tampered?: boolean }).__tampered;

  test.each([
    ['a remote entry', 'remoteEntry.js'],
    ['a chunk (while the entry is genuine)', '__federation_expose_remote.*.js'],
  ])('%s whose bytes were altered is refused before it runs', async (_label, file) => {
    const page = await signedInOnAccount();
    await page.route(`${suite.stack.remoteUrls.referrals}/${file}`, async (route) => {
      const original = await (await route.fetch()).text();
      await route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        headers: { 'access-control-allow-origin': '*' },
        body: `window.__tampered = true;\n${original}`,
      });
    });
    await page.click('[data-testid=nav-referrals]');
    await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]', { timeout: 10_000 });
    expect(await page.evaluate(tampered)).toBeUndefined();
  });

  test('the genuine remote loads with its entry pinned by the manifest', async () => {
    const page = await signedInOnAccount();
    // The runtime removes script elements once loaded: record them as they are added.
    await page.evaluate(() => {
      const seen: Array<{ src: string; integrity: string }> = [];
      (window as unknown as { __scripts: typeof seen }).__scripts = seen;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes)
            if (node instanceof HTMLScriptElement) seen.push({ src: node.src, integrity: node.integrity });
      }).observe(document, { childList: true, subtree: true });
    });
    const manifest = (await (await page.request.get(`${suite.stack.hostUrl}/remotes.json`)).json()) as {
      remotes: Array<{ name: string; integrity?: string }>;
    };
    expect(manifest.remotes.find((r) => r.name === 'referrals')?.integrity).toMatch(/^sha384-/);
    await page.click('[data-testid=nav-referrals]');
    await page.waitForSelector('[data-testid=referrals-overview]');
    const scripts = await page.evaluate(
      () => (window as unknown as { __scripts: Array<{ src: string; integrity: string }> }).__scripts,
    );
    const fromReferrals = scripts.filter((script) => script.src.startsWith(suite.stack.remoteUrls.referrals));
    expect(fromReferrals.length).toBeGreaterThanOrEqual(2); // the entry and its exposed chunk
    for (const script of fromReferrals) expect(script.integrity).toMatch(/^sha384-/);
  });
});

test('every page is titled after its area on client-side navigation, and the page has a favicon that exists', async () => {
  const page = await suite.browser.context.newPage();
  const missing: string[] = [];
  page.on('response', (response) => response.status() === 404 && missing.push(response.url()));
  await signInThrough(page, '/referrals');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.title()).toBe('Referrals · Acme Web');
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
  // The area names its page through the context (usePageTitle), in front of its label.
  await page.waitForFunction(() => document.title === 'Claims · Account · Acme Web');
  await page.click('text=Profile');
  await page.waitForFunction(() => document.title === 'Profile · Account · Acme Web');
  await page.click('[data-testid=product-name]');
  await page.waitForFunction(() => document.title === 'Acme Web');
  const icon = await page.$eval('link[rel=icon]', (link) => (link as HTMLLinkElement).href);
  const response = await page.request.get(icon);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
  expect(missing).toEqual([]);
});
