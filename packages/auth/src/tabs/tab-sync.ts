import { User as OidcUser } from 'oidc-client-ts';
import type { SessionChannel, SessionMessage, TabPresence } from './session-channel';

/** How long a tab waits for another tab to hand over its token set. */
export const PEER_WAIT_MS = 150;
/**
 * How long a tab opening waits when another open tab holds a session: that tab may be busy (its
 * main thread starting an area) and answer late, and not waiting would send a person who is signed
 * in through the provider's screens.
 */
export const SIGNED_IN_PEER_WAIT_MS = 3_000;

export interface TabSyncDeps {
  readonly channel: SessionChannel;
  readonly tabs: TabPresence;
  /** This tab's token set as it may be handed to a peer, or null when it has none worth sharing. */
  shareable(): string | null;
  /** A peer's token set (to be checked before it is used). */
  offered(serialized: string): void;
  /** Another tab signed out. */
  signedOutElsewhere(): void;
  /** When this tab's access token expires (session-clock seconds; 0 without one). */
  expiresAt(): number;
}

/**
 * The tabs' protocol over a same-origin channel: a tab without tokens asks, a tab with tokens
 * answers, every adopted token set is announced, and a sign-out reaches every tab.
 */
export class TabSync {
  private readonly waiters = new Set<() => void>();

  constructor(private readonly deps: TabSyncDeps) {
    deps.channel.subscribe((message) => this.receive(message));
  }

  /** Hands this tab's new token set to the others. */
  announce(serialized: string): void {
    this.deps.channel.post({ type: 'tokens', user: serialized });
  }

  announceSignOut(): void {
    this.deps.channel.post({ type: 'signed-out' });
  }

  /** Called once a token set was adopted, so a pending `askPeers` can stop waiting. */
  adopted(): void {
    this.deps.tabs.holdingTokens?.(true);
    this.waiters.forEach((waiter) => waiter());
  }

  /** This tab's tokens are gone (signed out, here or elsewhere). */
  released(): void {
    this.deps.tabs.holdingTokens?.(false);
  }

  /** As a tab opens: the session of another tab, waited for longer when one is known to hold it. */
  async joinSession(): Promise<void> {
    const signedInElsewhere = (await this.deps.tabs.signedInTabsOpen?.()) ?? false;
    return this.askPeers(signedInElsewhere ? SIGNED_IN_PEER_WAIT_MS : PEER_WAIT_MS);
  }

  /** Asks the other tabs for a newer token set and waits briefly for one (not at all when this tab is alone). */
  async askPeers(waitMs = PEER_WAIT_MS): Promise<void> {
    if (!(await this.deps.tabs.otherTabsOpen())) return;
    const before = this.deps.expiresAt();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (this.deps.expiresAt() > before) done();
      };
      const timer = setTimeout(done, waitMs);
      this.waiters.add(check);
      this.deps.channel.post({ type: 'request-tokens' });
    });
  }

  private receive(message: SessionMessage): void {
    if (message.type === 'request-tokens') {
      const mine = this.deps.shareable();
      if (mine) this.announce(mine);
    } else if (message.type === 'tokens') {
      this.deps.offered(message.user);
    } else if (message.type === 'signed-out') {
      this.deps.signedOutElsewhere();
    }
  }
}

/**
 * What a tab hands a peer: never the refresh token, in any mode. The channel is open to every
 * script of the origin, and a refresh token is the one credential that outlives the page. The tab
 * that obtained it keeps it in memory, renews with it and announces the new access and ID tokens;
 * a tab that only received sets from peers renews, when no peer has a fresher set (the holder was
 * closed or reloaded), with a silent sign-in and from then on holds a refresh token of its own.
 * With DPoP every tab reads the one stored beside the key (refresh-store.ts), useless without it.
 */
export function shareable(user: OidcUser): string {
  return new OidcUser({ ...user, profile: user.profile, refresh_token: undefined }).toStorageString();
}
