import type { Page } from 'playwright-core';
import { ALICE, closeTabMidRenewal, idpControl, launchBrowser, setUpBrowserSuite, signInAtProvider } from '../src';

// Sign-in that survives real life: short-lived tokens (6 s) so renewal happens
// within a test. The account area requires the admin role (Alice has it), so expiry is also
// exercised on a role-restricted page.
const TOKEN_TTL_S = 6;
const suite = setUpBrowserSuite(['--access-token-ttl', String(TOKEN_TTL_S), '--require-role', 'account=admin']);
const idp = () => idpControl(suite.stack.idpUrl);

beforeEach(async () => {
  await idp().reset();
});

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.stack.hostUrl}${path}`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForURL(`${suite.stack.hostUrl}${path}`);
  await page.waitForSelector('[data-testid=user-name]');
}

async function signedInTab(path: string): Promise<Page> {
  const page = await suite.browser.context.newPage();
  await signIn(page, path);
  return page;
}

/** Opens the provider-profile page, which makes a real authenticated call with a current token. */
async function profileLoads(page: Page): Promise<boolean> {
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  const result = await page.waitForSelector('[data-testid=profile-name], [role=alert]');
  return (await result.getAttribute('data-testid')) === 'profile-name';
}

test('two tabs share one session: a new tab joins without signing in, and renewals make one token request each with no reuse', async () => {
  const tabA = await suite.browser.context.newPage();
  await signIn(tabA, '/account');

  const tabB = await suite.browser.context.newPage();
  const providerVisits: string[] = [];
  tabB.on('request', (request) => {
    if (request.url().startsWith(`${suite.stack.idpUrl}/auth`)) providerVisits.push(request.url());
  });
  await tabB.goto(`${suite.stack.hostUrl}/account`);
  await tabB.waitForSelector('[data-testid=account-greeting]');
  expect(providerVisits).toEqual([]); // tokens came from tab A, in memory

  await idp().reset();
  const started = Date.now();
  // Keep both tabs busy with authenticated calls across several token lifetimes.
  while (Date.now() - started < 3 * TOKEN_TTL_S * 1000) {
    expect(await profileLoads(tabA)).toBe(true);
    expect(await profileLoads(tabB)).toBe(true);
  }
  const elapsed = (Date.now() - started) / 1000;
  const stats = await idp().stats();
  // A renewal is a refresh by the tab that holds the refresh token, or a silent sign-in by one that
  // never received it (tabs do not pass it on, and each check above reloads its tab).
  const renewals = (stats.tokenRequests.refresh_token ?? 0) + (stats.tokenRequests.authorization_code ?? 0);
  // One renewal per ~0.75 lifetime for the whole browser, not one per tab; and no reused token.
  expect(renewals).toBeGreaterThanOrEqual(2);
  expect(renewals).toBeLessThanOrEqual(Math.ceil(elapsed / (TOKEN_TTL_S * 0.75)) + 1);
  expect(stats.tokenErrors).toEqual({});
});

test("a same-origin script asking the tabs' channel gets access and ID tokens but nothing it can refresh with", async () => {
  const tabA = await signedInTab('/account');
  // Another document of the origin (not the app): it asks as any script there could.
  const script = await suite.browser.context.newPage();
  await script.goto(`${suite.stack.hostUrl}/favicon.svg`);
  const answers = await script.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const channel = new BroadcastChannel('mfe-auth:mfe-host');
        channel.onmessage = (event) => seen.push(JSON.stringify(event.data));
        channel.postMessage({ type: 'request-tokens' });
        setTimeout(() => resolve(seen), 1_000);
      }),
  );
  const sets = answers
    .map((answer) => JSON.parse(answer) as { type: string; user?: string })
    .filter((message) => message.type === 'tokens')
    .map((message) => JSON.parse(message.user!) as Record<string, unknown>);
  expect(sets.length).toBeGreaterThanOrEqual(1);
  for (const set of sets) {
    expect(typeof set.access_token).toBe('string');
    expect(set.refresh_token).toBeUndefined();
  }
  expect(answers.join('\n')).not.toMatch(/refresh_token\\?":\\?"[^"\\]/);
  // The holding tab still renews with its own refresh token.
  await idp().reset();
  await tabA.waitForTimeout(TOKEN_TTL_S * 1000);
  expect(await profileLoads(tabA)).toBe(true);
});

test('closing the tab that holds the refresh token hands over: the other renews on its own and carries on', async () => {
  const tabA = await signedInTab('/account');
  const tabB = await suite.browser.context.newPage();
  await tabB.goto(`${suite.stack.hostUrl}/account`);
  await tabB.waitForSelector('[data-testid=account-greeting]');
  await tabA.close();
  await idp().reset();
  // Past two lifetimes with only tab B, navigating inside the app (no reload).
  await tabB.waitForTimeout(TOKEN_TTL_S * 2000);
  await tabB.click('text=Claims');
  await tabB.click('text=Profile');
  await tabB.waitForSelector('[data-testid=profile-name]');
  expect(await tabB.$('[data-testid=session-expired]')).toBeNull();
  const stats = await idp().stats();
  expect(
    (stats.tokenRequests.refresh_token ?? 0) + (stats.tokenRequests.authorization_code ?? 0),
  ).toBeGreaterThanOrEqual(1);
  expect(stats.tokenErrors).toEqual({});
});

test('closing the tab that holds the refresh token after the provider rotated it, before the answer arrived, hands over: the other renews on its own and carries on', async () => {
  const tabA = await signedInTab('/account');
  const tabB = await suite.browser.context.newPage();
  await tabB.goto(`${suite.stack.hostUrl}/account`);
  await tabB.waitForSelector('[data-testid=account-greeting]');
  await idp().reset();
  const { closed } = await closeTabMidRenewal(suite.browser.context, suite.stack.idpUrl, 'after-the-provider-rotated');
  // Tab A holds the refresh token it signed in with; tab B holds one only if it renewed on its own
  // (a silent sign-in) before: whichever sent the request is closed, the other carries on.
  const survivor = (await closed) === tabA ? tabB : tabA;
  await survivor.waitForTimeout(TOKEN_TTL_S * 1500);
  await survivor.click('text=Claims');
  await survivor.click('text=Profile');
  await survivor.waitForSelector('[data-testid=profile-name]');
  expect(await survivor.$('[data-testid=session-expired]')).toBeNull();
  expect((await idp().stats()).tokenErrors).toEqual({});
});

test('a revoked grant ends in a clear session-expired prompt that takes focus and keeps the role-restricted page, and signing in again returns to it', async () => {
  const page = await suite.browser.context.newPage();
  await signIn(page, '/account/profile');
  await page.waitForSelector('[data-testid=profile-name]');
  await page.evaluate(() => document.querySelector('[data-remote=account]')?.setAttribute('data-marker', 'same-mount'));

  await idp().revoke('u-alice');
  const notice = await page.waitForSelector('[data-testid=session-expired]', { timeout: TOKEN_TTL_S * 2000 });
  expect(await notice.textContent()).toContain('Your session has expired');
  // Focus is in the alert dialog, on its action.
  expect(
    await page.evaluate(
      () => `${document.activeElement?.closest('[role=alertdialog]')?.id ?? ''}|${document.activeElement?.textContent}`,
    ),
  ).toBe('|Sign in again');
  // The page underneath is still there, the same mount (state kept), its navigation link too, and no "no access" page.
  expect(await page.$('[data-testid=profile-name]')).not.toBeNull();
  expect(await page.getAttribute('[data-remote=account]', 'data-marker')).toBe('same-mount');
  expect(await page.$('[data-testid=nav-account]')).not.toBeNull();
  expect(await page.$('[data-testid=no-access]')).toBeNull();
  expect((await idp().stats()).tokenErrors).toEqual({ 'refresh_token:invalid_grant': 1 });

  await page.getByRole('button', { name: 'Sign in again' }).click();
  // The provider session still exists, so no form: straight back to the same page.
  await page.waitForURL(`${suite.stack.hostUrl}/account/profile`);
  await page.waitForSelector('[data-testid=profile-name]');
  expect(await page.$('[data-testid=session-expired]')).toBeNull();
});

test('a new tab joins the session of a signed-in tab that is busy when it asks, without a trip to the provider', async () => {
  const tabA = await suite.browser.context.newPage();
  await signIn(tabA, '/account');
  const tabB = await suite.browser.context.newPage();
  const visited: string[] = [];
  tabB.on('framenavigated', (frame) => frame === tabB.mainFrame() && visited.push(frame.url()));
  // The signed-in tab's main thread is busy for a second as the new tab asks for its session.
  const busy = tabA.evaluate(() => {
    const until = Date.now() + 1_000;
    while (Date.now() < until);
  });
  await tabB.goto(`${suite.stack.hostUrl}/account`);
  await tabB.waitForSelector('[data-testid=account-greeting]');
  await busy;
  expect(visited.filter((url) => url.startsWith(suite.stack.idpUrl) || url.includes('/auth/callback'))).toEqual([]);
});

test('signing out in one tab signs out the other within a few seconds', async () => {
  const tabA = await suite.browser.context.newPage();
  await signIn(tabA, '/account');
  const tabB = await suite.browser.context.newPage();
  await tabB.goto(`${suite.stack.hostUrl}/referrals`);
  await tabB.waitForSelector('[data-testid=referrals-overview]');

  await tabA.getByRole('button', { name: 'Sign out' }).click();
  await tabB.waitForSelector('[data-testid=signed-out-elsewhere]', { timeout: 3_000 });
  expect(await tabB.$('[data-testid=user-name]')).toBeNull();
  await tabA.waitForURL(`${suite.stack.hostUrl}/`);
});

test('the sign-in return page paints the shell and a heading from its HTML while the sign-in completes', async () => {
  const html = await (await fetch(`${suite.stack.hostUrl}/auth/callback`)).text();
  expect(html).toContain('<h1>Signing you in…</h1>');
  expect(html).toContain('class="app-header"');
  const page = await suite.browser.context.newPage();
  // What the return page shows before any script of the host has run.
  await page.addInitScript(() => {
    if (location.pathname !== '/auth/callback') return;
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __firstPaint: object }).__firstPaint = {
        heading: document.querySelector('h1')?.textContent ?? null,
        product: document.querySelector('[data-testid=product-name]')?.textContent ?? null,
      };
    });
  });
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(page.url()).toBe(`${suite.stack.hostUrl}/account`);
  expect(await page.evaluate(() => (window as unknown as { __firstPaint: object }).__firstPaint)).toEqual({
    heading: 'Signing you in…',
    product: 'Acme Web',
  });
});

test('cancelling at the provider shows that sign-in was cancelled, with a way to sign in again, and is not reported as a failure', async () => {
  const page = await suite.browser.context.newPage();
  const reported: string[] = [];
  page.on('console', (message) => message.text().includes('[mfe:telemetry]') && reported.push(message.text()));
  await page.goto(`${suite.stack.hostUrl}/account`);
  await page.waitForSelector('#username');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const error = await page.waitForSelector('[data-testid=startup-error]');
  expect(await error.textContent()).toContain('Sign-in was cancelled');
  expect(page.url()).toBe(`${suite.stack.hostUrl}/auth/callback`);
  expect(await page.$('[data-testid=user-name]')).toBeNull();
  // Telemetry hears that the person cancelled, not that the host failed to start.
  for (let tries = 0; tries < 50 && !reported.some((line) => line.includes('sign-in cancelled')); tries += 1)
    await page.waitForTimeout(100);
  expect(reported.filter((line) => line.includes('sign-in cancelled'))).toHaveLength(1);
  expect(reported.filter((line) => /start-up failed|kind: error/.test(line))).toEqual([]);
});

test('a token endpoint that is down during the callback gives a clear message, and a retry signs in', async () => {
  const page = await suite.browser.context.newPage();
  await page.route(`${suite.stack.idpUrl}/token`, (route) => route.abort('connectionrefused'));
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const error = await page.waitForSelector('[data-testid=startup-error]');
  expect(await error.textContent()).toContain('The sign-in provider could not be reached');
  expect(await page.$('[data-testid=user-name]')).toBeNull();

  await page.unroute(`${suite.stack.idpUrl}/token`);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=user-name]');
});

test.each([
  [
    'claims altered after signing (another issuer)',
    (header: string, claims: Record<string, unknown>, signature: string) =>
      `${header}.${encode({ ...claims, iss: 'http://evil.example' })}.${signature}`,
    "cannot trust (its signature does not match the provider's keys",
  ],
  [
    '"alg": "none" with no signature',
    (_header: string, claims: Record<string, unknown>) => `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
    'cannot trust (signed with "none", which the provider does not use',
  ],
  [
    'a nonce from another sign-in',
    (header: string, claims: Record<string, unknown>, signature: string) =>
      `${header}.${encode({ ...claims, nonce: 'replayed' })}.${signature}`,
    'nonce in id_token does not match',
  ],
])('an ID token with %s is refused and leaves nobody signed in', async (_label, forge, reason) => {
  const page = await suite.browser.context.newPage();
  await page.route(`${suite.stack.idpUrl}/token`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id_token: string };
    const [header, payload, signature] = body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, id_token: forge(header!, claims, signature!) } });
  });
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const error = await page.waitForSelector('[data-testid=startup-error]');
  expect(await error.textContent()).toContain(reason);
  expect(await page.$('[data-testid=user-name]')).toBeNull();
});

