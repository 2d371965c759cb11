import type { AuthConfig } from '../sign-in/config';
import { createRefreshStore, NO_REFRESH_STORE, type RefreshStore } from '../refresh-token/refresh-store';
import { joinTabs, openSessionChannel, type SessionChannel, type TabPresence } from './session-channel';

/**
 * What a tab's session shares with the other tabs of the same client, named once: the channel
 * tabs talk on, the presence of open tabs, the cross-tab renewal lock, and (with DPoP) the refresh
 * token stored beside its key. The host's lazy session opens them before the sign-in code loads and
 * hands them to the session it then creates; a session created on its own opens them the same way.
 */
export interface SessionResources {
  readonly channel: SessionChannel;
  readonly tabs: TabPresence;
  readonly refreshStore: RefreshStore;
  /** The Web Locks name under which one tab at a time renews. */
  readonly renewLock: string;
}

export function openSessionResources(config: AuthConfig, given: Partial<SessionResources> = {}): SessionResources {
  const { clientId } = config.auth;
  return {
    channel: given.channel ?? openSessionChannel(`mfe-auth:${clientId}`),
    tabs: given.tabs ?? joinTabs(`mfe-tab:${clientId}`),
    // "auto" may turn DPoP on once the provider is asked: the store is there (empty unless a DPoP session stored a token).
    refreshStore:
      given.refreshStore ??
      (config.auth.dpop !== false && typeof indexedDB !== 'undefined'
        ? createRefreshStore(clientId)
        : NO_REFRESH_STORE),
    renewLock: given.renewLock ?? `mfe-auth-renew:${clientId}`,
  };
}
