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

/** A version of referrals the stack published (its build record's name). */
function referralsVersion(): string {
  return readdirSync(join(store, 'builds', 'referrals'))[0]!.replace(/\.json$/, '');
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
  // Said in the page's one live region; the panel lists it.
  await page
    .getByTestId('announced')
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
    await page
      .getByTestId('announced')
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

/** A change made from the terminal: development's canary area deployed at the version it does not have. */
async function changeFromTheTerminal(): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(store, 'envs', 'development', 'manifest.json'), 'utf8')) as {
    remotes: Array<{ name: string; entry: string }>;
  };
  const now = manifest.remotes.find((remote) => remote.name === 'canary')?.entry ?? '';
  const other = now.includes('/canary/1.0.0/') ? '1.1.0' : '1.0.0';
  await release(
    store,
    'deploy',
    `canary@${other}`,
    '--env',
    'development',
    '--actor',
    'carol',
    '--reason',
    'from the terminal',
  );
}

/** What has the focus: its tag and text (BODY when the focus was lost). */
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim() ?? ''}`);

test.each([
  ['en', 1280, 'Roll back', 'Show what would change', 'Make the change', 'Cancel'],
  ['ar', 320, 'التراجع', 'اعرض ما سيتغيّر', 'نفّذ التغيير', 'إلغاء'],
  ['de', 320, 'Zurücksetzen', 'Zeigen, was sich ändern würde', 'Ändern', 'Abbrechen'],
] as const)(
  'with the keyboard alone in %s at %i px: the panel takes the focus and gives it back, each result is said once in one live region, nothing scrolls sideways',
  async (locale, width, rollBack, check, confirm, cancel) => {
    // A change for the panel's rollback to undo.
    await changeFromTheTerminal();
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((code) => localStorage.setItem('mfe.release-console.locale', code), locale);
    await openConsole(page);
    await page.getByRole('button', { name: /^(Sign in|Anmelden|تسجيل الدخول)$/ }).click();
    await signInAtProvider(page, suite.stack.idpUrl, ALICE);
    const opener = page
      .getByRole('region', { name: /^development/ })
      .getByRole('button', { name: rollBack, exact: true });
    await opener.waitFor();
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H3');
    expect(await focused(page)).toMatch(new RegExp(`^H3 ${rollBack} \\(development\\)$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Tab to the reason, then to the dry run's button, and Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard only');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(`BUTTON ${check}`);
    await page.keyboard.press('Enter');
    await page
      .waitForFunction((name) => document.activeElement?.textContent === name, confirm, { timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}; focus on ${await focused(page)}; panel: ${await page.locator('section.action').textContent()}`,
        );
      });
    // Said once, by the page's one live region, in English marked as such.
    const announced = page.getByTestId('announced');
    await announced.getByText(/dry run: development would become revision \d+: rollback/).waitFor();
    expect(await page.locator('[role=status], [aria-live]').count()).toBe(1);
    expect(await announced.locator('[lang=en]').count()).toBe(1);
    expect(await page.locator('.diff code[lang=en][dir=ltr]').count()).toBeGreaterThan(0);
    // Cancel gives the focus back to the action's button.
    await page.getByRole('button', { name: cancel }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => document.activeElement?.textContent === name, rollBack);
    expect(await focused(page)).toBe(`BUTTON ${rollBack}`);
    // Routes and versions keep their order in every direction.
    const written = page
      .getByRole('region', { name: /^development [^:]*$/ })
      .locator('bdi[dir=ltr]', { hasText: /^\/canary$/ });
    expect(await written.count()).toBe(1);
    await page.close();
  },
);

test('every page names itself in its title, and a change made elsewhere is said in the live region', async () => {
  const page = await suite.browser.context.newPage();
  for (const [path, title] of [
    ['/', 'Environments – Release console'],
    ['/envs/development/history', 'development: History – Release console'],
    ['/envs/development/revisions/2', 'development: revision 2 – Release console'],
    ['/audit', 'The store’s audit log – Release console'],
    ['/builds/canary/1.0.0', 'Build canary@1.0.0 – Release console'],
    ['/envs/development/rollouts/canary', /^Rollout of canary@1\.0\.0 in development – Release console$/],
  ] as const) {
    await openConsole(page, path);
    await page.locator('main table, main p.meta').first().waitFor();
    await expect(page.title()).resolves.toMatch(title);
  }
  await openConsole(page, '/');
  await page
    .getByRole('link', { name: /^revision \d+$/ })
    .first()
    .waitFor();
  await page.waitForTimeout(1_000);
  await changeFromTheTerminal();
  await page
    .getByTestId('announced')
    .getByText(/^Changed elsewhere: development\./)
    .waitFor({ timeout: 15_000 });
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
      // A development build's version is long and has no spaces (0.1.0+ac78a1c1a109).
      `/builds/referrals/${encodeURIComponent(referralsVersion())}`,
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
