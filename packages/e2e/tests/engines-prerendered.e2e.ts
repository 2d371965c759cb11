import { OTHER_ENGINES, setUpBrowserSuite, type EnginePage } from '../src';

// The prerendered public page in Firefox ESR and WebKitGTK, signed out: its opening area hydrated on
// its own before the shell's code is asked for (its island, decision 0021), then taken over by the
// shell with the same elements; the area routes within itself, back included, and the shell's
// navigation leads after. (engines.e2e.ts has the signed-in journeys; its areas are not public.)
const suite = setUpBrowserSuite(['--public', 'referrals']);

describe.each(OTHER_ENGINES)('%s', (_name, launch) => {
  let page: EnginePage & { readonly pageErrors?: string[] };
  const host = () => suite.stack.hostUrl;
  const pathname = async () => new URL(await page.url()).pathname;
  beforeAll(async () => {
    page = await launch();
  }, 90_000);
  afterAll(async () => {
    await page?.close();
  });

  test('the prerendered area works before the shell, which takes it over as it is and leads after', async () => {
    await page.goto(`${host()}/referrals`);
    await page.waitFor('[data-testid=referrals-overview]');
    // Marked at first sight: an area rendered again, by the island or the shell, would lose the mark.
    await page.evaluate("document.querySelector('[data-testid=referrals-overview]').kept = true; return true");
    await page.waitFor('[data-testid=sign-in]', 30_000);
    expect(
      await page.evaluate<boolean>("return document.querySelector('[data-testid=referrals-overview]').kept === true"),
    ).toBe(true);
    // The island was this engine's too: the shell's script was asked for only once the area's code was in.
    const order = await page.evaluate<{ shell: number[]; area: number[] }>(`
      const entries = performance.getEntriesByType('resource');
      const find = (pattern) => entries.filter((e) => pattern.test(new URL(e.name).pathname));
      return {
        shell: find(/\\/shell\\.[0-9a-f]+\\.js$/).map((e) => e.startTime),
        area: find(/\\/__federation_expose_remote\\.[0-9a-f]+\\.js$/).map((e) => e.responseEnd),
      };`);
    expect(order.shell).toHaveLength(1);
    expect(order.area.length).toBeGreaterThan(0);
    for (const areaIn of order.area) expect(order.shell[0]).toBeGreaterThanOrEqual(areaIn);

    await page.click('main button');
    await page.waitFor('[data-testid=referrals-invite]');
    expect(await pathname()).toBe('/referrals/invite');
    await page.evaluate('history.back(); return true');
    await page.waitFor('[data-testid=referrals-overview]');
    expect(await pathname()).toBe('/referrals');
    await page.click('[data-testid=product-name]');
    await page.waitForUrl((url) => new URL(url).pathname === '/');
    await page.click('[data-testid=nav-referrals]');
    await page.waitFor('[data-testid=referrals-overview]');
    expect(page.pageErrors ?? []).toEqual([]);
  });
});
