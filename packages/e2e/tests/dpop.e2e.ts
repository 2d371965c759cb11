import type { Page } from 'playwright-core';
import { ALICE, closeTabMidRenewal, idpControl, launchBrowser, setUpBrowserSuite, signInAtProvider } from '../src';

// Sender-constrained tokens (DPoP, RFC 9449) against the dev provider, which asks for server
// nonces: bound tokens, a proof on every API call, a reload that restores with one token request
// (no iframe, no provider cookie), tabs that never pass the refresh token, sign-out that removes
// what is kept.
const TOKEN_TTL_S = 8;
const suite = setUpBrowserSuite(['--dpop', '--access-token-ttl', String(TOKEN_TTL_S)]);
const idp = () => idpControl(suite.stack.idpUrl);

beforeEach(async () => {
  await idp().reset();
  for (const page of suite.browser.context.pages()) await page.close();
});

/** What is kept in IndexedDB: the refresh-token record and the DPoP key's presence. */
function kept(page: Page) {
  return page.evaluate(async () => {
    const read = (db: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(db);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(store)) return resolve([]);
          const all = database.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => resolve([]);
        };
      });
    const records = (await read('mfe-auth', 'refresh-tokens')) as Array<{ refreshToken: string; sub: string }>;
    const keys = await read('oidc', 'dpop');
    return { records, keys: keys.length };
  });
}

test('tokens are bound to a non-extractable key and every API call carries a proof, following the server nonce', async () => {
  const page = await suite.browser.context.newPage();
  const tokenRequests: Array<{ dpop: boolean }> = [];
  const apiCalls: Array<{ authorization: string; dpop: boolean; status?: number }> = [];
  page.on('request', (request) => {
    if (request.url() === `${suite.stack.idpUrl}/token` && request.method() === 'POST')
      tokenRequests.push({ dpop: Boolean(request.headers().dpop) });
    if (request.url().startsWith(`${suite.stack.apiUrl}/v1/profile`) && request.method() === 'GET')
      apiCalls.push({ authorization: request.headers().authorization ?? '', dpop: Boolean(request.headers().dpop) });
  });
  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=profile-name]');
  expect(tokenRequests.length).toBeGreaterThanOrEqual(1);
  expect(tokenRequests.every((request) => request.dpop)).toBe(true);
  expect(apiCalls.length).toBeGreaterThanOrEqual(1);
  expect(apiCalls.every((call) => call.authorization.startsWith('DPoP ') && call.dpop)).toBe(true);
  // The key cannot be exported: only a handle lives in IndexedDB.
  const extractable = await page.evaluate(
    () =>
      new Promise<boolean | null>((resolve) => {
        const open = indexedDB.open('oidc');
        open.onsuccess = () => {
          const all = open.result.transaction('dpop').objectStore('dpop').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result[0] as { keys?: { privateKey?: CryptoKey } } | undefined)?.keys?.privateKey?.extractable ??
                null,
            );
        };
        open.onerror = () => resolve(null);
      }),
  );
  expect(extractable).toBe(false);
  // Renewals keep working past two token lifetimes, with real API calls after.
  await page.waitForTimeout(TOKEN_TTL_S * 2000);
  await page.click('text=Claims');
  await page.click('text=Profile');
  await page.waitForSelector('[data-testid=profile-name]');
  // The only refusals: the provider's one "use this nonce" to a key it had not seen (RFC 9449 §8).
  const { tokenErrors } = await idp().stats();
  expect(Object.keys(tokenErrors).filter((key) => !key.endsWith(':use_dpop_nonce'))).toEqual([]);
  expect(Object.values(tokenErrors).reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(1);
});

