import { setUpBrowserSuite } from '../src';

// A host without prerendered pages: the boot script reads the config and manifest and asks for the
// opening area's files. The host's start-up (every module's first run, then the first render) is one
// long task; run straight after the boot script, it held the boot script's reading back until it was
// over, so the area's files were asked for only then (decision 0017, issue 47).
const suite = setUpBrowserSuite(['--public', 'referrals', '--no-contributions', '--no-prerender']);

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
