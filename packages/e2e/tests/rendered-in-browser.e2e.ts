import { setUpBrowserSuite } from '../src';
import { holdShell, SHELL_SCRIPT_PATH } from '../src/host-build';

// A host without prerendered pages: the boot script reads the config and manifest and asks for the
// opening area's files. The host's start-up (every module's first run, then the first render) is one
// long task; run straight after the boot script, it held the boot script's reading back until it was
// over, so the area's files were asked for only then (decision 0017, issue 47).
const suite = setUpBrowserSuite([
  ...['--public', 'referrals', '--no-contributions', '--no-prerender'],
  ...['--fixture', 'faulty', '--public', 'faulty'],
]);

test("a public area works before the shell's code has run, and the shell takes it in as it is, focus and input kept", async () => {
  const page = await suite.browser.context.newPage();
  const shell = await holdShell(page);
  // Not until the page's load event, which the shell's hinted script holds back.
  await page.goto(`${suite.stack.hostUrl}/referrals`, { waitUntil: 'domcontentloaded' });
  // Rendered in the page's placeholder by the first script: it answers while the shell has not run.
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`, { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  await email.fill('ada@example.com');
  expect(await page.getByTestId('sign-in').count()).toBe(0);
  expect(await page.locator('.boot').count()).toBe(0);
  await page.evaluate(() => {
    (document.querySelector('[data-testid=referrals-invite]') as HTMLElement & { kept?: boolean }).kept = true;
  });

  // The shell renders around it and takes the same elements into its route.
  shell.release();
  await page.getByTestId('sign-in').waitFor();
  const kept = await page.evaluate(() => ({
    same: (document.querySelector('[data-testid=referrals-invite]') as HTMLElement & { kept?: boolean }).kept,
    inRoute: !!document.querySelector('main .remote-area[data-remote=referrals] [data-testid=referrals-invite]'),
    focused: (document.activeElement as HTMLInputElement | null)?.value,
  }));
  expect(kept).toEqual({ same: true, inRoute: true, focused: 'ada@example.com' });
  // The shell leads from now on: its navigation, then the area's own within it.
  await page.getByTestId('product-name').click();
  await page.waitForURL(`${suite.stack.hostUrl}/`);
  await page.getByTestId('referrals-invite').waitFor({ state: 'detached' });
  await page.getByTestId('nav-referrals').click();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.getByTestId('referrals-invite').waitFor();
  await page.close();
});

test("the area's files are asked for before the host's start-up runs, on a slow processor", async () => {
  const page = await suite.browser.context.newPage();
  // What the page asked for, and when the host's start-up began (it sets this flag first), in order.
  await page.addInitScript(() => {
    const order: string[] = [];
    (window as unknown as { __order: string[] }).__order = order;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      order.push(`fetch ${typeof input === 'string' ? input : input instanceof URL ? input.href : input.url}`);
      return fetch(input, init);
    };
    let started: unknown;
    Object.defineProperty(window, '__mfeHostStarted', {
      configurable: true,
      get: () => started,
      set: (value) => {
        if (!started) order.push('host started');
        started = value;
      },
    });
  });
  // A phone's processor: the host's start-up is then a long task of some hundreds of milliseconds.
  const cdp = await suite.browser.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  await page.waitForSelector('[data-testid=referrals-overview]');

  const order = await page.evaluate(() => (window as unknown as { __order: string[] }).__order);
  const areaAsked = order.findIndex((step) => step.startsWith(`fetch ${suite.stack.remoteUrls.referrals}/`));
  expect(areaAsked).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('host started')).toBeGreaterThan(areaAsked);
  // And the page works: its button answers.
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.waitForURL(`${suite.stack.hostUrl}/referrals/invite`);
  await page.close();
});

test('an opening area that fails before the shell has rendered is tried, logged and shown once, and its Retry loads it', async () => {
  const page = await suite.browser.context.newPage();
  const manifestUrl = `${suite.stack.remoteUrls.referrals}/mf-manifest.json`;
  // Built against a React this host does not provide: refused by the contract check, which fails at
  // once (the boot script has its manifest in hand), before the shell's first render has run.
  let refuse = true;
  const manifestAsked: string[] = [];
  await page.route(manifestUrl, async (route) => {
    manifestAsked.push(route.request().url());
    const response = await route.fetch();
    const manifest = (await response.json()) as { shared: Array<{ name: string; requiredVersion: string }> };
    if (refuse)
      manifest.shared = manifest.shared.map((shared) =>
        shared.name === 'react' ? { ...shared, requiredVersion: '^99.0.0' } : shared,
      );
    await route.fulfill({ response, json: manifest });
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Remote "referrals" is incompatible with this host')) refusals.push(message.text());
  });

  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const panel = page.locator('[data-testid=remote-error][data-remote=referrals][data-needs-update=true]');
  await panel.waitFor();
  await page.waitForTimeout(1_000); // any second attempt would have come by now
  expect(manifestAsked).toHaveLength(1);
  expect(refusals).toHaveLength(1);

  refuse = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('[data-testid=referrals-overview]');
  expect(manifestAsked).toHaveLength(2);
  await page.close();
});

test("in the visitor's language, an opening area loaded before the shell's first render never shows in another", async () => {
  const context = await suite.browser.context.browser()!.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    // Every text the area showed, as each change to the page was made: in the island's own element
    // (rendered before the shell) and in the shell's area once it has taken the island in.
    await page.addInitScript(() => {
      const shown = new Set<string>();
      (window as unknown as { __areaTexts: Set<string> }).__areaTexts = shown;
      new MutationObserver(() => {
        for (const area of document.querySelectorAll('[data-island=referrals], [data-remote=referrals]'))
          if (area.textContent) shown.add(area.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${suite.stack.hostUrl}/referrals`);
    await page.getByRole('button', { name: 'Jemanden einladen' }).waitFor();
    const texts = await page.evaluate(() => [...(window as unknown as { __areaTexts: Set<string> }).__areaTexts]);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => text.includes('Invite someone'))).toEqual([]);
  } finally {
    await context.close();
  }
});