test('a reload restores the session with one token request: no iframe, no provider cookie', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  // As a browser that blocks the provider's cookies in frames: none at all.
  await suite.browser.context.clearCookies();
  const toProvider: string[] = [];
  page.on('request', (request) => {
    if (
      request.url().startsWith(suite.stack.idpUrl) &&
      !request.url().includes('/.well-known/') &&
      !request.url().includes('/jwks')
    )
      toProvider.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const before = (await idp().stats()).tokenRequests.refresh_token ?? 0;
  await page.reload();
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  expect(toProvider.filter((request) => request !== 'OPTIONS /token')).toEqual(['POST /token']);
  expect((await idp().stats()).tokenRequests.refresh_token ?? 0).toBe(before + 1);
});

test('the stored refresh token is useless without the key, and tabs never pass it to each other', async () => {
  const tabA = await suite.browser.context.newPage();
  await tabA.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(tabA, suite.stack.idpUrl, ALICE);
  await tabA.waitForSelector('[data-testid=account-greeting]');
  const { records } = await kept(tabA);
  expect(records).toHaveLength(1);
  const stolen = records[0]!.refreshToken;

  // Someone who copied it, without the private key: the provider refuses it.
  const response = await fetch(`${suite.stack.idpUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: suite.stack.hostUrl },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stolen, client_id: 'mfe-host' }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toMatch(/invalid_grant|invalid_dpop_proof/);

  // A second tab joins the session over the tabs' channel: what travels has no refresh token.
  const tabB = await suite.browser.context.newPage();
  await tabB.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __channelSeen: seen });
    new BroadcastChannel('mfe-auth:mfe-host').onmessage = (event) => seen.push(JSON.stringify(event.data));
  });
  await tabB.goto(`${suite.stack.hostUrl}/account`);
  await tabB.waitForSelector('[data-testid=account-greeting]');
  const seen = await tabB.evaluate(() => (window as unknown as { __channelSeen: string[] }).__channelSeen);
  expect(seen.some((message) => message.includes('tokens'))).toBe(true);
  expect(seen.join('\n')).not.toContain(stolen);
  expect(seen.join('\n')).not.toMatch(/refresh_token\\?":\\?"[^"\\]/);
});

test('signing out removes the stored refresh token and the key', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  expect((await kept(page)).records).toHaveLength(1);
  await page.click('[data-testid=user-menu] button');
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.waitForSelector('[data-testid=sign-in]');
  expect(await kept(page)).toEqual({ records: [], keys: 0 });
});

test('with the device clock 2 hours ahead, proofs are still accepted (the server nonce vouches for them) and a reload restores', async () => {
  const browser = await launchBrowser();
  try {
    await browser.context.clock.install({ time: Date.now() + 2 * 3600_000 });
    const page = await browser.context.newPage();
    await page.goto(`${suite.stack.hostUrl}/account/profile`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForSelector('[data-testid=profile-name]');
    await page.reload();
    await page.waitForSelector('[data-testid=profile-name]');
    expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  } finally {
    await browser.close();
  }
});

test('a revoked grant ends the session and removes the stored refresh token and the key', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  expect((await kept(page)).records).toHaveLength(1);
  await idp().revoke('u-alice');
  await page.waitForSelector('[data-testid=session-expired]', { timeout: TOKEN_TTL_S * 2500 });
  for (let tries = 0; tries < 50 && (await kept(page)).records.length > 0; tries += 1) await page.waitForTimeout(100);
  expect(await kept(page)).toEqual({ records: [], keys: 0 });
  expect(await page.$('[data-testid=account-greeting]')).not.toBeNull(); // the page stays, under the notice
});

/**
 * Two tabs signed in with DPoP share the stored refresh token; the one that renews next is closed in
 * the middle of it. The other must stay signed in, its API calls working, and never send a token the
 * provider has already exchanged (which would make it revoke the whole grant).
 */
async function survivorAfterRenewingTabClosed(when: 'after-the-provider-rotated' | 'before-it-left') {
  const tabA = await suite.browser.context.newPage();
  await tabA.goto(`${suite.stack.hostUrl}/account/profile`);
  await signInAtProvider(tabA, suite.stack.idpUrl, ALICE);
  await tabA.waitForSelector('[data-testid=profile-name]');
  const tabB = await suite.browser.context.newPage();
  await tabB.goto(`${suite.stack.hostUrl}/account/profile`);
  await tabB.waitForSelector('[data-testid=profile-name]');
  await idp().reset();
  const { closed } = await closeTabMidRenewal(suite.browser.context, suite.stack.idpUrl, when);
  const survivor = (await closed) === tabA ? tabB : tabA;
  const answers: string[] = [];
  // Past two more lifetimes, moving inside the app (no reload): each Profile is a real API call.
  for (let round = 0; round < 4; round += 1) {
    await survivor.waitForTimeout(TOKEN_TTL_S * 500);
    await survivor.click('text=Claims');
    await survivor.click('text=Profile');
    const shown = await survivor.waitForSelector('[data-testid=profile-name], [role=alert]');
    answers.push((await shown.getAttribute('data-testid')) ?? (await shown.textContent()) ?? '');
  }
  expect(answers).toEqual(['profile-name', 'profile-name', 'profile-name', 'profile-name']);
  expect(await survivor.$('[data-testid=session-expired]')).toBeNull();
  const { tokenErrors } = await idp().stats();
  expect(Object.keys(tokenErrors).filter((key) => !key.endsWith(':use_dpop_nonce'))).toEqual([]);
  return survivor;
}

test('closing the tab that renews after the provider rotated the refresh token, before the answer arrived: the other tab stays signed in and its API calls work', async () => {
  const survivor = await survivorAfterRenewingTabClosed('after-the-provider-rotated');
  // It holds a token of its own again: a reload restores with it.
  await survivor.reload();
  await survivor.waitForSelector('[data-testid=profile-name]');
}, 90_000);

test('closing the tab that renews before its refresh request left: the other tab stays signed in and its API calls work', async () => {
  await survivorAfterRenewingTabClosed('before-it-left');
}, 90_000);
