import { createHash, randomBytes } from 'node:crypto';
import { createNonceSource, type NonceSource, type ReplayStore } from '@mfe/api-auth';
import { jsonBytes, KEYS, readJson } from '../store/layout';
import type { ObjectStore } from '../store/object-store';

// What every instance of the release service behind one name must agree on for DPoP (RFC 9449):
// the secret its server nonces are made with (any instance accepts another's nonce), and the
// proofs already used (a proof is honoured once across all of them). Both live in the store the
// instances already share, under `service/`, which is never served to browsers (layout.ts); a
// service needs no other shared state or configuration for it.

/** The nonce secret of the store's services: made once by the first instance (create-only), read by every other. */
export async function sharedNonceSource(store: ObjectStore, now?: () => number): Promise<NonceSource> {
  const made = { secret: randomBytes(32).toString('base64url') };
  await store.create(KEYS.nonceSecret, jsonBytes(made), 'application/json');
  const found = await readJson<{ secret: string }>(store, KEYS.nonceSecret);
  if (!found?.value.secret) throw new Error(`${KEYS.nonceSecret} in ${store.where} holds no secret.`);
  return createNonceSource({ secret: Buffer.from(found.value.secret, 'base64url'), ...(now ? { now } : {}) });
}

/** How long each folder of used proofs covers: a folder is removed once every proof in it is past remembering. */
const BUCKET_MS = 10 * 60_000;

/**
 * Used proofs recorded in the store by a create-only write of their hashed id, so two instances
 * given the same proof cannot both accept it. Folders past their time are removed now and then.
 */
export function storeReplay(store: ObjectStore, now: () => number = Date.now): ReplayStore {
  let nextSweep = 0;
  const sweep = async (at: number) => {
    for (const key of await store.list(KEYS.usedProofs)) {
      const bucket = Number(key.slice(KEYS.usedProofs.length).split('/')[0]);
      if (Number.isFinite(bucket) && (bucket + 1) * BUCKET_MS < at) await store.remove(key);
    }
  };
  return {
    async firstUse(id, expiresAt) {
      const at = now();
      if (at >= nextSweep) {
        nextSweep = at + BUCKET_MS;
        void sweep(at).catch(() => undefined);
      }
      const hashed = createHash('sha256').update(id).digest('base64url');
      const key = `${KEYS.usedProofs}${Math.floor(expiresAt / BUCKET_MS)}/${hashed}`;
      return store.create(key, jsonBytes({ expiresAt }), 'application/json');
    },
  };
}
