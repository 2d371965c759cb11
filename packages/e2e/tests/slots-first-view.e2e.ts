import type { Page } from 'playwright-core';
import { setUpBrowserSuite } from '../src';
import { FIRST_SCRIPT_PATH } from '../src/host-build';

// A prerendered page with many contributions: the home page with ten tall public tiles from five
// separately built remotes (the tiles fixture) before referrals' own. Every tile is in the HTML;
// only those in the first view download with the page, each hydrating as its own code arrives; the
// others wait until the visitor nears them, then hydrate as they are.
const suite = setUpBrowserSuite(['--public', 'referrals', '--fixture', 'tiles']);

const TILE_SCRIPT = /__federation_expose_contributions__(first|second|invite)_tile\.[0-9a-f]+\.js$/;

/** Records, from before any script runs: the tiles the HTML brought, and what was requested by the `load` event. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const seen = {
      prerenderedFrames: [] as Element[],
      prerenderedTiles: [] as Element[],
      atLoad: [] as string[],
      hydratedAtLoad: [] as string[],
      belowAtLoad: [] as string[],
      loader: false,
    };
    (window as unknown as { __tiles: typeof seen }).__tiles = seen;
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      seen.prerenderedFrames = [...document.querySelectorAll('[data-contribution]')];
      seen.prerenderedTiles = [
        ...document.querySelectorAll('[data-contribution] [data-testid]:not([data-testid=contribution-announcement])'),
      ];
    });
    addEventListener('load', () => {
      seen.atLoad = performance.getEntriesByType('resource').map((entry) => entry.name);
      const frames = [...document.querySelectorAll('[data-contribution]')];
      seen.hydratedAtLoad = frames
        .filter((frame) => frame.querySelector('button, a') && hydrated(frame.querySelector('button, a')!))
        .map((frame) => frame.getAttribute('data-contribution')!);
      seen.belowAtLoad = frames
        .filter((frame) => frame.getBoundingClientRect().top > innerHeight + 300)
        .map((frame) => frame.getAttribute('data-contribution')!);
    });
    new MutationObserver(() => {
      if (document.querySelector('[data-contribution] .slot-loading')) seen.loader = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** The script of a tile's exposed module, on its remote's origin. */
const scriptOf = (remoteUrl: string, module: string) =>
  new RegExp(`^${remoteUrl}/__federation_expose_contributions__${module.replaceAll('-', '_')}\\.[0-9a-f]+\\.js$`);

