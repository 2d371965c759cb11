import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALICE, signInAtProvider, setUpBrowserSuite } from '../src';

/** The contract version the host was built with. */
const CONTRACT = (
  JSON.parse(readFileSync(join(__dirname, '../../context/package.json'), 'utf8')) as { version: string }
).version;

// Composition faults: what a bad manifest or a slow remote does to the app.
// An origin that is not allowed: the suite's last port (nothing listens there).
const evilOrigin = (basePort: number) => `http://localhost:${basePort + 199}`;
const extra = (basePort: number) => [
  { name: 'evil', entry: `${evilOrigin(basePort)}/mf-manifest.json`, path: '/evil', label: 'Evil' },
  { name: 'typo', entry: 'not a url', path: '/typo', label: 'Typo' },
  {
    name: 'sneaky',
    entry: `http://localhost:${basePort + 1}/mf-manifest.json`,
    path: '/sneaky',
    label: 'Sneaky',
    getPublicPath: 'return "http://evil.example/"',
  },
  // An allowed origin, with credentials in the URL.
  {
    name: 'creds',
    entry: `http://user:planted-s3cret@localhost:${basePort + 1}/mf-manifest.json`,
    path: '/creds',
    label: 'Creds',
  },
];
// No integrity pins here: these tests serve altered bytes on purpose to see each fault (integrity has its own tests).
const suite = setUpBrowserSuite((basePort) => [
  '--no-integrity',
  '--fixture',
  'faulty',
  '--fixture',
  'wrong-expose',
  '--fixture',
  'react18',
  '--remote-timeout-ms',
  '1500',
  '--manifest-extra',
  JSON.stringify(extra(basePort)),
]);

test('invalid manifest entries are refused with precise messages, nothing is fetched from a disallowed origin, and the valid remotes load', async () => {
  const page = await suite.browser.context.newPage();
  const evilRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(evilOrigin(suite.stack.basePort)) || request.url().includes('evil.example'))
      evilRequests.push(request.url());
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');

  const notice = await page.textContent('[data-testid=manifest-problems]');
  expect(notice).toContain(
    `("evil"): "entry" origin ${evilOrigin(suite.stack.basePort)} is not in the host's allowedRemoteOrigins`,
  );
  expect(notice).toMatch(/remotes\[\d+\] \("typo"\): "entry" must be an absolute URL/);
  expect(notice).toMatch(/remotes\[\d+\] \("sneaky"\): "getPublicPath" is refused/);
  // Once per entry and page load (this test loaded the host before and after signing in).
  expect(notice).toMatch(/remotes\[\d+\] \("creds"\): "entry" must not carry a user name or password/);
  expect(new Set(warnings.filter((w) => w.includes('Manifest entry refused'))).size).toBe(4);
  // Refused entries get no navigation and no route.
  expect(await page.$('[data-testid=nav-evil]')).toBeNull();
  await page.goto(`${suite.stack.hostUrl}/evil`);
  await page.waitForSelector('[data-testid=not-found]');
  expect(evilRequests).toEqual([]);

  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');

  // The diagnostics page lists the same problems and where each remote stands.
  await page.click('text=diagnostics page');
  const problems = await page.textContent('[data-testid=diagnostics-problems]');
  expect(problems).toMatch(/remotes\[\d+\] \("typo"\): "entry" must be an absolute URL/);
  expect(await page.textContent('[data-testid=diagnostics] tr[data-remote=account]')).toContain('loaded');
  expect(await page.textContent('[data-testid=diagnostics] tr[data-remote=referrals]')).toContain('loaded');
});

test('a remote slower than its timeout shows its error panel within the budget, and Retry loads it once it answers', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  // The account remote's manifest hangs (the server never answers in time), from before the
  // signed-in page's header asks for it (account's part there loads as soon as the header shows).
  await page.route(`${suite.stack.remoteUrls.account}/mf-manifest.json`, () => undefined);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  const clicked = Date.now();
  await page.click('[data-testid=nav-account]');
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=account]', { timeout: 10_000 });
  const shownAfter = Date.now() - clicked;
  expect(await panel.textContent()).toContain('took too long to load (over 1.5 s)');
  // Well under the federation runtime's own fixed 20 s.
  expect(shownAfter).toBeLessThan(8_000);
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);

  await page.unroute(`${suite.stack.remoteUrls.account}/mf-manifest.json`);
  // The area's own Retry (account's part in the header, loaded from the same remote, failed too).
  await page.getByTestId('remote-error').getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=account-greeting]');
  // Focus went back into the area, not to the page's start with the vanished button.
  expect(await page.evaluate(() => document.activeElement?.closest('[data-remote]')?.getAttribute('data-remote'))).toBe(
    'account',
  );
});

