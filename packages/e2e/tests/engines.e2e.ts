import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALICE, OTHER_ENGINES, release, setUpBrowserSuite, type EnginePage } from '../src';
import { poll } from '../src/engines/page';

// The main journeys in Firefox ESR and WebKitGTK, against the same production builds, server and
// provider as the Chromium tests: sign-in with a deep link, a real API call, areas and their
// styles, a reload that keeps the session, a failing area, areas in roots of their own (React 18,
// and no React), a phone-wide window, the release console's sign-in and an action, sign-out.
const store = mkdtempSync(join(tmpdir(), 'mfe-engines-store-'));
const suite = setUpBrowserSuite([
  '--fixture',
  'faulty',
  '--fixture',
  'react18-area',
  '--fixture',
  'plain-dom',
  // Released through a store as `pnpm start` does, so the release service serves its console too.
  '--release-store',
  store,
]);

describe.each(OTHER_ENGINES)('%s', (_name, launch) => {
  let page: EnginePage & { readonly pageErrors?: string[] };
  const host = () => suite.stack.hostUrl;
  const atProvider = async () => (await page.url()).startsWith(`${suite.stack.idpUrl}/interaction/`);

  /**
   * On a page that needs a user, signed in whether the load restored the session (the reload test
   * checks that) or the provider asked again: on a busy machine a slow engine can outlast the silent
   * sign-in's timeout, and this test is about something else.
   */
  async function signedInEitherWay(ready: string): Promise<void> {
    await poll(
      async () =>
        (await atProvider()) ||
        (await page.evaluate<boolean>(`return !!document.querySelector(${JSON.stringify(ready)})`)),
      30_000,
      `${ready} or the provider`,
    );
    if (await atProvider()) {
      await page.fill('#username', ALICE.username);
      await page.fill('#password', ALICE.password);
      await page.click('button[type=submit]');
    }
    await page.waitFor(ready, 30_000);
    await contributionsIn();
  }
  /**
   * The page's parts in slots (the header's, the home page's tiles) are in, those held from HTML
   * hydrated: each page is seen whole before a test moves on. (A download that moving on cuts off is
   * set apart from page errors by the Firefox driver: Firefox logs it as an integrity failure.)
   */
  async function contributionsIn(): Promise<void> {
    await poll(
      () =>
        page.evaluate<boolean>(
          "return !document.querySelector('[data-contribution][data-state=loading], [data-contribution][data-state=waiting], [data-contribution][data-held]')",
        ),
      30_000,
      'the contributions in slots to load',
    );
  }
  beforeAll(async () => {
    page = await launch();
  }, 90_000);
  afterAll(async () => {
    await page?.close();
  });

  test('a signed-out deep link signs in through the provider and returns to the page, with a real API call and the area styled', async () => {
    await page.goto(`${host()}/account/profile`);
    await page.waitForUrl((url) => url.startsWith(`${suite.stack.idpUrl}/interaction/`));
    await page.fill('#username', ALICE.username);
    await page.fill('#password', ALICE.password);
    await page.click('button[type=submit]');
    await page.waitFor('[data-testid=profile-name]', 30_000);
    expect(await page.url()).toBe(`${host()}/account/profile`);
    expect(await page.text('[data-testid=user-name]')).toBe(ALICE.name);
    expect(await page.text('[data-testid=profile-name]')).toContain(ALICE.name);
    await page.waitForUrl(() => true);
    expect(await page.evaluate<string>('return document.title')).toBe('Profile · Account · Acme Web');
    // The area's CSS Module arrived with it (scoped class, the shell's tokens).
    expect(await page.evaluate<string>("return document.getElementById('account-title').className")).toMatch(
      /^account_/,
    );
  });

  test('client-side navigation between areas and their nested pages, with links from the area root', async () => {
    await page.click('[data-testid=nav-referrals]');
    await page.waitFor('[data-testid=referrals-overview]');
    await page.click('[data-testid=referrals-overview] ~ button, main button');
    await page.waitFor('[data-testid=referrals-invite]');
    expect(new URL(await page.url()).pathname).toBe('/referrals/invite');
    await page.click('main p > a');
    await page.waitFor('[data-testid=referrals-overview]');
    expect(new URL(await page.url()).pathname).toBe('/referrals');
    await page.click('[data-testid=nav-account]');
    await page.waitFor('[data-testid=account-greeting]');
    expect(
      await page.evaluate<string | null>(
        'return document.querySelector(\'nav[aria-label="Account sections"] a[aria-current=page]\')?.textContent ?? null',
      ),
    ).toBe('Claims');
  });

  test('a reload keeps the session: the page comes back signed in, without the sign-in form', async () => {
    await page.reload();
    await page.waitFor('[data-testid=account-greeting]', 30_000);
    expect(new URL(await page.url()).origin).toBe(host());
    expect(await page.text('[data-testid=user-name]')).toBe(ALICE.name);
  });

  test('an area that throws shows its panel while the rest of the app works', async () => {
    await page.goto(`${host()}/faulty/render-throw`);
    await page.waitFor('[data-testid=remote-error][data-remote=faulty]', 30_000);
    expect(await page.text('[data-testid=remote-error] h1')).toBe('Faulty is unavailable right now');
    await page.click('[data-testid=nav-referrals]');
    await page.waitFor('[data-testid=referrals-overview]');
  });

  test('areas in roots of their own, on React 18 and on no React, open, answer clicks and leave nothing behind', async () => {
    await page.goto(`${host()}/older-react`);
    await signedInEitherWay('[data-testid=r18-overview]');
    expect(await page.text('#r18-title')).toBe('An area on React 18.3.1');
    expect(await page.text('[data-testid=r18-user]')).toBe(ALICE.name);
    await page.click('[data-testid=r18-add]');
    await page.click('[data-testid=r18-add]');
    await poll(async () => (await page.text('[data-testid=r18-count]')) === 'Counted: 2', 15_000, 'two clicks counted');

    // Through the host's navigation (no page load) to the area without React.
    await page.evaluate('window.stayed = true; return true');
    await page.click('[data-testid=nav-plain_dom]');
    await page.waitFor('[data-testid=plain-title]', 30_000);
    expect(await page.text('[data-testid=plain-title]')).toBe('An area without React');
    await page.click('[data-testid=plain-greet]');
    await poll(
      async () => (await page.text('[data-testid=plain-answer]')).includes(`Hello, ${ALICE.name}!`),
      15_000,
      'the greeting',
    );

    await page.click('[data-testid=nav-referrals]');
    await page.waitFor('[data-testid=referrals-overview]');
    expect(await page.evaluate<boolean>('return window.stayed === true')).toBe(true);
    expect(
      await page.evaluate<number>(
        "return document.querySelectorAll('[data-mounted-area], [data-remote=react18_area], [data-remote=plain_dom]').length",
      ),
    ).toBe(0);
  });

  test('phone-narrow, no page scrolls sideways', async () => {
    // 320 px where the engine allows it (Firefox); WebKitGTK's MiniBrowser window stops at about 450.
    await page.setViewport(320, 640);
    await page.goto(`${host()}/`);
    const width = await page.evaluate<number>('return document.documentElement.clientWidth');
    console.log(`${_name}: narrowest page width ${width} px`);
    expect(width).toBeLessThanOrEqual(page.engine === 'firefox' ? 320 : 460);
    const sideways = [];
    // Each page's own content, not only a heading: the page is measured whole.
    const pages: Array<[string, string]> = [
      ['/', 'main h1'],
      ['/referrals/invite', '[data-testid=referrals-invite]'],
      ['/account', '[data-testid=account-greeting]'],
      ['/diagnostics', '[data-testid=diagnostics]'],
      ['/older-react', '[data-testid=r18-overview]'],
      ['/plain', '[data-testid=plain-title]'],
    ];
    for (const [path, content] of pages) {
      await page.goto(`${host()}${path}`);
      await signedInEitherWay(content);
      sideways.push(
        `${path}: ${await page.evaluate<number>('return document.documentElement.scrollWidth - document.documentElement.clientWidth')}`,
      );
    }
    expect(sideways).toEqual([
      '/: 0',
      '/referrals/invite: 0',
      '/account: 0',
      '/diagnostics: 0',
      '/older-react: 0',
      '/plain: 0',
    ]);
    await page.setViewport(1280, 800);
  });

  test("in another language: the menu switches shell and area at once, Arabic is right to left, and the engine's Intl formats German dates", async () => {
    await page.goto(`${host()}/account`);
    await signedInEitherWay('[data-testid=account-greeting]');
    // As the language menu does when a visitor picks German (the engine drivers have no select helper).
    await page.evaluate(
      "const menu = document.querySelector('[data-testid=language-menu]'); menu.value = 'de'; menu.dispatchEvent(new Event('change', { bubbles: true }));",
    );
    await poll(async () => (await page.text('#account-title')) === 'Ihr Konto', 15_000, 'the account area in German');
    expect(await page.text('[data-testid=user-menu] button')).toBe('Abmelden');
    expect(await page.evaluate<string>('return document.documentElement.lang')).toBe('de');
    expect(
      await page.evaluate<string>(
        "return new Intl.DateTimeFormat('de', { dateStyle: 'long' }).format(new Date(Date.UTC(2026, 10, 25, 12)))",
      ),
    ).toBe('25. November 2026');

    await page.evaluate("localStorage.setItem('mfe.locale', 'ar')");
    await page.reload();
    await poll(
      async () => (await page.evaluate<string>('return document.documentElement.dir')) === 'rtl',
      15_000,
      'the page right to left',
    );
    await signedInEitherWay('[data-testid=account-greeting]');
    expect(await page.text('#account-title')).toBe('حسابك');
    expect(
      await page.evaluate<number>('return document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBeLessThanOrEqual(0);
    // Back to the default language for the tests that follow.
    await page.evaluate("localStorage.removeItem('mfe.locale')");
    await page.reload();
    await signedInEitherWay('[data-testid=account-greeting]');
  });

  test("the release console: every environment shown, sign-in through the provider, a rollback after seeing what it would change, under the person's name", async () => {
    const bodyHas = (text: string) =>
      page.evaluate<boolean>(`return document.body.innerText.includes(${JSON.stringify(text)})`);
    /** The console's buttons are found as people find them, by their name. */
    const press = (name: string) =>
      poll(
        () =>
          page.evaluate<boolean>(
            `const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)}); if (button) button.click(); return !!button;`,
          ),
        30_000,
        `the button "${name}"`,
      );
    await page.goto(suite.stack.releaseServiceUrl!);
    await page.waitFor('section.environment th[scope=row]', 30_000);
    await press('Sign in');
    await poll(
      async () => (await atProvider()) || (await bodyHas(`Signed in as ${ALICE.name}`)),
      30_000,
      'the provider or the console signed in',
    );
    if (await atProvider()) {
      await page.fill('#username', ALICE.username);
      await page.fill('#password', ALICE.password);
      await page.click('button[type=submit]');
    }
    await poll(() => bodyHas(`Signed in as ${ALICE.name}`), 30_000, 'the console signed in');
    const history = async () =>
      JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as Array<{ actor: string }>;
    const before = (await history()).length;
    await press('Roll back');
    await press('Show what would change');
    await poll(() => bodyHas('dry run: development would become revision'), 30_000, 'the dry run');
    await press('Make the change');
    await poll(() => bodyHas('Done: ✔ development revision'), 30_000, 'the change done');
    expect((await history()).slice(before).map((revision) => revision.actor)).toEqual(['Alice Admin (u-alice)']);
    // What it took back, restored for the tests after this one.
    await release(store, 'rollback', '--env', 'development', '--to', String(before), '--actor', 'the test');
  });

  test('signing out ends the session here and at the provider', async () => {
    await page.goto(`${host()}/account`);
    await signedInEitherWay('[data-testid=user-name]');
    // The page whole before signing out leaves it.
    await contributionsIn();
    await page.click('[data-testid=user-menu] button');
    // Back from the provider's sign-out on the home page (the page shows "Sign in" before it leaves
    // for the provider; moving on then would cut the provider's sign-out short).
    await page.waitForUrl((url) => url === `${host()}/`, 30_000);
    await page.waitFor('[data-testid=sign-in]', 30_000);
    // The home page whole too, before leaving it.
    await contributionsIn();
    await page.goto(`${host()}/account`);
    await page.waitForUrl((url) => url.startsWith(`${suite.stack.idpUrl}/interaction/`), 30_000);
    // Nothing the page threw on its own along the way (Firefox reports them; the faulty area's error is caught by its boundary).
    expect(page.pageErrors ?? []).toEqual([]);
  });
});
