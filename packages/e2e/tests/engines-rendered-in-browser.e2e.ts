import { OTHER_ENGINES, setUpBrowserSuite, type EnginePage } from '../src';

// The public page rendered in the browser (a host without prerendered pages) in Firefox ESR and
// WebKitGTK, signed out: its opening area rendered by the first script into the page's placeholder
// before the shell has run (its island, decision 0021 amended), then taken into the shell's route
// with the same elements; the shell's navigation leads after.
const suite = setUpBrowserSuite(['--public', 'referrals', '--no-contributions', '--no-prerender']);

describe.each(OTHER_ENGINES)('%s', (_name, launch) => {
  let page: EnginePage & { readonly pageErrors?: string[] };
  const host = () => suite.stack.hostUrl;
  beforeAll(async () => {
    page = await launch();
  }, 90_000);
  afterAll(async () => {
    await page?.close();
  });

  test('the area rendered before the shell works, and the shell takes it in as it is', async () => {
    await page.goto(`${host()}/referrals`);
    await page.waitFor('[data-testid=referrals-overview]');
    await page.click('main button');
    await page.waitFor('[data-testid=referrals-invite]');
    // Marked at first sight: an area rendered again by the shell would lose the mark.
    await page.evaluate("document.querySelector('[data-testid=referrals-invite]').kept = true; return true");
    await page.waitFor('[data-testid=sign-in]', 30_000);
    expect(
      await page.evaluate<{ kept: boolean; inRoute: boolean }>(`
        const invite = document.querySelector('[data-testid=referrals-invite]');
        return {
          kept: invite?.kept === true,
          // The island's own element (the shell renders none such), in the area's route.
          inRoute: !!document.querySelector(
            'main .remote-area[data-remote=referrals] > [data-island=referrals] [data-testid=referrals-invite]',
          ),
        };`),
    ).toEqual({ kept: true, inRoute: true });
    await page.click('[data-testid=product-name]');
    await page.waitForUrl((url) => new URL(url).pathname === '/');
    await page.click('[data-testid=nav-referrals]');
    await page.waitFor('[data-testid=referrals-overview]');
    expect(page.pageErrors ?? []).toEqual([]);
  });
});
