import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * With DPoP only: the refresh token kept across reloads, in IndexedDB beside the DPoP key (a
 * non-extractable key: the token is useless to anyone who copies it). Every tab of the origin sees
 * the same record, so tabs never pass refresh tokens to each other; each renewal (under the
 * cross-tab lock) reads the newest one and writes its successor.
 */
export interface StoredRefreshToken {
  readonly refreshToken: string;
  /** Whose it is: a refresh that returns someone else's ID token is refused. */
  readonly sub: string;
  /**
   * Set (epoch ms) just before the token is sent and cleared by its successor: while set, the
   * provider may already have exchanged it, and it is not sent again first (stored-spend.ts).
   */
  readonly inDoubtSince?: number;
}

export interface RefreshStore {
  load(): Promise<StoredRefreshToken | undefined>;
  save(kept: StoredRefreshToken): Promise<void>;
  clear(): Promise<void>;
}

export function createRefreshStore(
  clientId: string,
  store: UseStore = createStore('mfe-auth', 'refresh-tokens'),
): RefreshStore {
  return {
    load: async () => {
      const kept = await get<StoredRefreshToken>(clientId, store).catch(() => undefined);
      if (!kept || typeof kept.refreshToken !== 'string' || typeof kept.sub !== 'string') return undefined;
      return {
        refreshToken: kept.refreshToken,
        sub: kept.sub,
        ...(typeof kept.inDoubtSince === 'number' ? { inDoubtSince: kept.inDoubtSince } : {}),
      };
    },
    save: (kept) =>
      set(
        clientId,
        {
          refreshToken: kept.refreshToken,
          sub: kept.sub,
          ...(kept.inDoubtSince !== undefined ? { inDoubtSince: kept.inDoubtSince } : {}),
        },
        store,
      ),
    clear: () => del(clientId, store).catch(() => undefined),
  };
}

/** Where IndexedDB is missing (or refused), nothing is kept: reloads restore as without DPoP. */
export const NO_REFRESH_STORE: RefreshStore = {
  load: async () => undefined,
  save: async () => undefined,
  clear: async () => undefined,
};