test("ten tiles from five remotes are in the page's HTML; those in view download with it and answer, each as its code arrives; nothing below the fold is fetched before the first view is in", async () => {
  const html = await (await fetch(`${suite.stack.hostUrl}/`)).text();
  expect(html.match(/data-contribution="home\.tiles [^"]+"[^>]*data-state="ready"/g)).toHaveLength(11);
  // The home page's owner expects one tile in the first view on any screen: only its script is hinted
  // (the boot script hints those a wider screen shows, as it measures them).
  expect(
    (html.match(/<link rel="preload" as="script" href="[^"]+"/g) ?? []).filter((link) =>
      TILE_SCRIPT.test(link.slice(0, -1)),
    ),
  ).toHaveLength(1);

  const page = await suite.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const messages = await watch(page);
  const { started, finished } = await slowTileScripts(page);
  // The host's own script takes a while too: what the page names for the first view is requested meanwhile.
  await page.route(FIRST_SCRIPT_PATH, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(`${suite.stack.hostUrl}/`);
  // The first tile answers (its button does nothing until its code has hydrated it).
  const first = page.getByTestId('tile-1a').getByRole('button');
  await expect(answered(page, first)).resolves.toBe(true);

  const frames = await page.evaluate(() =>
    [...document.querySelectorAll('[data-contribution]')].map((frame) => ({
      remote: frame.getAttribute('data-remote')!,
      module: frame.getAttribute('data-contribution')!.split('/')[1]!,
      inView: frame.getBoundingClientRect().top < innerHeight,
    })),
  );
  const inView = frames.filter((frame) => frame.inView);
  const below = frames.filter((frame) => !frame.inView);
  expect(inView.length).toBeGreaterThanOrEqual(3);
  expect(below.length).toBeGreaterThanOrEqual(4);
  const scriptUrl = (frame: (typeof frames)[number], from: Map<string, number>) =>
    [...from.keys()].find((url) => scriptOf(suite.stack.remoteUrls[frame.remote]!, frame.module).test(url));
  // Every tile in view has its code in, and is hydrated (its button answers).
  await page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('[data-contribution] button')]
        .slice(0, count)
        .every((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$'))),
    inView.filter((frame) => frame.remote !== 'referrals').length,
  );
  // The remotes of the tiles in view: their mf-manifest.json asked for by the boot script, before the host's script is in.
  const mainLoaded = [...finished].find(([url]) => FIRST_SCRIPT_PATH.test(url))![1];
  for (const remote of new Set(inView.map((frame) => frame.remote)))
    expect({ remote, early: started.get(`${suite.stack.remoteUrls[remote]}/mf-manifest.json`)! < mainLoaded }).toEqual({
      remote,
      early: true,
    });
  // ...and each in-view tile's script, hinted by the boot script once its remote's manifest is in.
  for (const frame of inView.filter((one) => one.remote !== 'referrals'))
    expect({
      tile: `${frame.remote}/${frame.module}`,
      early: started.get(scriptUrl(frame, started)!)! < mainLoaded,
    }).toEqual({
      tile: `${frame.remote}/${frame.module}`,
      early: true,
    });
  const firstViewIn = Math.max(...inView.map((frame) => finished.get(scriptUrl(frame, finished) ?? '') ?? Infinity));
  expect(Number.isFinite(firstViewIn)).toBe(true);
  // What is below the fold was not requested until then (it may be since: the browser was idle).
  for (const frame of below) {
    const url = scriptUrl(frame, started);
    if (url)
      expect({ module: `${frame.remote}/${frame.module}`, before: started.get(url)! < firstViewIn }).toEqual({
        module: `${frame.remote}/${frame.module}`,
        before: false,
      });
  }

  // Scrolled to, the last tile hydrates as the HTML had it: every tile the same element, never loading, no mismatch.
  const last = page.getByTestId('tile-5b');
  await last.scrollIntoViewIfNeeded();
  await expect(answered(page, last.getByRole('button'))).resolves.toBe(true);
  const kept = await page.evaluate(() => {
    const seen = (
      window as unknown as { __tiles: { prerenderedFrames: Element[]; prerenderedTiles: Element[]; loader: boolean } }
    ).__tiles;
    return {
      same: [...seen.prerenderedFrames, ...seen.prerenderedTiles].every((element) => element.isConnected),
      count: `${seen.prerenderedFrames.length} frames, ${seen.prerenderedTiles.length} tiles`,
      loader: seen.loader,
    };
  });
  expect(kept).toEqual({ same: true, count: '11 frames, 11 tiles', loader: false });
  expect(messages.filter((message) => /hydrat|did not match|rendered it again|pageerror/i.test(message))).toEqual([]);
});

/**
 * Each tile's script takes a while (as on a phone's network): long enough that a tile below the fold
 * fetched early would be seen sharing the network with those in view. When each request of the page
 * started and finished (ms, this process's clock).
 */
async function slowTileScripts(page: Page) {
  await page.route(TILE_SCRIPT, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const started = new Map<string, number>();
  const finished = new Map<string, number>();
  page.on('request', (request) => started.set(request.url(), Date.now()));
  page.on('requestfinished', (request) => finished.set(request.url(), Date.now()));
  return { started, finished };
}

/** Clicks the button until it says it answered (a button not hydrated yet does nothing); false after 10 s. */
async function answered(page: Page, button: ReturnType<Page['getByRole']>): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    await button.click();
    if ((await button.textContent()) === 'Answered') return true;
    await page.waitForTimeout(50);
  }
  return false;
}

test('on a phone (320 px) only the first tile is in view: nothing of the others is fetched before it works', async () => {
  const page = await suite.browser.context.newPage();
  await page.setViewportSize({ width: 320, height: 568 });
  const { started, finished } = await slowTileScripts(page);
  await page.goto(`${suite.stack.hostUrl}/`);
  await expect(answered(page, page.getByTestId('tile-1a').getByRole('button'))).resolves.toBe(true);
  const firstTile = scriptOf(suite.stack.remoteUrls.tiles_1!, 'first-tile');
  const firstIn = [...finished].find(([url]) => firstTile.test(url))![1];
  const early = [...started]
    .filter(([url, at]) => TILE_SCRIPT.test(url) && !firstTile.test(url) && at < firstIn)
    .map(([url]) => url);
  expect(early).toEqual([]);
});
