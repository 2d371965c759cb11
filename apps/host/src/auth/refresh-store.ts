import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * With DPoP only: the refresh token kept across reloads, in IndexedDB beside the DPoP key (a
 * non-extractable key: the token is useless to anyone who copies it). Every tab of the origin sees
 * the same record, so tabs never pass refresh tokens to each other; each renewal (under the
 * cross-tab lock) reads the newest one and writes its successor.
 */
export interface KeptRefreshToken {
  readonly refreshToken: string;
  /** Whose it is: a refresh that returns someone else's ID token is refused. */
  readonly sub: string;
}

export interface RefreshStore {
  load(): Promise<KeptRefreshToken | undefined>;
  save(kept: KeptRefreshToken): Promise<void>;
  clear(): Promise<void>;
}

export function createRefreshStore(clientId: string, store: UseStore = createStore('mfe-auth', 'refresh-tokens')): RefreshStore {
  return {
    load: async () => {
      const kept = await get<KeptRefreshToken>(clientId, store).catch(() => undefined);
      return kept && typeof kept.refreshToken === 'string' && typeof kept.sub === 'string' ? kept : undefined;
    },
    save: (kept) => set(clientId, { refreshToken: kept.refreshToken, sub: kept.sub }, store),
    clear: () => del(clientId, store).catch(() => undefined),
  };
}

/** Where IndexedDB is missing (or refused), nothing is kept: reloads restore as without DPoP. */
export const NO_REFRESH_STORE: RefreshStore = { load: async () => undefined, save: async () => undefined, clear: async () => undefined };