test('an entry URL carrying credentials is refused before any request, and the secret is printed nowhere', async () => {
  const page = await suite.browser.context.newPage();
  const seen: string[] = [];
  page.on('console', (message) => seen.push(message.text()));
  page.on('request', (request) => seen.push(request.url()));
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.goto(`${suite.stack.hostUrl}/diagnostics`);
  await page.waitForSelector('[data-testid=diagnostics-problems]');
  expect(seen.join('\n')).not.toContain('planted-s3cret');
  expect(await page.textContent('body')).not.toContain('planted-s3cret');
});

test('a remote whose entry script hangs past its budget loads on Retry once its server answers, with a new request', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const isEntry = (url: URL) => url.origin === suite.stack.remoteUrls.account && url.pathname === '/remoteEntry.js';
  const requested: string[] = [];
  page.on('request', (request) => isEntry(new URL(request.url())) && requested.push(request.url()));
  // The entry never answers: the request hangs for good (from before the signed-in header asks for it).
  await page.route(isEntry, () => undefined);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=remote-error][data-remote=account]', { timeout: 10_000 });
  await page.unroute(isEntry);
  // The area's own Retry (account's part in the header, loaded from the same remote, failed too).
  await page.getByTestId('remote-error').getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=account-greeting]', { timeout: 10_000 });
  expect(new Set(requested).size).toBeGreaterThanOrEqual(2);
});

test('an entry script that runs and throws runs once, and its area says it failed while starting', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  await page.route(`${suite.stack.remoteUrls.referrals}/remoteEntry.js`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': suite.stack.hostUrl },
      body: 'window.__entryRuns = (window.__entryRuns || 0) + 1; throw new Error("entry exploded");',
    }),
  );
  await page.click('[data-testid=nav-referrals]');
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]', { timeout: 10_000 });
  expect(await panel.textContent()).toContain('failed while starting');
  await page.waitForTimeout(2_000); // past the automatic retries' delays
  expect(await page.evaluate(() => (window as unknown as { __entryRuns?: number }).__entryRuns)).toBe(1);
});

test('a signed-out visitor deep-linking to a signed-in area is sent to sign in without downloading anything of that remote', async () => {
  const page = await suite.browser.context.newPage();
  const fromRemote: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith(suite.stack.remoteUrls.referrals) && fromRemote.push(request.url()),
  );
  await page.goto(`${suite.stack.hostUrl}/referrals/invite`);
  await page.waitForURL((url) => url.href.startsWith(`${suite.stack.idpUrl}/interaction/`));
  expect(fromRemote).toEqual([]);
  // Once signed in, it loads as usual.
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=referrals-invite]');
});

test('a manifest that cannot be fetched shows a full-page error with Retry, which starts the app once it is back', async () => {
  const page = await suite.browser.context.newPage();
  await page.route(`${suite.stack.hostUrl}/remotes.json`, (route) => route.abort('connectionrefused'));
  await page.goto(`${suite.stack.hostUrl}/`);
  const error = await page.waitForSelector('[data-testid=startup-error]');
  expect(await error.textContent()).toContain('The app could not load its feature areas');
  expect(await error.textContent()).toContain('/remotes.json');

  await page.unroute(`${suite.stack.hostUrl}/remotes.json`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=nav-referrals]');
});

