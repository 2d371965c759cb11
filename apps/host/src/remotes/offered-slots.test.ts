import type { ManifestEntry } from '../manifest';
import { contributionsNobodyOffers, isOffered, SHELL_SLOTS } from './offered-slots';

const entries = [
  { name: 'account', path: '/account', contributions: [{ slot: 'home.tiles', module: 'profile-tile', order: 1 }] },
  {
    name: 'referrals',
    path: '/referrals',
    contributions: [
      { slot: 'account.profile.aside', module: 'referral-card', order: 1 },
      { slot: 'home.tyles', module: 'invite-tile', order: 2 },
      { slot: 'billing.invoice.footer', module: 'invoice-note', order: 3 },
      { slot: 'account.profile.asid', module: 'typo-card', order: 4 },
    ],
  },
] as unknown as ManifestEntry[];

test("the shell's slots are offered; a slot whose owner is neither the shell nor an area in the manifest is not", () => {
  expect(SHELL_SLOTS).toEqual(['home.tiles', 'shell.header.end']);
  const unread = () => undefined;
  expect(isOffered('home.tiles', entries, unread)).toBe(true);
  expect(isOffered('home.tyles', entries, unread)).toBe(false);
  expect(isOffered('billing.invoice.footer', entries, unread)).toBe(false);
  // An area's slot: offered until its build, once read, says otherwise.
  expect(isOffered('account.profile.asid', entries, unread)).toBe(true);
  expect(isOffered('account.profile.asid', entries, () => ['account.profile.aside'])).toBe(false);
  expect(isOffered('account.profile.aside', entries, () => ['account.profile.aside'])).toBe(true);
});

test('lists each contribution placed in a slot nobody offers, with its remote', () => {
  const offeredBy = (area: string) => (area === 'account' ? ['account.profile.aside'] : []);
  expect(
    contributionsNobodyOffers(entries, offeredBy).map((one) => `${one.remote}/${one.module} in ${one.slot}`),
  ).toEqual([
    'referrals/invite-tile in home.tyles',
    'referrals/invoice-note in billing.invoice.footer',
    'referrals/typo-card in account.profile.asid',
  ]);
});
