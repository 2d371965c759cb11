/**
 * @jest-environment node
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DirectoryStore } from '../store/directory-store';
import { tempDir } from '../testing/world';
import { sharedNonceSource, storeReplay } from './shared-dpop';

test('every instance on one store makes and accepts the same nonces; another store does not accept them', async () => {
  const dir = tempDir('shared-dpop');
  const [first, second] = await Promise.all([
    sharedNonceSource(new DirectoryStore(dir)),
    sharedNonceSource(new DirectoryStore(dir)),
  ]);
  expect(second.accepts(first.current())).toBe(true);
  expect(first.accepts(second.current())).toBe(true);
  const elsewhere = await sharedNonceSource(new DirectoryStore(tempDir('shared-dpop-other')));
  expect(elsewhere.accepts(first.current())).toBe(false);
});

test('a proof is honoured once across instances on one store, and used proofs are removed once past remembering', async () => {
  const dir = tempDir('used-proofs');
  let now = 1_000_000_000;
  const one = storeReplay(new DirectoryStore(dir), () => now);
  const other = storeReplay(new DirectoryStore(dir), () => now);
  expect(await one.firstUse('thumbprint:jti-1', now + 120_000)).toBe(true);
  expect(await other.firstUse('thumbprint:jti-1', now + 120_000)).toBe(false);
  expect(await one.firstUse('thumbprint:jti-1', now + 120_000)).toBe(false);
  expect(await other.firstUse('thumbprint:jti-2', now + 120_000)).toBe(true);
  // An hour on, the first instance's next use sweeps the old folder away.
  now += 3_600_000;
  expect(await one.firstUse('thumbprint:jti-3', now + 120_000)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const folders = readdirSync(join(dir, 'service', 'dpop-proofs'));
  expect(folders).toEqual([String(Math.floor((now + 120_000) / 600_000))]);
});