test('a manifest that is not valid JSON shows the same full-page error, not a blank page', async () => {
  const page = await suite.browser.context.newPage();
  await page.route(`${suite.stack.hostUrl}/remotes.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>oops</html>' }),
  );
  await page.goto(`${suite.stack.hostUrl}/`);
  expect(await (await page.waitForSelector('[data-testid=startup-error]')).textContent()).toContain(
    'could not be loaded',
  );
});

describe.each([
  ['the platform contract', '@mfe/context', '^2.0.0', `the platform contract ^2.0.0 (this app provides ${CONTRACT})`],
  ['another React major', 'react', '^18.0.0', 'react/jsx-runtime ^18.0.0 (this app provides 19.3.1)'],
])('a remote built for %s', (_label, packageName, range, expected) => {
  test('is not mounted: its area says it needs an update, naming both versions, and none of its code is fetched', async () => {
    const page = await suite.browser.context.newPage();
    // The manifest such a build emits: its shared section records the range it was built for.
    const referrals = suite.stack.remoteUrls.referrals;
    await page.route(`${referrals}/mf-manifest.json`, async (route) => {
      let response;
      let manifest: { shared: Array<{ name: string; requiredVersion: string }> };
      try {
        response = await route.fetch();
        manifest = (await response.json()) as typeof manifest;
      } catch (error) {
        // The page navigated on (the sign-in redirect) while a request of the page it left was
        // being answered: Playwright disposed the response. That page is gone; nothing to answer.
        if (/disposed|closed/i.test((error as Error).message)) return;
        throw error;
      }
      const builtAgainst = (name: string) => name === packageName || name.startsWith(`${packageName}/`);
      manifest.shared = manifest.shared.map((shared) =>
        builtAgainst(shared.name) ? { ...shared, requiredVersion: range } : shared,
      );
      await route.fulfill({ response, json: manifest }).catch((error: Error) => {
        if (!/disposed|closed|already handled/i.test(error.message)) throw error;
      });
    });
    const codeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(referrals) && request.url().endsWith('.js')) codeRequests.push(request.url());
    });

    // From the first page on: not even the idle prefetch may download its code.
    await page.goto(`${suite.stack.hostUrl}/account`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForSelector('[data-testid=account-greeting]');
    await page.waitForLoadState('networkidle');
    await page.click('[data-testid=nav-referrals]');
    const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]');
    expect(await panel.getAttribute('data-needs-update')).toBe('true');
    expect(await panel.textContent()).toContain('Referrals needs an update');
    expect(await panel.textContent()).toContain(expected);
    expect(codeRequests).toEqual([]);
    // The rest of the app is intact.
    await page.click('[data-testid=nav-account]');
    await page.waitForSelector('[data-testid=account-greeting]');
  });
});

describe.each([
  ['its manifest answers 500', 'mf-manifest.json', { status: 500, body: 'Internal error' }],
  ['its manifest connection is aborted', 'mf-manifest.json', 'abort'],
  [
    'its manifest is served as an HTML page',
    'mf-manifest.json',
    { status: 200, contentType: 'text/html', body: '<!doctype html><p>Welcome</p>' },
  ],
  [
    'its entry script throws while evaluating',
    'remoteEntry.js',
    { status: 200, contentType: 'text/javascript', body: 'throw new Error("broken build")' },
  ],
  [
    'its entry script is served as HTML',
    'remoteEntry.js',
    { status: 200, contentType: 'text/html', body: '<!doctype html><p>Not found</p>' },
  ],
] as const)('when a remote fails because %s', (_label, file, fault) => {
  test('its area shows the error panel, the rest of the app works, and Retry recovers once the fault is gone', async () => {
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.stack.hostUrl}/account`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForSelector('[data-testid=account-greeting]');
    const url = `${suite.stack.remoteUrls.referrals}/${file}`;
    await page.route(url, (route) => (fault === 'abort' ? route.abort('connectionreset') : route.fulfill(fault)));
    const asked: string[] = [];
    page.on('request', (request) => request.url() === url && asked.push(request.resourceType()));

    await page.click('[data-testid=nav-referrals]');
    const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]', { timeout: 10_000 });
    expect(await panel.textContent()).toContain('Referrals is unavailable right now');
    // The failing file is asked for at most four times before the panel (a CDN serving it broken to
    // every visitor is not asked more for it), an idle prefetch included.
    expect(asked.length).toBeLessThanOrEqual(4);
    await page.click('[data-testid=nav-account]');
    await page.waitForSelector('[data-testid=account-greeting]');
    expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);

    await page.unroute(url);
    await page.click('[data-testid=nav-referrals]');
    await page.waitForSelector('[data-testid=remote-error][data-remote=referrals], [data-testid=referrals-overview]');
    if (await page.$('[data-testid=remote-error]')) await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForSelector('[data-testid=referrals-overview]');
  });
});

