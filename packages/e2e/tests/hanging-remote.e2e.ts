import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commit, DirectoryStore, type ManifestDocument } from '@mfe/release';
import { release, runRelease, setUpBrowserSuite } from '../src';

// A remote that accepts connections and never answers (its server is up, its process stuck) must
// not take the rest down: not the stack's pages rendered ahead of time, not the release tool
// rendering an environment's pages. Its public tile on the home page is given up at its time limit,
// said by name, and left to the browser, which says in place that it could not be shown.
const TIME_LIMIT_MS = 1500;
const held: Socket[] = [];
const stalledServer = createServer((socket) => void held.push(socket));
const stalledOrigin = (basePort: number) => `http://localhost:${basePort + 197}`;
const stalledEntry = (basePort: number) => ({
  name: 'stalled',
  entry: `${stalledOrigin(basePort)}/mf-manifest.json`,
  timeoutMs: TIME_LIMIT_MS,
  contributions: [{ slot: 'home.tiles', module: 'stalled-tile', requiresAuth: false, label: 'Stalled news' }],
});
const suite = setUpBrowserSuite((basePort) => {
  stalledServer.listen(basePort + 197);
  return [
    '--allow-remote-origin',
    stalledOrigin(basePort),
    '--manifest-extra',
    JSON.stringify([stalledEntry(basePort)]),
  ];
});
afterAll(() => {
  for (const socket of held) socket.destroy();
  stalledServer.close();
});

/** A page as the stack serves it, and how long it took to answer. */
async function timed(path: string): Promise<{ ms: number; html: string }> {
  const started = Date.now();
  const html = await (await fetch(`${suite.stack.hostUrl}${path}`)).text();
  return { ms: Date.now() - started, html };
}

test('a remote that hangs holds no page past its time limit; its tile says so in place and the rest works', async () => {
  for (const path of ['/', '/referrals', '/account/profile']) {
    const { ms } = await timed(path);
    expect([path, ms < TIME_LIMIT_MS + 3_000]).toEqual([path, true]);
  }
  // The prerendered home page holds the tiles of the remotes that answered, not the one that hangs.
  const { html } = await timed('/');
  expect(html).toContain('data-testid="referrals-tile"');
  // Its frame is there, waiting for the browser, with nothing of it in the HTML.
  const frame =
    /<section[^>]*data-contribution="home.tiles stalled\/stalled-tile"[^>]*data-state="waiting">(.*?)<\/section>/.exec(
      html,
    );
  expect(frame?.[1]).toBe(
    '<span role="status" class="visually-hidden" data-testid="contribution-announcement"></span>',
  );
  expect(/id="mfe-page">(.*?)<\/script>/.exec(html)?.[1]).not.toContain('stalled');
  expect(held.length).toBeGreaterThan(0);

  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.stack.hostUrl}/`);
  const failed = page.locator(
    '[data-contribution="home.tiles stalled/stalled-tile"] [data-testid=contribution-failed]',
  );
  await failed.waitFor({ timeout: TIME_LIMIT_MS * 6 });
  expect(await failed.textContent()).toContain('Stalled news could not be shown. The rest of this page still works.');
  await page.getByTestId('referrals-tile').waitFor();
  await page.click('[data-testid=nav-referrals]');
  await page.waitForURL(/\/referrals$/);
});

test('mfe-release renders the pages past a remote that hangs, within its time limit, and names it', async () => {
  const store = mkdtempSync(join(tmpdir(), 'mfe-hanging-store-'));
  const hostBuild = join(__dirname, '..', '..', '..', 'apps', 'host', 'dist');
  await release(
    store,
    'init',
    '--public-url',
    `${suite.stack.hostUrl}/remotes`,
    '--host',
    `development=${suite.stack.hostUrl}`,
    '--host-build',
    `development=${hostBuild}`,
  );
  // The environment as a deploy left it, with the stalled remote answering then: referrals from the
  // stack's manifest, and the remote that has since stopped answering.
  const served = (await (await fetch(`${suite.stack.hostUrl}/remotes.json`)).json()) as ManifestDocument;
  const referrals = served.remotes.find((remote) => remote.name === 'referrals')!;
  const manifest = {
    schemaVersion: served.schemaVersion,
    remotes: [referrals, stalledEntry(suite.stack.basePort)],
  } as ManifestDocument;
  await commit(new DirectoryStore(store), 'development', {
    action: { verb: 'deploy', remote: 'stalled', version: '1.0.0' },
    actor: 'test',
    reason: 'the remote answered when it was deployed',
    rebase: false,
    apply: () => ({ action: { verb: 'deploy', remote: 'stalled', version: '1.0.0' }, manifest }),
    check: async () => [],
  });

  const started = Date.now();
  const { code, out } = await runRelease(store, 'pages', '--env', 'development');
  expect(Date.now() - started).toBeLessThan(TIME_LIMIT_MS + 10_000);
  expect(code).toBe(0);
  expect(out).toMatch(/✔ development's prerendered pages: \d+ files/);
  expect(out).toContain(
    `⚠ stalled (${stalledEntry(suite.stack.basePort).entry}): its contributions could not be rendered ahead of time (it did not answer within 1.5 s, its time limit); they render in the browser.`,
  );
  // Referrals' prerendered page was written all the same.
  expect(readdirSync(join(store, 'envs', 'development', 'pages', 'referrals'))).toContain('index.html');
}, 60_000);
