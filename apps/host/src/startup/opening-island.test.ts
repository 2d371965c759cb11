import { COHORT_KEY } from '../remotes/cohort';
import { openingEntry, type RawConfig } from '../remotes/opening-build';
import { islandEntry } from './opening-island';

const ENTRY = 'http://localhost/referrals/mf-manifest.json';
const PIN = 'sha384-AAAA';
const page = { remote: 'referrals', entry: ENTRY };
const config = {};
const referrals = {
  name: 'referrals',
  path: '/referrals',
  label: 'Referrals',
  entry: ENTRY,
  integrity: PIN,
  requiresAuth: false,
};

beforeEach(() => localStorage.clear());

/** The island's entry for `page`, from the config and manifest as they arrived. */
const islandOf = (
  onPage: Parameters<typeof islandEntry>[0],
  withConfig: RawConfig,
  manifest: unknown,
  pathname: string,
) => islandEntry(onPage, openingEntry(withConfig, manifest, pathname))?.entry ?? null;

test("the page's area, from the build its HTML was rendered from, pinned: the island's entry, with the schema's defaults", () => {
  expect(islandOf(page, config, { remotes: [referrals] }, '/referrals/invite')).toEqual({
    name: 'referrals',
    path: '/referrals',
    label: 'Referrals',
    entry: ENTRY,
    integrity: PIN,
    timeoutMs: 10_000,
    requiresAuth: false,
  });
});

test.each([
  [
    'the manifest names a newer build',
    { remotes: [{ ...referrals, entry: 'http://localhost/referrals/v2/mf-manifest.json' }] },
    config,
  ],
  ['the area is no longer in the manifest', { remotes: [] }, config],
  ['the manifest is not one', { remote: [referrals] }, config],
  ['the area needs a signed-in person', { remotes: [{ ...referrals, requiresAuth: undefined }] }, config],
  ['the area is for some roles only', { remotes: [{ ...referrals, requires: { roles: ['x'] } }] }, config],
  ['its entry is not pinned', { remotes: [{ ...referrals, integrity: undefined }] }, config],
  ['its pin is not one', { remotes: [{ ...referrals, integrity: 'md5-x' }] }, config],
  [
    'its origin is not allowed',
    { remotes: [{ ...referrals, entry: 'https://elsewhere.example/referrals/mf-manifest.json' }] },
    config,
  ],
])('no island when %s: the shell decides, and says why', (_, manifest, withConfig) => {
  expect(islandOf(page, withConfig, manifest, '/referrals')).toBeNull();
});

test('an unpinned build is taken where the config allows unpinned builds; another origin where it allows that origin', () => {
  expect(
    islandOf(page, { requireIntegrity: false }, { remotes: [{ ...referrals, integrity: undefined }] }, '/referrals'),
  ).toMatchObject({ entry: ENTRY });
  const elsewhere = 'https://cdn.example/referrals/mf-manifest.json';
  expect(
    islandOf(
      { ...page, entry: elsewhere },
      { allowedRemoteOrigins: ['https://cdn.example'] },
      { remotes: [{ ...referrals, entry: elsewhere }] },
      '/referrals',
    ),
  ).toMatchObject({ entry: elsewhere, integrity: PIN });
});

test("a canary's other side: the island only for the side this browser loads", () => {
  const candidate = { entry: 'http://localhost/referrals/v2/mf-manifest.json', integrity: PIN, percent: 50 };
  const manifest = { remotes: [{ ...referrals, candidate }] };
  const sides = new Set<string>();
  for (let seed = 0; seed < 40; seed += 1) {
    localStorage.setItem(COHORT_KEY, (seed * 7919).toString(16).padStart(16, '0'));
    const entry = islandOf(page, config, manifest, '/referrals');
    const candidateIsland = islandOf({ ...page, entry: candidate.entry }, config, manifest, '/referrals');
    // Exactly one of the two pages (rendered from either build) gets an island in this browser.
    expect((entry === null) !== (candidateIsland === null)).toBe(true);
    sides.add(entry ? 'stable' : 'candidate');
  }
  expect(sides).toEqual(new Set(['stable', 'candidate']));
});

test('the opening area loaded ahead is registered with the side of the canary this browser loads, so its telemetry counts for that side', () => {
  const candidate = { entry: 'http://localhost/referrals/v2/mf-manifest.json', integrity: PIN, percent: 50 };
  const manifest = { remotes: [{ ...referrals, candidate }] };
  const seen = new Map<string, string>();
  for (let seed = 0; seed < 40; seed += 1) {
    localStorage.setItem(COHORT_KEY, (seed * 7919).toString(16).padStart(16, '0'));
    const opening = openingEntry(config, manifest, '/referrals')!;
    seen.set(opening.variant, opening.entry.entry);
  }
  expect(Object.fromEntries(seen)).toEqual({ stable: ENTRY, candidate: candidate.entry });
});

test('an area at another path than the page it was rendered for is no island, even by the same name', () => {
  const moved = { remotes: [{ ...referrals, path: '/invitations' }] };
  expect(openingEntry(config, moved, '/referrals')).toBeNull();
  expect(islandOf({ ...page, remote: 'account' }, config, { remotes: [referrals] }, '/referrals')).toBeNull();
});
