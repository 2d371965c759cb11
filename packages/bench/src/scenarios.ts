import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Cookie } from 'playwright-core';
import { DEMO_USERS } from '@mfe/dev-idp';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, Session, type LoadFigures, type Profile } from './measure';
import { COUNT_PROBE, INVITE_PROBE, TILE_PROBE, type Probe } from './observer-script';

// What the benchmark does in the browser: the apps it compares, signing in once, and each scenario
// (a cold load, a navigation, a repeat visit, reloads), run in pairs (A then B) in fresh profiles.
const DEMO = DEMO_USERS[0]!;

/** The page every page-load scenario opens: the public area's page (prerendered where the host prerenders). */
export const PUBLIC_PAGE = '/referrals';

export interface App {
  readonly label: string;
  readonly origin: string;
  readonly idpUrl: string;
  cookies: Cookie[];
  /** A visitor who never signed in: no provider cookie, no signed-in hint. */
  readonly visitor?: boolean;
}

export async function signInOnce(app: App, workDir: string): Promise<void> {
  const dir = join(workDir, `signin-${Date.now()}`);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${app.origin}/account`);
    await page.waitForSelector('#username');
    await page.fill('#username', DEMO.username);
    await page.fill('#password', DEMO.password);
    await page.click('button[type=submit]:has-text("Sign in")');
    await page.waitForSelector('[data-testid=account-greeting]');
    // The provider's session cookie: each measured load starts signed in at the provider, with an empty cache.
    app.cookies = (await context.cookies()).filter((cookie) => app.idpUrl.includes(cookie.domain));
  } finally {
    await context.close();
    // Only the cookies are kept: the profiles (3 MB each, three a run) had piled up in .bench/.
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One measured visit in a fresh profile; the profile is closed whatever happens. */
async function inFreshProfile(
  app: App,
  profile: Profile,
  visit: (session: Session) => Promise<LoadFigures>,
  probe?: Probe,
): Promise<LoadFigures> {
  const session = await Session.open(profile, app.origin, app.visitor ? [] : app.cookies, !app.visitor, probe);
  try {
    return await visit(session);
  } finally {
    await session.close();
  }
}

export const coldLoad = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}${PUBLIC_PAGE}`, { waitUntil: 'commit' });
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

/** A cold load of the public page until its area is interactive: "Invite someone" has worked. */
export const interactiveLoad = (app: App, profile: Profile) =>
  inFreshProfile(
    app,
    profile,
    async (session) => {
      await session.goto(`${app.origin}${PUBLIC_PAGE}`, { waitUntil: 'commit' });
      return session.figures(await session.waitForInteractive());
    },
    INVITE_PROBE,
  );

/** A cold load of an area's page at `path` until its "Add one" has counted (the react18-area fixture's area). */
export const areaWorks =
  (path: string): Scenario =>
  (app, profile) =>
    inFreshProfile(
      app,
      profile,
      async (session) => {
        await session.goto(`${app.origin}${path}`, { waitUntil: 'commit' });
        return session.figures(await session.waitForInteractive());
      },
      COUNT_PROBE,
    );

/**
 * A visitor's cold load of the home page until its first tile works (the tiles fixture's "Answer"
 * says "Answered"): a page of many contributions against one of a single contribution.
 */
export const firstTileWorks = (app: App, profile: Profile) =>
  inFreshProfile(
    app,
    profile,
    async (session) => {
      await session.goto(`${app.origin}/`, { waitUntil: 'commit' });
      return session.figures(await session.waitForInteractive());
    },
    TILE_PROBE,
  );

/**
 * The public page loaded again in the same profile (signed in, for an app with a user: the session is
 * restored as after a reload), until its area's button has worked; the first load warms the cache.
 */
export const reloadInteractive = (app: App, profile: Profile) =>
  inFreshProfile(
    app,
    profile,
    async (session) => {
      await session.goto(`${app.origin}${PUBLIC_PAGE}`);
      await session.waitForInteractive();
      await session.waitForTimeout(300); // the stored token (with DPoP) is written
      session.resetCounters();
      await session.goto(`${app.origin}${PUBLIC_PAGE}`, { waitUntil: 'commit' });
      return session.figures(await session.waitForInteractive());
    },
    INVITE_PROBE,
  );

