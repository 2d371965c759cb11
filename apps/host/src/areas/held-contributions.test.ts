import { defineContribution, type ContributionModule } from '@mfe/context';
import type { ManifestEntry } from '../manifest';
import type { PlacedContribution } from '../remotes/contribution-loader';
import { loadHeldContributions } from './held-contributions';

const entries = [
  {
    name: 'referrals',
    contributions: [
      { slot: 'home.tiles', module: 'invite-tile', order: 10, requiresAuth: false },
      { slot: 'account.profile.aside', module: 'referral-card', order: 100, requiresAuth: true },
    ],
  },
  { name: 'account', contributions: [{ slot: 'home.tiles', module: 'profile-tile', order: 20, requiresAuth: true }] },
] as unknown as ManifestEntry[];
const tile = defineContribution('home.tiles', () => null, { messages: async () => ({}) });

test('loads each contribution the HTML holds, and its texts, before hydrating', async () => {
  const loaded: string[] = [];
  const texts: string[] = [];
  await loadHeldContributions(
    [{ remote: 'referrals', module: 'invite-tile' }],
    entries,
    {
      load: async (contribution: PlacedContribution) => {
        loaded.push(`${contribution.slot} ${contribution.remote}/${contribution.module}`);
        return tile as ContributionModule;
      },
    },
    async (remote, messages) => texts.push(`${remote} ${typeof messages}`),
  );
  expect(loaded).toEqual(['home.tiles referrals/invite-tile']);
  expect(texts).toEqual(['referrals function']);
});

test('a held contribution that does not load in time does not hold hydration back, nor does one that fails', async () => {
  let waited = 0;
  await loadHeldContributions(
    [
      { remote: 'referrals', module: 'invite-tile' },
      { remote: 'account', module: 'profile-tile' },
    ],
    entries,
    {
      load: (contribution: PlacedContribution) =>
        contribution.remote === 'account' ? Promise.reject(new Error('down')) : new Promise<never>(() => undefined),
    },
    async () => undefined,
    async (ms) => {
      waited = ms;
    },
  );
  expect(waited).toBe(3000);
});

test('nothing is loaded for a page that holds none, or names one the manifest no longer places', async () => {
  const load = jest.fn();
  await loadHeldContributions([], entries, { load }, async () => undefined);
  await loadHeldContributions([{ remote: 'referrals', module: 'gone' }], entries, { load }, async () => undefined);
  expect(load).not.toHaveBeenCalled();
});
