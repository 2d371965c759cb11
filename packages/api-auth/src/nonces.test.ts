/**
 * @jest-environment node
 */
import { createNonceSource } from './nonces';
import { createMemoryReplayStore } from './replay';

describe('nonces', () => {
  it('accepts a nonce for its window and the next, not after, and not from another secret', () => {
    let clock = 1_000_000;
    const secret = new Uint8Array(32).fill(7);
    const source = createNonceSource({ secret, windowSeconds: 60, now: () => clock });
    const nonce = source.current();
    expect(source.accepts(nonce)).toBe(true);
    clock += 60_000;
    expect(source.current()).not.toBe(nonce);
    expect(source.accepts(nonce)).toBe(true);
    clock += 60_000;
    expect(source.accepts(nonce)).toBe(false);
    expect(
      createNonceSource({ secret: new Uint8Array(32).fill(8), windowSeconds: 60, now: () => clock }).accepts(
        source.current(),
      ),
    ).toBe(false);
    expect(createNonceSource({ secret, windowSeconds: 60, now: () => clock }).accepts(source.current())).toBe(true);
    expect(source.accepts('')).toBe(false);
  });
});

describe('the memory replay store', () => {
  it('says an id was used until its time is up, then forgets it', () => {
    let clock = 0;
    const store = createMemoryReplayStore(() => clock);
    expect(store.firstUse('a', 1000)).toBe(true);
    expect(store.firstUse('a', 1000)).toBe(false);
    clock = 1000;
    expect(store.firstUse('a', 2000)).toBe(true);
  });
});
