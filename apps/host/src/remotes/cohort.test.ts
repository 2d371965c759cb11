import type { RemoteEntry } from '@mfe/manifest';
import { bucketOf, chooseBuilds, cohortSeed, COHORT_KEY, describeChoice } from './cohort';

const stable: RemoteEntry = {
  name: 'referrals',
  entry: 'https://cdn.example/referrals/1.0.0/mf-manifest.json',
  integrity: 'sha384-stable',
  path: '/referrals',
  label: 'Referrals',
  order: 10,
  requiresAuth: true,
  timeoutMs: 10_000,
};
const withCandidate = (percent: number): RemoteEntry => ({
  ...stable,
  candidate: { entry: 'https://cdn.example/referrals/1.1.0/mf-manifest.json', integrity: 'sha384-candidate', percent },
});
const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
};

test('a browser keeps its seed: the same side on every load and in every tab', () => {
  const storage = memory();
  const first = cohortSeed(storage);
  expect(first.kept).toBe(true);
  expect(storage.values.get(COHORT_KEY)).toBe(first.seed);
  expect(cohortSeed(storage)).toEqual(first);
});

test('without storage a side is drawn for the page only, and nothing throws', () => {
  const refusing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('SecurityError');
    },
  };
  expect(cohortSeed(refusing, () => 'abcdefabcdefabcd')).toEqual({ seed: 'abcdefabcdefabcd', kept: false });
  expect(cohortSeed(null, () => 'abcdefabcdefabcd')).toEqual({ seed: 'abcdefabcdefabcd', kept: false });
});

test('without storage one seed is drawn for the page: the first script and the shell choose the same side', () => {
  const first = cohortSeed(null);
  expect(first.kept).toBe(false);
  expect(first.seed).toMatch(/^[0-9a-f]{16}$/);
  expect(cohortSeed(null)).toEqual(first);
  // A browser whose storage works later in the page keeps that very seed.
  const storage = memory();
  expect(cohortSeed(storage).seed).toBe(first.seed);
});

test('shares are met: of 10,000 browsers about a quarter get a 25 % candidate, and growing the share only adds browsers', () => {
  const seeds = Array.from({ length: 10_000 }, (_, index) => index.toString(16).padStart(16, '0'));
  const onCandidate = (percent: number) =>
    new Set(
      seeds.filter(
        (seed) =>
          chooseBuilds([withCandidate(percent)], () => ({ seed, kept: true })).choices.referrals!.variant ===
          'candidate',
      ),
    );
  const quarter = onCandidate(25);
  expect(quarter.size).toBeGreaterThan(2_350);
  expect(quarter.size).toBeLessThan(2_650);
  const half = onCandidate(50);
  for (const seed of quarter) expect(half.has(seed)).toBe(true);
  expect(onCandidate(0).size).toBe(0);
  expect(onCandidate(100).size).toBe(10_000);
});

test('the chosen build replaces the entry and its pin; remotes of one browser fall independently', () => {
  const seed = { seed: '00000000000000ff', kept: true };
  const { remotes, choices } = chooseBuilds(
    [withCandidate(100), { ...stable, name: 'account', path: '/account' }],
    () => seed,
  );
  expect(remotes[0]).toEqual({
    ...stable,
    entry: 'https://cdn.example/referrals/1.1.0/mf-manifest.json',
    integrity: 'sha384-candidate',
  });
  expect(remotes[0]).not.toHaveProperty('candidate');
  expect(choices.account).toEqual({ variant: 'stable' });
  expect(bucketOf(seed.seed, 'referrals')).not.toBe(bucketOf(seed.seed, 'account'));
  expect(describeChoice(choices.referrals)).toMatch(/^candidate \(canary at 100 %; this browser is at \d+\.\d\d\)$/);
});

test('no seed is drawn or stored when no entry has a candidate', () => {
  const seed = jest.fn(() => ({ seed: '0000000000000000', kept: true }));
  chooseBuilds([stable], seed);
  expect(seed).not.toHaveBeenCalled();
});
