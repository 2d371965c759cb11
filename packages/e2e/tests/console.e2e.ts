import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  ALICE,
  axeViolations,
  BOB,
  canaryBuild,
  freePortBlock,
  launchBrowser,
  release,
  setUpBrowserSuite,
  signInAtProvider,
  startPrometheus,
} from '../src';

// The release console as people use it: the stack of `pnpm start` releases its builds through a
// store, and its release service serves the console, signing people in through the dev provider
// (the host's). Alice (admin) may change the development environment; Bob (member) may read it.
const store = mkdtempSync(join(tmpdir(), 'mfe-console-store-'));
const suite = setUpBrowserSuite(['--release-store', store]);
const consoleUrl = () => suite.stack.releaseServiceUrl!;

/** Every file of the store and its bytes, but the proofs it has honoured: a refused request changes none. */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!path.endsWith('.lock') && !path.includes('/service/dpop-proofs/'))
        files[path.slice(store.length)] = readFileSync(path, 'utf8');
    }
  };
  walk(store);
  return files;
}

async function openConsole(page: Page, path = '/'): Promise<void> {
  await page.goto(`${consoleUrl()}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function signInToConsole(page: Page, user: typeof ALICE | typeof BOB): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAtProvider(page, suite.stack.idpUrl, user);
  await page.getByText(`Signed in as ${user.name}`).waitFor();
}

test('read without signing in: every environment with its revision, remotes and history; nothing to change, and said why', async () => {
  const page = await suite.browser.context.newPage();
  await openConsole(page);
  const development = page.getByRole('region', { name: /^development/ });
  await development.getByRole('rowheader', { name: 'referrals' }).waitFor();
  expect(await development.getByRole('rowheader', { name: 'account' }).count()).toBe(1);
  expect(await development.getByRole('link', { name: /^revision \d+$/ }).count()).toBe(1);
  // Signed out: nothing offers a change.
  expect(await page.getByRole('button', { name: 'Roll back' }).count()).toBe(0);
  await development.getByRole('link', { name: 'History' }).click();
  await page.getByRole('heading', { name: 'development: History' }).waitFor();
  await page
    .getByRole('cell', { name: /^deploy (account|referrals)@/ })
    .first()
    .waitFor();
  expect(await page.getByRole('row').count()).toBeGreaterThan(2);
  // Searching finds one remote's revisions.
  await page.getByLabel(/Search the revisions/).fill('account@');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\?q=account/);
  // The rows before the search go once its answer shows: referrals' revisions leave, account's stay.
  await page
    .getByRole('cell', { name: /^deploy referrals@/ })
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
  await page
    .getByRole('cell', { name: /^deploy account@/ })
    .first()
    .waitFor();
  expect(await page.getByRole('cell', { name: /^deploy referrals@/ }).count()).toBe(0);
});

test('a person with the role rolls the environment back from the console: what would change first, then the change under their name', async () => {
  const page = await suite.browser.context.newPage();
  await openConsole(page);
  await signInToConsole(page, ALICE);
  const before = JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as unknown[];
  await page.getByRole('button', { name: 'Roll back' }).click();
  const action = page.getByRole('region', { name: 'Roll back (development)' });
  await action.getByLabel(/Why/).fill('trying the console');
  await action.getByRole('button', { name: 'Show what would change' }).click();
  await action
    .getByRole('status')
    .getByText(/dry run: development would become revision \d+: rollback/)
    .waitFor();
  // Nothing changed by the dry run.
  expect(JSON.parse(await release(store, 'history', '--env', 'development', '--json'))).toHaveLength(before.length);
  await action.getByRole('button', { name: 'Make the change' }).click();
  await action.getByText(/^Done: ✔ development revision \d+: rollback to #\d+/).waitFor();
  const history = JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as Array<{
    actor: string;
    reason: string;
  }>;
  expect(history.at(-1)).toMatchObject({ actor: 'Alice Admin (u-alice)', reason: 'trying the console' });
  // The page follows by itself (no reload): the environment's new revision shows.
  await page
    .getByRole('region', { name: /^development/ })
    .getByRole('link', { name: `revision ${history.length}` })
    .waitFor();
});

test('a page that shows an old revision is refused with the conflict code, and says so; the store keeps the other change', async () => {
  // A state to roll back from, whatever the tests before left.
  await release(store, 'rollback', '--env', 'development', '--to', '2', '--actor', 'setup');
  const page = await suite.browser.context.newPage();
  await openConsole(page);
  await signInToConsole(page, ALICE);
  await page.getByRole('button', { name: 'Roll back' }).click();
  const action = page.getByRole('region', { name: 'Roll back (development)' });
  await action.getByRole('button', { name: 'Show what would change' }).click();
  await action.getByRole('button', { name: 'Make the change' }).waitFor();
  // Someone else changes the environment from the command line meanwhile.
  await release(store, 'rollback', '--env', 'development', '--actor', 'carol', '--reason', 'meanwhile');
  const afterCarol = snapshot();
  await action.getByRole('button', { name: 'Make the change' }).click();
  const refusal = action.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.getAttribute('data-code')).toBe('RELEASE_CONFLICT');
  expect(await refusal.textContent()).toMatch(/development changed while this page showed it/);
  expect(snapshot()).toEqual(afterCarol);
});

test('a person without the role sees nothing to change; their own token sent by hand, or a request replayed, is refused and the store is unchanged', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    // What Bob's console sends with each call: his token, and a proof made for that call only.
    const sent: Array<{ url: string; authorization?: string; dpop?: string }> = [];
    page.on('request', (request) => {
      const headers = request.headers();
      if (request.url().startsWith(`${consoleUrl()}/api/overview`) && headers.authorization)
        sent.push({ url: request.url(), authorization: headers.authorization, dpop: headers.dpop });
    });
    await openConsole(page);
    await signInToConsole(page, BOB);
    await page.getByText(/changing an environment takes a role it names/).waitFor();
    expect(await page.getByRole('button', { name: 'Roll back' }).count()).toBe(0);
    for (let tries = 0; sent.length === 0; tries += 1) {
      if (tries > 50) throw new Error('the console never called its API with a token');
      await page.waitForTimeout(100);
    }
    const { authorization, dpop } = sent.at(-1)!;
    expect(authorization).toMatch(/^DPoP /);
    const before = snapshot();
    // His token with that proof, turned into an action: refused (the proof is for another call).
    const forged = await fetch(`${consoleUrl()}/api/envs/development/actions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization!, DPoP: dpop! },
      body: JSON.stringify({ action: 'rollback', expect: 1 }),
    });
    expect(forged.status).toBe(401);
    // The very call it was made for, sent again: refused (each proof is used once).
    const replayed = await fetch(sent.at(-1)!.url, { headers: { Authorization: authorization!, DPoP: dpop! } });
    expect(replayed.status).toBe(401);
    // No token at all, and a made-up one.
    for (const headers of [{}, { Authorization: 'Bearer not.a.token' }] as Array<Record<string, string>>)
      expect(
        (
          await fetch(`${consoleUrl()}/api/envs/development/actions`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify({ action: 'rollback', expect: 1 }),
          })
        ).status,
      ).toBe(401);
    expect(snapshot()).toEqual(before);
  } finally {
    await browser.close();
  }
});

