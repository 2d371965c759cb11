/**
 * Same-origin messages between this app's open tabs, so they share one
 * sign-in: a new tab asks for the current token set instead of signing in,
 * renewed tokens reach every tab, and signing out in one tab signs out all.
 * Tokens travel in memory from tab to tab; nothing is written to storage.
 */
export type SessionMessage =
  | { readonly type: 'request-tokens' }
  | { readonly type: 'tokens'; readonly user: string }
  | { readonly type: 'signed-out' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  subscribe(handler: (message: SessionMessage) => void): () => void;
}

export function openSessionChannel(name: string): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { post: () => undefined, subscribe: () => () => undefined };
  }
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (handler) => {
      const listener = (event: MessageEvent<SessionMessage>) => handler(event.data);
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
  };
}

/** Runs `fn` under a Web Lock shared by every tab of this origin (directly where Web Locks are missing). */
export function withCrossTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(name, fn) : fn();
}

export interface TabPresence {
  /** Whether another tab of this app is open right now (true where it cannot be told). */
  otherTabsOpen(): Promise<boolean>;
  /** Whether another open tab holds a session's tokens (false where it cannot be told). */
  signedInTabsOpen?(): Promise<boolean>;
  /** This tab holds tokens now, or no longer. */
  holdingTokens?(holding: boolean): void;
}

/**
 * Holds a Web Lock named `<prefix>:<random>` for as long as this tab lives, so a tab can see
 * whether it has company before waiting for an answer; and `<prefix>+tokens:<random>` while it holds
 * a session's tokens, so a new tab knows an answer is worth waiting for (no token is in a lock's name).
 */
export function joinTabs(prefix: string): TabPresence {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return { otherTabsOpen: async () => true };
  const id = crypto.randomUUID();
  const own = `${prefix}:${id}`;
  const ownTokens = `${prefix}+tokens:${id}`;
  void locks.request(own, () => new Promise<never>(() => undefined));
  let release: (() => void) | undefined;
  const othersNamed = async (start: string, mine: string) => {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name !== mine && lock.name?.startsWith(start));
  };
  return {
    otherTabsOpen: () => othersNamed(`${prefix}:`, own),
    signedInTabsOpen: () => othersNamed(`${prefix}+tokens:`, ownTokens),
    holdingTokens: (holding) => {
      if (holding && !release) void locks.request(ownTokens, () => new Promise<void>((resolve) => (release = resolve)));
      else if (!holding && release) {
        release();
        release = undefined;
      }
    },
  };
}
