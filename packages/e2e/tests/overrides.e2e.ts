import { ALICE, setUpBrowserSuite, signInAtProvider } from '../src';

// Developer overrides in a host whose runtime config enables them (localhost origins only).
const suite = setUpBrowserSuite(['--overrides']);

test('an override to a disallowed origin is refused with no request; an allowed one loads that build in this tab, with a banner, until reset', async () => {
  const page = await suite.browser.context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.click('[data-testid=nav-diagnostics]');

  // Refused before anything is stored or fetched.
  await page.selectOption('[data-testid=override-form] select', 'referrals');
  await page.fill(
    '[data-testid=override-form] input[name=entry]',
    'https://preview.example.com/referrals/mf-manifest.json',
  );
  await page.click('[data-testid=override-form] button[type=submit]');
  await page.waitForSelector('[data-testid=override-refused]');
  expect(await page.textContent('[data-testid=override-refused]')).toContain(
    'https://preview.example.com is not an allowed override origin',
  );
  expect(requests.filter((url) => url.includes('preview.example.com'))).toEqual([]);
  expect(await page.locator('[data-testid=overrides-banner]').count()).toBe(0);

  // Allowed: the same remote from another build's origin (here the same files through 127.0.0.1).
  const other = `${suite.stack.remoteUrls.referrals.replace('localhost', '127.0.0.1')}/mf-manifest.json`;
  await page.fill('[data-testid=override-form] input[name=entry]', other);
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid=override-form] button[type=submit]')]);
  await page.waitForSelector('[data-testid=overrides-banner]');
  expect(await page.textContent('[data-testid=overrides-banner]')).toContain(`referrals → ${other}`);
  requests.length = 0;
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(requests.some((url) => url.startsWith('http://127.0.0.1') && url.endsWith('/remoteEntry.js'))).toBe(true);

  // Held for this tab's session: a reload keeps it; the reset ends it.
  await page.reload();
  await page.waitForSelector('[data-testid=overrides-banner]');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reset overrides' }).click()]);
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(await page.locator('[data-testid=overrides-banner]').count()).toBe(0);
});