test('a person with the role promotes from the environment before, and pauses, resumes and aborts a rollout, each under their name', async () => {
  const prometheus = await startPrometheus(await freePortBlock(10), [`${suite.stack.collectorUrl}/metrics`]);
  try {
    // development promoted from a staging environment that has since moved on: canary 1.1.0 there, 1.0.0 here.
    const { publicUrl } = JSON.parse(readFileSync(join(store, 'store.json'), 'utf8')) as { publicUrl: string };
    const setup = ['--actor', 'setup', '--reason', 'the test'];
    await release(
      store,
      'init',
      '--public-url',
      publicUrl,
      '--host',
      `staging=${suite.stack.hostUrl}`,
      '--role',
      'staging=admin',
    );
    for (const version of ['1.0.0', '1.1.0']) await release(store, 'publish', canaryBuild(version));
    await release(
      store,
      'deploy',
      'canary@1.1.0',
      '--env',
      'development',
      '--path',
      '/canary',
      '--label',
      'Canary',
      ...setup,
    );
    await release(store, 'promote', '--from', 'development', '--to', 'staging', ...setup);
    await release(store, 'deploy', 'canary@1.0.0', '--env', 'staging', ...setup);
    await release(store, 'promote', '--from', 'staging', '--to', 'development', 'canary', ...setup);
    await release(store, 'deploy', 'canary@1.1.0', '--env', 'staging', ...setup);
    const history = async () =>
      JSON.parse(await release(store, 'history', '--env', 'development', '--json')) as Array<{
        actor: string;
        description: string;
      }>;
    const audit = async () =>
      (JSON.parse(await release(store, 'audit', '--json')) as Array<{ actor: string; kind: string; summary: string }>)
        .filter((record) => record.kind === 'console')
        .map((record) => `${record.actor}: ${record.summary.replace(/ \(at revision \d+\)$/, '')}`);

    const page = await suite.browser.context.newPage();
    await openConsole(page);
    await signInToConsole(page, ALICE);
    const development = page.getByRole('region', { name: /^development/ });
    await development.getByRole('button', { name: 'Promote from staging' }).click();
    const promotion = page.getByRole('region', { name: 'Promote from staging (development)' });
    await promotion.getByRole('button', { name: 'Show what would change' }).click();
    await promotion
      .getByRole('status')
      .getByText(/dry run: development would become revision \d+: promote/)
      .waitFor();
    await promotion.getByRole('button', { name: 'Make the change' }).click();
    // Said in the page's own status line: the panel itself goes once nothing is left to promote.
    await page
      .getByTestId('announced')
      .getByText(/^Done: ✔ development revision \d+: promote/)
      .waitFor();
    expect((await history()).at(-1)).toMatchObject({
      actor: 'Alice Admin (u-alice)',
      description: expect.stringMatching(/^promote/),
    });

    // A rollout of 1.0.0 that waits for figures (a long interval): the person steers it from its page.
    await release(
      store,
      'rollout',
      'start',
      'canary@1.0.0',
      '--env',
      'development',
      '--prometheus',
      prometheus.url,
      '--interval',
      '1h',
      ...setup,
    );
    await openConsole(page, '/envs/development/rollouts/canary');
    for (const [action, status] of [
      ['Pause', 'paused'],
      ['Resume', 'running'],
    ] as const) {
      await page.getByRole('button', { name: action }).click();
      const panel = page.getByRole('region', { name: `${action} (development)` });
      await panel.getByRole('button', { name: 'Show what would change' }).click();
      await panel.getByRole('button', { name: 'Make the change' }).click();
      await page
        .getByTestId('announced')
        .getByText(/^Done: /)
        .waitFor();
      // The page follows by itself.
      await page.getByText(new RegExp(`^Status: ${status}`)).waitFor();
    }
    await page.getByRole('button', { name: 'Abort' }).click();
    const abort = page.getByRole('region', { name: 'Abort (development)' });
    await abort.getByRole('button', { name: 'Show what would change' }).click();
    await abort.getByRole('button', { name: 'Make the change' }).click();
    await page.getByText(/^Status: aborted/).waitFor();
    expect((await history()).at(-1)).toMatchObject({
      actor: 'Alice Admin (u-alice)',
      description: 'abort canary canary@1.0.0',
    });
    expect((await audit()).slice(-4)).toEqual([
      'Alice Admin (u-alice): development: promote from staging',
      'Alice Admin (u-alice): development: pause canary',
      'Alice Admin (u-alice): development: resume canary',
      'Alice Admin (u-alice): development: abort canary',
    ]);
    const status = JSON.parse(
      await release(store, 'rollout', 'status', 'canary', '--env', 'development', '--json'),
    ) as {
      log: string[];
    };
    expect(status.log.join('\n')).toMatch(/pause by Alice Admin \(u-alice\)[^]*resume by Alice Admin \(u-alice\)/);
  } finally {
    await prometheus.stop();
  }
});

test.each([
  ['en', 1280],
  ['ar', 320],
  ['de', 320],
  ['ar', 1280],
] as const)(
  'the console in %s at %i px: no WCAG 2.2 AA violation, nothing scrolls sideways, the right direction',
  async (locale, width) => {
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((code) => localStorage.setItem('mfe.release-console.locale', code), locale);
    // Every kind of page (the rollout, revision and build are those the tests above made).
    for (const path of [
      '/',
      '/envs/development/history',
      '/audit',
      '/envs/development/rollouts/canary',
      '/envs/development/revisions/2',
      '/builds/canary/1.0.0',
    ]) {
      await openConsole(page, path);
      await page.locator('main table, main p.meta').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect([path, await axeViolations(page)]).toEqual([path, []]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  },
);