test('a connection dropped once while loading a remote is retried automatically: the user never sees an error', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.waitForSelector('[data-testid=account-greeting]');
  // The entry script's loads by its script element (a fetch of it, such as the idle prefetch, is let through).
  let dropped = 0;
  await page.route(`${suite.stack.remoteUrls.referrals}/remoteEntry.js`, (route) =>
    route.request().resourceType() !== 'script'
      ? route.continue()
      : dropped++ === 0
        ? route.abort('connectionreset')
        : route.continue(),
  );
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(dropped).toBe(2);
  expect(await page.$('[data-testid=remote-error]')).toBeNull();
});

describe('a remote redeployed while the app is open', () => {
  async function openReferrals() {
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    await page.waitForSelector('[data-testid=referrals-overview]');
    const entryLoads: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${suite.stack.remoteUrls.referrals}/remoteEntry.js`) entryLoads.push(request.url());
    });
    return { page, entryLoads };
  }

  test('recovers once from a vanished chunk by loading the current entry, keeping the user on the page they asked for', async () => {
    const { page, entryLoads } = await openReferrals();
    let vanished = 0;
    // The old build's chunk is gone; the "new" deployment serves it again.
    await page.route(`${suite.stack.remoteUrls.referrals}/invite.*.js`, (route) =>
      vanished++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Invite someone' }).click();
    await page.waitForSelector('[data-testid=referrals-invite]');
    expect(vanished).toBe(2);
    expect(entryLoads).toHaveLength(1); // exactly one controlled reload of the remote, not of the page
    expect(new URL(page.url()).pathname).toBe('/referrals/invite');
  });

  test('does not loop when the chunk stays missing: one recovery, then the panel with Retry', async () => {
    const { page, entryLoads } = await openReferrals();
    await page.route(`${suite.stack.remoteUrls.referrals}/invite.*.js`, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=referrals]');
    expect(await panel.textContent()).toContain('A newer version was deployed');
    await page.waitForTimeout(1_500);
    expect(entryLoads).toHaveLength(1);
    expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);
  });
});

test('a remote that throws while rendering shows its panel inside the layout, the rest works, and Retry renders it again', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/faulty/render-throw`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=faulty]');
  expect(await panel.textContent()).toContain('Faulty is unavailable right now');
  expect(await panel.textContent()).toContain('It stopped with an error: The faulty fixture failed to render');
  expect(await page.textContent('[data-testid=user-name]')).toBe(ALICE.name);

  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
  await page.goBack();
  await page.waitForSelector('[data-testid=remote-error][data-remote=faulty]');
  await page.evaluate(() => ((window as unknown as { __faultyFixed: boolean }).__faultyFixed = true));
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=faulty-recovered]');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-remote]')?.getAttribute('data-remote'))).toBe(
    'faulty',
  );
});

test('a remote that does not expose ./remote shows its panel, and the rest of the app works', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/wrong-expose`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=wrong_expose]');
  expect(await panel.textContent()).toContain('Wrong expose is unavailable right now');
  expect(await panel.textContent()).toContain('does not expose "./remote"');
  await page.click('[data-testid=nav-account]');
  await page.waitForSelector('[data-testid=account-greeting]');
});

test('a remote really built against React 18 is refused before any of its code runs, naming both versions', async () => {
  const page = await suite.browser.context.newPage();
  const codeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${suite.stack.remoteUrls.react18}/`) && request.url().endsWith('.js'))
      codeRequests.push(request.url());
  });
  await page.goto(`${suite.stack.hostUrl}/react18`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  const panel = await page.waitForSelector('[data-testid=remote-error][data-remote=react18]');
  expect(await panel.textContent()).toContain('React 18 area needs an update');
  expect(await panel.textContent()).toMatch(/react(\/jsx-runtime)? \^18\.0\.0 \(this app provides 19\.\d+\.\d+\)/);
  expect(codeRequests).toEqual([]);
  await page.click('[data-testid=nav-referrals]');
  await page.waitForSelector('[data-testid=referrals-overview]');
});
