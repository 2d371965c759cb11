import type { Page } from 'playwright-core';
import { ALICE, axeViolations, setUpBrowserSuite, signInAtProvider } from '../src';

// One language per page for the shell and every area: the language menu switches both at once and is
// remembered, a browser's own language is followed with no choice made, Arabic is right to left, and
// an area's translations are fetched only for the page's language, under its build's integrity. The
// development stack ships English (the default), German and Arabic; referrals is public here, and the
// faulty fixture's German catalogue lacks a key on purpose.
const suite = setUpBrowserSuite(['--public', 'referrals', '--fixture', 'faulty']);

/** The requests for an area's translation chunks ("locale-<tag>"), as the page makes them. */
function catalogueRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /\/locale-[^/]*?(de|ar|en)[^/]*\.js$/.exec(new URL(request.url()).pathname);
    if (match)
      seen.push(`${new URL(request.url()).port === new URL(suite.stack.hostUrl).port ? 'host' : 'remote'} ${match[1]}`);
  });
  return seen;
}

const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test('the language menu switches the shell and the area at once, without a reload, and is remembered', async () => {
  const page = await suite.browser.context.newPage();
  const requests = catalogueRequests(page);
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
  expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
  await page.getByTestId('sign-in').waitFor(); // hydrated: the menu takes choices
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('heading', { level: 1, name: 'Empfehlungen' }).waitFor();
  expect(await page.getByTestId('sign-in').textContent()).toBe('Anmelden');
  expect(await page.getByRole('button', { name: 'Jemanden einladen' }).isVisible()).toBe(true);
  // The navigation's labels come from the manifest, in each language it gives (schema version 3).
  expect(await page.getByTestId('nav-referrals').textContent()).toBe('Empfehlungen');
  expect(await page.title()).toBe('Empfehlungen · Acme Web');
  expect(await documentLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  // Only German was fetched: the shell's and the area's, nothing for Arabic.
  expect(requests.sort()).toEqual(['host de', 'remote de']);

  // The choice reaches the server too: the reloaded page's HTML is German before any script.
  const reloaded = await page.reload();
  expect(await reloaded!.text()).toMatch(
    /^<!doctype html><html lang="de" dir="ltr">[\s\S]*<h1 id="referrals-title"[^>]*>Empfehlungen<\/h1>/i,
  );
  await page.getByRole('heading', { level: 1, name: 'Empfehlungen' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
});

test('signed in, the menu switches the shell and both areas: the account area at once, referrals on the way there', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/account`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await page.getByRole('heading', { level: 1, name: 'حسابك' }).waitFor();
  expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  expect(await page.getByRole('button', { name: 'تسجيل الخروج' }).isVisible()).toBe(true);
  // The other area, reached by the (Arabic) navigation, is in Arabic from its first paint.
  await page.getByTestId('nav-referrals').click();
  await page.getByRole('button', { name: 'ادعُ شخصًا' }).waitFor();
  expect(await page.locator('#referrals-title').textContent()).toBe('الإحالات');
});

/** The page's HTML as the server sends it for these request headers: its language, direction, heading and Vary. */
async function pageFromServer(path: string, headers: Record<string, string>) {
  const response = await fetch(`${suite.stack.hostUrl}${path}`, { headers });
  const html = await response.text();
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
    dir: /<html [^>]*dir="([^"]+)"/.exec(html)?.[1] ?? null,
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? null,
    vary: response.headers.get('vary'),
  };
}

test("a prerendered page is in the visitor's language before any script, and hydrates in it without a mismatch", async () => {
  expect(await pageFromServer('/referrals', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' })).toEqual({
    lang: 'de',
    dir: 'ltr',
    heading: 'Empfehlungen',
    vary: expect.stringMatching(/Cookie, Accept-Language/),
  });
  // The language menu's cookie wins over the browser's languages; an unknown one is ignored.
  expect(await pageFromServer('/referrals', { 'Accept-Language': 'de', Cookie: 'mfe_locale=ar' })).toMatchObject({
    lang: 'ar',
    dir: 'rtl',
    heading: 'الإحالات',
  });
  expect(await pageFromServer('/referrals', { 'Accept-Language': 'fr-FR', Cookie: 'mfe_locale=xx' })).toMatchObject({
    lang: 'en',
    heading: 'Referrals',
  });
  expect((await pageFromServer('/', { 'Accept-Language': 'de' })).heading).toBe('Willkommen bei Acme Web');

  const browser = suite.browser.context.browser()!;
  // With JavaScript off, a German browser reads German.
  const offline = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false });
  try {
    const page = await offline.newPage();
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    expect(await page.getByRole('heading', { level: 1, name: 'Empfehlungen' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Jemanden einladen' }).isVisible()).toBe(true);
  } finally {
    await offline.close();
  }
  // With JavaScript, it hydrates in German: the same heading node, no mismatch, and it stays German.
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __heading: Element | null }).__heading = document.querySelector('h1');
      });
    });
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.getByTestId('sign-in').waitFor(); // hydrated
    expect(await page.getByTestId('sign-in').textContent()).toBe('Anmelden');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __heading: Element | null }).__heading === document.querySelector('h1') &&
          document.querySelector('h1')?.textContent,
      ),
    ).toBe('Empfehlungen');
    expect(await page.getByRole('combobox', { name: 'Sprache' }).isEnabled()).toBe(true);
    expect(messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a browser that prefers German gets German with no choice made, and dates and numbers in German', async () => {
  const context = await suite.browser.context.browser()!.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(`${suite.stack.hostUrl}/referrals/invite`);
    await page.getByRole('heading', { level: 2, name: 'Jemanden einladen' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
    await page.getByLabel('E-Mail').fill('freundin@example.test');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    // "25. November 2026 um 21:30": the German long date and 24-hour time.
    expect(await page.getByTestId('referrals-sent').textContent()).toMatch(
      /^Einladung an freundin@example\.test am \d{1,2}\. [A-Za-zäöü]+ \d{4} um \d{1,2}:\d{2} mitgeteilt\.$/,
    );
  } finally {
    await context.close();
  }
});

test('Arabic is right to left: no sideways scroll at 320 px, and axe finds nothing', async () => {
  const page = await suite.browser.context.newPage();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.getByTestId('sign-in').waitFor(); // hydrated: the menu takes choices
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await page.getByRole('heading', { level: 1, name: 'الإحالات' }).waitFor();
  expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  // The header starts on the right: the product's name sits at the right edge, not the left.
  const product = await page.getByTestId('product-name').boundingBox();
  expect(product!.x).toBeGreaterThan(100);
  expect(product!.x + product!.width).toBeGreaterThan(280);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${suite.stack.hostUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
});

test("an area's translations altered on the way are refused by their integrity: the area keeps its own language's default texts, never raw ids", async () => {
  const page = await suite.browser.context.newPage();
  await page.addInitScript(() => localStorage.setItem('mfe.locale', 'de'));
  let altered = 0;
  await page.route(/\/locale-[^/]*de[^/]*\.js$/, async (route) => {
    if (new URL(route.request().url()).port === new URL(suite.stack.hostUrl).port) return route.continue();
    const response = await route.fetch();
    const original = await response.text();
    const body = original.replace('Empfehlungen', 'Manipuliert');
    if (body !== original) altered += 1;
    return route.fulfill({ response, body });
  });
  const refused = page.waitForEvent('console', (message) =>
    message.text().includes('The de texts of referrals could not be loaded'),
  );
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await refused;
  // The shell is German; the area's refused catalogue leaves its default (English) texts.
  await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
  expect(await page.getByTestId('sign-in').textContent()).toBe('Anmelden');
  expect(altered).toBe(1);
  expect(await page.content()).not.toContain('Manipuliert');
  expect(await page.content()).not.toContain('referrals.title');
});

test("a key an area's catalogue lacks shows its default text, never its id, and is reported with the area's name; numbers, relative times and lists follow the language", async () => {
  await fetch(`${suite.stack.collectorUrl}/__collector/records`, { method: 'DELETE' });
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/faulty/i18n`);
  await signInAtProvider(page, suite.stack.idpUrl, ALICE);
  await page.getByTestId('faulty-translated').waitFor();
  // The contract formats plurals, numbers, percentages, relative times and lists as the language writes them.
  expect(await page.getByTestId('faulty-figures').textContent()).toMatch(
    /^1,234 files, 1,234\.5 MB · 25% · yesterday · A, B, and C$/,
  );
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByTestId('faulty-translated').getByText('Hier übersetzt.').waitFor();
  expect(await page.getByTestId('faulty-figures').textContent()).toMatch(
    /^1\.234 Dateien, 1\.234,5 MB · 25\s% · gestern · A, B und C$/,
  );
  expect(await page.getByTestId('faulty-untranslated').textContent()).toBe('Only in English here.');
  await page.click('[data-testid=consent-accept]');
  await page.goto('about:blank'); // leaving the page sends what waits
  let bodies = '';
  for (let tries = 0; tries < 50 && !bodies.includes('faulty.untranslated'); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    bodies = (
      (await (await fetch(`${suite.stack.collectorUrl}/__collector/records`)).json()) as Array<{
        path: string;
        body: string;
      }>
    )
      .filter((record) => record.path === '/v1/logs')
      .map((record) => record.body)
      .join('\n');
  }
  // Each OTLP log record as its attributes.
  const records = bodies
    .split('\n')
    .flatMap(
      (body) =>
        (
          JSON.parse(body) as {
            resourceLogs: Array<{
              scopeLogs: Array<{
                logRecords: Array<{ attributes: Array<{ key: string; value: { stringValue?: string } }> }>;
              }>;
            }>;
          }
        ).resourceLogs,
    )
    .flatMap((resource) => resource.scopeLogs.flatMap((scope) => scope.logRecords))
    .map((record) =>
      Object.fromEntries(record.attributes.map((attribute) => [attribute.key, attribute.value.stringValue])),
    );
  const missing = records.filter((record) => record['event.name'] === 'translation missing');
  expect(missing).toEqual([
    expect.objectContaining({
      'mfe.remote.name': 'faulty',
      'mfe.attr.key': 'faulty.untranslated',
      'mfe.attr.locale': 'de',
    }),
  ]);
});

test("a failure before the app knows its languages is said in the page's language, and an area that did not load too", async () => {
  const context = await suite.browser.context.browser()!.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    // The runtime config cannot be read: the prerendered page is German, so the failure is too.
    await page.route('**/config.json', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    const failure = page.getByTestId('startup-error');
    await failure.waitFor();
    expect(await failure.getByRole('heading', { level: 1 }).textContent()).toBe('Die App konnte nicht starten');
    expect(await failure.getByRole('button').textContent()).toBe('Erneut versuchen');
    expect(await failure.getByRole('link').textContent()).toBe('Zur Startseite');
    await page.unroute('**/config.json');

    // An area whose code cannot be fetched: its panel explains in German.
    await page.route(/\/remoteEntry[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${suite.stack.hostUrl}/referrals/invite`);
    const panel = page.getByTestId('remote-error');
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.textContent()).toMatch(
      /Der Bereich „Empfehlungen“ (konnte nicht geladen werden|hat zu lange zum Laden gebraucht)/,
    );
  } finally {
    await context.close();
  }
});
