import { createServer, request, type ServerResponse } from 'node:http';
import { launchFirefox, OTHER_ENGINES, setUpBrowserSuite, type EnginePage, type FirefoxPage } from '../src';
import { poll } from '../src/engines/page';
import { SHELL_SCRIPT_PATH } from '../src/host-build';

// The prerendered public page in Firefox ESR and WebKitGTK, signed out: its opening area hydrated on
// its own before the shell's code is asked for (its island, decision 0021), then taken over by the
// shell with the same elements; the area routes within itself, back included, and the shell's
// navigation leads after. (engines.e2e.ts has the signed-in journeys; its areas are not public.)

/**
 * A proxy on `port` in front of `target` that sends the responses for paths matching `pattern` only
 * in part (their headers and first bytes, then nothing), as a slow network leaves a download mid-way.
 */
async function stallingProxy(port: number, target: string, pattern: RegExp) {
  const stalled: ServerResponse[] = [];
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target);
    const headers = { ...incoming.headers, host: url.host };
    const upstream = request(url, { method: incoming.method, headers }, (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      if (!pattern.test(url.pathname)) return void response.pipe(outgoing);
      stalled.push(outgoing);
      response.once('data', (chunk: Buffer) => outgoing.write(chunk.subarray(0, 64)));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${port}`,
    stalled: () => stalled.length,
    close: () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where the proxy listens, from the suite's base port (a port the stack's topology leaves free). */
const proxyPort = (basePort: number) => basePort + 198;

const suite = setUpBrowserSuite((basePort) => [
  '--public',
  'referrals',
  '--extra-host-origin',
  `http://localhost:${proxyPort(basePort)}`,
]);

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
        shell: find(${SHELL_SCRIPT_PATH}).map((e) => e.startTime),
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

// Firefox fails a script download that leaving the page cuts off as if it could not be loaded: the
// shell's chunk, asked for once the island works, must not be said to have failed by a page being
// left, while a shell that really cannot be loaded still is.
describe("Firefox ESR, the shell's code cut off", () => {
  /** How long the first script waits before saying a failed start-up (LEAVING_MS), and a margin. */
  const SAID_WITHIN_MS = 1_000 + 2_000;
  let page: FirefoxPage;
  beforeEach(async () => {
    page = await launchFirefox();
  }, 90_000);
  afterEach(async () => {
    await page?.close();
  });

  test("a page left while its shell's code downloads reports no failure", async () => {
    const slow = await stallingProxy(
      proxyPort(Number(new URL(suite.stack.hostUrl).port)),
      suite.stack.hostUrl,
      SHELL_SCRIPT_PATH,
    );
    try {
      await page.goto(`${slow.origin}/referrals`);
      await page.waitFor('[data-testid=referrals-overview]');
      await poll(async () => slow.stalled() > 0, 15_000, "the shell's script to be downloading");
      await page.goto(`${suite.stack.idpUrl}/.well-known/openid-configuration`);
      await new Promise((resolve) => setTimeout(resolve, SAID_WITHIN_MS));
      expect(page.pageErrors).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  test("a shell's code that cannot be loaded is reported while the area goes on working", async () => {
    await page.failRequests(SHELL_SCRIPT_PATH);
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.waitFor('[data-testid=referrals-overview]');
    await poll(async () => page.pageErrors.length > 0, SAID_WITHIN_MS + 5_000, 'the failure to be reported');
    expect(page.pageErrors.join('\n')).toMatch(/shell/);
    // The page says it in its language, with a way on; the area it shows still answers.
    await page.waitFor('[data-testid=shell-unavailable][role=alert] button');
    expect(await page.text('[data-testid=shell-unavailable] p')).toMatch(/^This page could not finish loading/);
    await page.click('main button');
    await page.waitFor('[data-testid=referrals-invite]');
  });
});