test('every authorization request carries a fresh nonce', async () => {
  const page = await suite.browser.context.newPage();
  const nonces: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${suite.stack.idpUrl}/auth?`))
      nonces.push(new URL(request.url()).searchParams.get('nonce') ?? '');
  });
  await signIn(page, '/account');
  expect(nonces).toHaveLength(1);
  expect(nonces[0]).toMatch(/^[\w-]{32}$/);
});

test('a provider that goes down during renewal gets a bounded number of tries, then the prompt; the session recovers when it is back', async () => {
  const page = await suite.browser.context.newPage();
  await signIn(page, '/account');
  const tokenCalls: number[] = [];
  page.on('request', (request) => {
    if (request.url() === `${suite.stack.idpUrl}/token`) tokenCalls.push(Date.now());
  });

  await idp().setAvailability('unreachable');
  await page.waitForSelector('[data-testid=session-expired]', { timeout: 20_000 });
  const triesBeforePrompt = tokenCalls.length;
  expect(triesBeforePrompt).toBeGreaterThanOrEqual(1);
  expect(triesBeforePrompt).toBeLessThanOrEqual(4);

  await idp().setAvailability('up');
  // Renewal resumes by itself (timer / online / wake) and the prompt goes away.
  await page.waitForSelector('[data-testid=session-expired]', { state: 'detached', timeout: 20_000 });
  expect(await profileLoads(page)).toBe(true);
});

test('going offline past the token expiry and coming back online recovers the session without signing in', async () => {
  const page = await suite.browser.context.newPage();
  await signIn(page, '/account');
  await suite.browser.context.setOffline(true);
  await page.waitForSelector('[data-testid=session-expired]', { timeout: 20_000 });
  await suite.browser.context.setOffline(false);
  await page.waitForSelector('[data-testid=session-expired]', { state: 'detached', timeout: 5_000 });
  expect(await profileLoads(page)).toBe(true);
});

test('after the laptop sleeps past the token expiry, waking up renews once and the session carries on', async () => {
  const page = await suite.browser.context.newPage();
  await page.clock.install();
  await signIn(page, '/account');
  await idp().reset();
  // Asleep: the page's clock and timers stop while real time (and the provider's clock) goes on.
  const asleepMs = (TOKEN_TTL_S + 3) * 1000;
  await page.clock.pauseAt(Date.now() + 500);
  await new Promise((resolve) => setTimeout(resolve, asleepMs));
  // Waking up: the clock jumps forward and overdue timers fire at once.
  await page.clock.resume();
  await page.clock.fastForward(asleepMs);
  // An in-app navigation (no reload) makes an authenticated call with whatever the session holds now.
  await page.click('text=Profile');
  await page.waitForSelector('[data-testid=profile-name]');
  expect(await page.$('[data-testid=session-expired]')).toBeNull();
  const stats = await idp().stats();
  expect(stats.tokenRequests.refresh_token).toBe(1);
  expect(stats.tokenErrors).toEqual({});
});

test('no token ever lands in Web Storage, IndexedDB or a window property', async () => {
  const page = await suite.browser.context.newPage();
  await signIn(page, '/account/profile');
  await page.waitForSelector('[data-testid=profile-name]');
  // What any remote's code could do: it runs in the same origin.
  const found = await page.evaluate(async () => {
    const hits: string[] = [];
    const looksLikeToken = (value: string) => /eyJ[\w-]+\.[\w-]+\.|access_token|refresh_token|id_token/.test(value);
    for (const [name, store] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i)!;
        if (looksLikeToken(`${key}=${store.getItem(key)}`)) hits.push(`${name}:${key}`);
      }
    }
    for (const info of await indexedDB.databases()) hits.push(`indexedDB:${info.name}`);
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        const value = (window as unknown as Record<string, unknown>)[key];
        if (typeof value === 'string' && looksLikeToken(value)) hits.push(`window.${key}`);
        if (
          value &&
          typeof value === 'object' &&
          !(value instanceof Node) &&
          key !== 'window' &&
          key !== 'self' &&
          key !== 'top' &&
          key !== 'parent' &&
          key !== 'frames'
        ) {
          const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'function' ? undefined : v));
          if (text && looksLikeToken(text)) hits.push(`window.${key}`);
        }
      } catch {
        // cyclic or inaccessible values cannot be serialised, and are not token strings either
      }
    }
    return hits;
  });
  expect(found).toEqual([]);
});

test.each([
  ['2 hours ahead', 2],
  ['2 hours behind', -2],
])(
  'a device clock %s signs in, renews, and survives the clock being set right mid-session',
  async (_label, hours) => {
    // Its own browser: the fake clock is the whole profile's.
    const browser = await launchBrowser();
    try {
      await browser.context.clock.install({ time: Date.now() + hours * 3600_000 });
      const page = await browser.context.newPage();
      await page.goto(`${suite.stack.hostUrl}/account/profile`);
      await signInAtProvider(page, suite.stack.idpUrl, ALICE);
      await page.waitForSelector('[data-testid=profile-name]');
      const refreshesBefore = (await idp().stats()).tokenRequests.refresh_token ?? 0;
      // Past two token lifetimes: renewed on the provider's time, with real API calls after.
      await page.waitForTimeout(TOKEN_TTL_S * 2000);
      await page.reload();
      await page.waitForSelector('[data-testid=profile-name]');
      // The clock is set right (a jump of `hours` the other way) while the page runs.
      await browser.context.clock.setSystemTime(Date.now());
      await page.waitForTimeout(TOKEN_TTL_S * 1500);
      await page.click('text=Claims');
      await page.click('text=Profile');
      await page.waitForSelector('[data-testid=profile-name]');
      expect(await page.$('[data-testid=session-expired]')).toBeNull();
      expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
      expect((await idp().stats()).tokenRequests.refresh_token ?? 0).toBeGreaterThan(refreshesBefore);
      expect((await idp().stats()).tokenErrors).toEqual({});
    } finally {
      await browser.close();
    }
  },
  60_000,
);

test('a reload that restores the session asks the provider for its discovery document once, and for its keys before the tokens are back', async () => {
  const page = await signedInTab('/referrals');
  // A phone's round trip, so requests made a few milliseconds apart overlap as they do in the field.
  const cdp = await suite.browser.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // What the browser asks of the provider as the reloaded page restores the session, in order.
  const events: string[] = [];
  const provider = (url: string) => (url.startsWith(suite.stack.idpUrl) ? new URL(url).pathname : undefined);
  suite.browser.context.on('request', (request) => {
    const path = provider(request.url());
    if (path) events.push(`asked ${path}`);
  });
  suite.browser.context.on('requestfinished', (request) => {
    const path = provider(request.url());
    if (path) events.push(`answered ${path}`);
  });
  await page.reload();
  await page.waitForSelector('[data-testid=user-name]');

  expect(events.filter((event) => event === 'asked /.well-known/openid-configuration')).toHaveLength(1);
  const keysAsked = events.indexOf('asked /jwks');
  const tokensBack = events.indexOf('answered /token');
  expect(tokensBack).toBeGreaterThan(-1);
  expect(keysAsked).toBeGreaterThan(-1);
  expect(keysAsked).toBeLessThan(tokensBack);
});
