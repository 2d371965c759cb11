import { ALICE, BOB, setUpBrowserSuite, signInAtProvider } from '../src';

// Guards by role: the account area requires the role "admin" here (alice has it, bob does not).
const suite = setUpBrowserSuite(['--require-role', 'account=admin']);

test('a user without the role sees no navigation to the area, a no-access page on a direct visit, and the remote is never downloaded', async () => {
  const page = await suite.browser.context.newPage();
  const accountRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(suite.stack.remoteUrls.account)) accountRequests.push(request.url());
  });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, BOB);
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.$('[data-testid=nav-account]')).toBeNull();
  expect(await page.$('[data-testid=nav-referrals]')).not.toBeNull();

  await page.goto(`${suite.stack.hostUrl}/account/profile`);
  const denied = await page.waitForSelector('[data-testid=no-access]');
  expect(await denied.textContent()).toContain('Account needs the role admin');
  expect(await page.textContent('[data-testid=user-name]')).toBe(BOB.name);
  expect(accountRequests).toEqual([]);
});

test('a user with the role sees and opens the area', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  expect(await page.$('[data-testid=nav-account]')).not.toBeNull();
});

test('the API client renews once when an API answers 401, and the call succeeds', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');

  const seen: Array<{ status: number; authorization: string }> = [];
  let refused = false;
  await page.route(`${suite.stack.apiUrl}/v1/profile`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue(); // CORS preflight
    const authorization = route.request().headers().authorization ?? '';
    if (!refused) {
      refused = true;
      seen.push({ status: 401, authorization });
      return route.fulfill({ status: 401, headers: { 'access-control-allow-origin': suite.stack.hostUrl }, body: '' });
    }
    seen.push({ status: 200, authorization });
    return route.continue();
  });
  const tokenCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${suite.stack.idpUrl}/token`) tokenCalls.push(request.postData() ?? '');
  });

  await page.click('[data-testid=nav-account]');
  await page.click('text=Profile');
  await page.waitForSelector('[data-testid=profile-name]');
  expect(seen).toHaveLength(2);
  expect(seen[0]!.authorization).toMatch(/^Bearer /);
  expect(seen[1]!.authorization).toMatch(/^Bearer /);
  expect(seen[1]!.authorization).not.toBe(seen[0]!.authorization);
  expect(tokenCalls).toHaveLength(1);
  expect(tokenCalls[0]).toContain('grant_type=refresh_token');
});

test.each([
  ['/account/%2F%2Fevil.example'],
  ['/account/..%2F..%2F%2Fevil.example'],
  ['/account/%5C%5Cevil.example'],
  ['/account/profile?next=//evil.example#//evil.example'],
])('after signing in from the hostile deep link %s the user stays on this origin', async (path) => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}${path}`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=user-name]');
  expect(new URL(page.url()).origin).toBe(suite.stack.hostUrl);
});
