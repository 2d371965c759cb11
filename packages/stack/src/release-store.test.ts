/**
 * @jest-environment node
 */
import { releaseOrder } from './release-store';

const remote = (name: string, offers: string[], fills: string[] = []) => ({
  name,
  offers,
  contributions: fills.map((slot) => ({ slot, module: `${name}-card` })),
});

test('a remote that fills a slot is released after the remote that offers it, whatever the list says', () => {
  const referrals = remote('referrals', [], ['account.profile.aside', 'home.tiles']);
  const account = remote('account', ['account.profile.aside'], ['home.tiles', 'shell.header.end']);
  expect(releaseOrder([referrals, account]).map(({ name }) => name)).toEqual(['account', 'referrals']);
  // Slots offered by the host or by nobody do not order anything: the list's order stands.
  expect(releaseOrder([account, remote('billing', [], ['home.tiles'])]).map(({ name }) => name)).toEqual([
    'account',
    'billing',
  ]);
});

test('chains are followed, and remotes that fill each other’s slots are all released', () => {
  const a = remote('a', ['a.slot'], ['b.slot']);
  const b = remote('b', ['b.slot'], ['c.slot']);
  const c = remote('c', ['c.slot']);
  expect(releaseOrder([a, b, c]).map(({ name }) => name)).toEqual(['c', 'b', 'a']);
  const x = remote('x', ['x.slot'], ['y.slot']);
  const y = remote('y', ['y.slot'], ['x.slot']);
  expect(releaseOrder([x, y, c]).map(({ name }) => name)).toEqual(['c', 'x', 'y']);
});