test("an opening area that is slow does not hold the shell back: the shell shows with the area's skeleton, then the area", async () => {
  const page = await suite.browser.context.newPage();
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`${suite.stack.remoteUrls.referrals}/remoteEntry.js`, async (route) => {
    await held;
    await route.continue();
  });
  // Not until the page's load event: the area's entry, asked for as the page starts, holds it back.
  await page.goto(`${suite.stack.hostUrl}/referrals`, { waitUntil: 'domcontentloaded' });
  // The area's entry is still held: the shell works, and says the area is loading.
  await page.getByTestId('remote-loading').waitFor();
  await page.getByTestId('nav-referrals').waitFor();
  answer();
  await page.getByTestId('referrals-overview').waitFor();
  await page.close();
});

test("the shell's code that cannot be loaded is said in place of the page's placeholder, with a reload that recovers", async () => {
  const page = await suite.browser.context.newPage();
  await page.route(SHELL_SCRIPT_PATH, (route) => route.abort('connectionreset'));
  await page.goto(`${suite.stack.hostUrl}/referrals`);
  const notice = page.getByRole('alert').filter({ hasText: 'This page could not finish loading' });
  await notice.waitFor();
  expect(await page.locator('.boot').count()).toBe(0);
  // The connection is back: the notice's button reloads the page, which works.
  await page.unroute(SHELL_SCRIPT_PATH);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  await page.getByTestId('referrals-invite').waitFor();
  expect(await page.getByTestId('shell-unavailable').count()).toBe(0);
});

test('a public area that throws as the first script renders it: the shell shows its panel once, and Retry renders it', async () => {
  const page = await suite.browser.context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('The faulty fixture failed to render'))
      errors.push(message.text());
  });
  await page.goto(`${suite.stack.hostUrl}/faulty/render-throw`);
  const panel = page.locator('[data-testid=remote-error][data-remote=faulty]');
  await panel.waitFor();
  expect(await panel.textContent()).toContain('It stopped with an error: The faulty fixture failed to render');
  // The shell around it works, and the panel is there once (not the island's and the route's).
  await page.getByTestId('sign-in').waitFor();
  expect(await page.locator('[data-testid=remote-error]').count()).toBe(1);
  expect(await page.locator('.boot').count()).toBe(0);
  await page.evaluate(() => ((window as unknown as { __faultyFixed: boolean }).__faultyFixed = true));
  await panel.getByRole('button', { name: 'Retry' }).click();
  await page.getByTestId('faulty-recovered').waitFor();
  expect(errors.length).toBeGreaterThan(0);
  await page.close();
});