/** A signed-in cold load of a page that needs a user, until the shell (the header) is painted. */
export const signedInShell = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}/account`, { waitUntil: 'commit' });
    return session.figures(await session.waitForPaint('shell'));
  });

/**
 * Signed in on /referrals, then a client-side navigation to the account area (its first visit), once
 * the page has settled (no request for 500 ms), as when someone reads a page before moving on.
 */
export const navigation = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}${PUBLIC_PAGE}`);
    await session.waitForPaint('referrals-overview');
    await session.waitForNetworkIdle();
    await session.waitForTimeout(200);
    session.resetCounters();
    const clickedAt = (await session.evaluate('performance.now()')) as number;
    await session.click('[data-testid=nav-account]');
    return session.figures((await session.waitForPaint('account-greeting')) - clickedAt);
  });

/**
 * The same load again in the same profile: what a returning user downloads, once the first visit
 * has finished loading (what it had not finished, such as a part in the header still on its way
 * when the content painted, would otherwise count as downloaded again).
 */
export const repeatVisit = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}${PUBLIC_PAGE}`);
    await session.waitForPaint('referrals-overview');
    await session.waitForNetworkIdle();
    session.resetCounters();
    await session.goto(`${app.origin}${PUBLIC_PAGE}`);
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

/** Signed in on a deep link, then the page reloaded: how long until its content is back. */
export const reloadDeepLink = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}/account`);
    await session.waitForPaint('account-greeting');
    await session.waitForTimeout(300); // the stored token (with DPoP) is written
    session.resetCounters();
    await session.reload();
    return session.figures(await session.waitForPaint('account-greeting'));
  });

/** A visitor on the public page, then the page reloaded (the reference for a signed-in reload). */
export const reloadPublicPage = (app: App, profile: Profile) =>
  inFreshProfile(app, profile, async (session) => {
    await session.goto(`${app.origin}${PUBLIC_PAGE}`);
    await session.waitForPaint('referrals-overview');
    await session.waitForTimeout(300);
    session.resetCounters();
    await session.reload();
    return session.figures(await session.waitForPaint('referrals-overview'));
  });

export type Scenario = (app: App, profile: Profile) => Promise<LoadFigures>;

/** The pairs of loads of one comparison, and the loads that failed on the way (each retried with a new pair). */
export interface Pairs {
  readonly results: Array<[LoadFigures, LoadFigures]>;
  readonly failed: readonly string[];
}

/**
 * Loads alternate between the two apps, so both see the same machine state; ratios are per pair.
 * `scenarioB` (default: the same) is what the reference app does. A load that fails (it never
 * painted or worked in time), the warm-ups' included, is kept as a failure and said at once; a
 * measured one has its pair measured again. More failures than loads end the run.
 */
export async function pairs(
  a: App,
  b: App,
  profile: Profile,
  loads: number,
  scenario: Scenario,
  scenarioB: Scenario = scenario,
  { warmUp = true }: { readonly warmUp?: boolean } = {},
): Promise<Pairs> {
  const results: Array<[LoadFigures, LoadFigures]> = [];
  const failed: string[] = [];
  const load = async (app: App, run: Scenario, what = 'a load failed, measured again') => {
    try {
      return await run(app, profile);
    } catch (error) {
      const said = `${app.label}: ${(error as Error).message}`;
      console.log(`  ✖ ${what}: ${said}`);
      failed.push(said);
      if (failed.length > loads) throw new Error(`More loads failed than were asked for:\n${failed.join('\n')}`);
      return undefined;
    }
  };
  // Warm-ups, not recorded (a full run lost 20 minutes of figures to one that never worked); a
  // smoke run has nothing to lose to a first load.
  if (warmUp) {
    await load(a, scenario, 'a warm-up load failed');
    await load(b, scenarioB, 'a warm-up load failed');
  }
  while (results.length < loads) {
    const i = results.length;
    const first = i % 2 === 0 ? await load(a, scenario) : await load(b, scenarioB);
    const second = first && (i % 2 === 0 ? await load(b, scenarioB) : await load(a, scenario));
    if (first && second) results.push(i % 2 === 0 ? [first, second] : [second, first]);
  }
  return { results, failed };
}
