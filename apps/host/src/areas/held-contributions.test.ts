import { defineContribution, type ContributionModule } from '@mfe/context';
import type { ManifestEntry } from '../manifest';
import type { PlacedContribution } from '../remotes/contribution-loader';
import { heldCode, holdPrerendered, isHeldPrerendered, loadHeldContributions, releaseHeld } from './held-contributions';

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

test('loads each contribution a page may hold, and its texts, before rendering it ahead of time', async () => {
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

test('nothing is loaded for a page that holds none, or names one the manifest no longer places', async () => {
  const load = jest.fn();
  await loadHeldContributions([], entries, { load }, async () => undefined);
  holdPrerendered(
    [{ remote: 'referrals', module: 'gone' }],
    entries,
    { load },
    async () => undefined,
    () => true,
  );
  expect(load).not.toHaveBeenCalled();
  expect(isHeldPrerendered({ ...entries[0]!.contributions![0]!, remote: 'referrals', module: 'gone' })).toBe(false);
});

describe('holding what the HTML holds, before hydrating', () => {
  const inviteTile = { ...entries[0]!.contributions![0]!, remote: 'referrals' };
  const profileTile = { ...entries[1]!.contributions![0]!, remote: 'account' };

  it('starts loading only those in the first view, and marks each for its frame to hydrate as it is', async () => {
    const load = jest.fn((contribution: PlacedContribution) =>
      contribution.remote === 'account'
        ? Promise.reject(new Error('down'))
        : Promise.resolve(tile as ContributionModule),
    );
    holdPrerendered(
      [
        { remote: 'referrals', module: 'invite-tile' },
        { remote: 'account', module: 'profile-tile' },
      ],
      entries,
      { load },
      async () => undefined,
      (contribution) => contribution.remote === 'referrals',
    );
    expect(load.mock.calls.map(([contribution]) => contribution.module)).toEqual(['invite-tile']);
    expect(isHeldPrerendered(inviteTile)).toBe(true);
    expect(isHeldPrerendered(profileTile)).toBe(true);
    // Once its frame has taken it over, a later render of the slot is the browser's own.
    releaseHeld(inviteTile);
    releaseHeld(profileTile);
    expect(isHeldPrerendered(inviteTile)).toBe(false);
  });

  it("does not wait for a contribution's code (each hydrates when its own is in), and a failing one does not throw", async () => {
    const never = new Promise<never>(() => undefined);
    expect(() =>
      holdPrerendered(
        [
          { remote: 'referrals', module: 'invite-tile' },
          { remote: 'account', module: 'profile-tile' },
        ],
        entries,
        {
          load: (contribution: PlacedContribution) =>
            contribution.remote === 'account' ? Promise.reject(new Error('down')) : never,
        },
        async () => undefined,
        () => true,
      ),
    ).not.toThrow();
    await Promise.resolve();
    releaseHeld(inviteTile);
    releaseHeld(profileTile);
  });
});

describe("a held contribution's code", () => {
  const inviteTile = { ...entries[0]!.contributions![0]!, remote: 'referrals' };

  it('loads once started, and only once, and is there with its texts', async () => {
    const load = jest.fn(async () => tile as ContributionModule);
    const texts: string[] = [];
    const held = heldCode(
      inviteTile,
      { load },
      {
        prepareArea: async (remote) => {
          texts.push(remote);
        },
      },
    );
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    held.start();
    held.start();
    await expect(held.code).resolves.toBe(tile);
    expect(load).toHaveBeenCalledTimes(1);
    expect(texts).toEqual(['referrals']);
  });

  it('says a failure through `failed`, never as a rejected `code` (which would be a render error)', async () => {
    const held = heldCode(
      inviteTile,
      { load: () => Promise.reject(new Error('down')) },
      { prepareArea: async () => undefined },
    );
    let settled = false;
    held.code.then(
      () => (settled = true),
      () => (settled = true),
    );
    held.start();
    await held.failed;
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});
