import { joinTabs } from './session-channel';

/** A stand-in for the browser's LockManager, shared by every "tab" of the test. */
function fakeLocks() {
  const held: Array<{ name: string }> = [];
  return {
    // Granted at once (names here never clash); released when the callback's promise settles.
    request: (name: string, callback: () => Promise<unknown>) => {
      const lock = { name };
      held.push(lock);
      return callback().finally(() => held.splice(held.indexOf(lock), 1));
    },
    query: async () => ({ held: [...held] }),
  };
}

function withLocks(locks: unknown, run: () => Promise<void>) {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  Object.defineProperty(globalThis, 'crypto', {
    value: { randomUUID: () => Math.random().toString(36).slice(2) },
    configurable: true,
  });
  return run().finally(() => Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true }));
}

test('a tab alone sees no other tab, and sees the second one once it opens', () =>
  withLocks(fakeLocks(), async () => {
    const first = joinTabs('mfe-tab:web');
    expect(await first.otherTabsOpen()).toBe(false);
    const second = joinTabs('mfe-tab:web');
    expect(await first.otherTabsOpen()).toBe(true);
    expect(await second.otherTabsOpen()).toBe(true);
  }));

test('a tab sees whether another one holds a session, while it does', () =>
  withLocks(fakeLocks(), async () => {
    const opening = joinTabs('mfe-tab:web');
    const signedIn = joinTabs('mfe-tab:web');
    expect(await opening.signedInTabsOpen!()).toBe(false);
    signedIn.holdingTokens!(true);
    expect(await opening.signedInTabsOpen!()).toBe(true);
    expect(await signedIn.signedInTabsOpen!()).toBe(false);
    signedIn.holdingTokens!(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(await opening.signedInTabsOpen!()).toBe(false);
  }));

test('tabs of another app do not count', () =>
  withLocks(fakeLocks(), async () => {
    const mine = joinTabs('mfe-tab:web');
    joinTabs('mfe-tab:other-client');
    expect(await mine.otherTabsOpen()).toBe(false);
  }));

test('without Web Locks a tab assumes company (and waits for answers)', async () => {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  expect(await joinTabs('mfe-tab:web').otherTabsOpen()).toBe(true);
});
