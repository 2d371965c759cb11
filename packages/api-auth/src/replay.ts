/**
 * Proofs already used (RFC 9449 §11.1): a proof's `jti` is remembered until the proof would be
 * refused for its age anyway. The in-memory store serves one process; a service with several
 * instances passes a shared one (e.g. Redis `SET key 1 NX EX seconds`).
 */
export interface ReplayStore {
  /** Records `id` until `expiresAt` (ms since epoch); false when it was already recorded. */
  firstUse(id: string, expiresAt: number): boolean | Promise<boolean>;
}

export function createMemoryReplayStore(now: () => number = Date.now): ReplayStore {
  const seen = new Map<string, number>();
  let nextSweep = 0;
  return {
    firstUse(id, expiresAt) {
      const at = now();
      if (at >= nextSweep) {
        for (const [key, until] of seen) if (until <= at) seen.delete(key);
        nextSweep = at + 60_000;
      }
      const until = seen.get(id);
      if (until !== undefined && until > at) return false;
      seen.set(id, expiresAt);
      return true;
    },
  };
}
