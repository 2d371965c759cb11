import { useEffect } from 'react';
import type { RemoteEntry } from '../manifest';

/** At most this many remotes are prefetched per page: likely next, not every area. */
export const IDLE_PREFETCH_LIMIT = 3;

interface NetworkInformationLike {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Whether loading ahead is welcome: not when the user asked to save data, nor on a slow connection. */
export function mayPrefetch(
  connection: NetworkInformationLike | undefined = (navigator as Navigator & { connection?: NetworkInformationLike })
    .connection,
): boolean {
  if (!connection) return true;
  return connection.saveData !== true && connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

/** The remotes worth loading ahead from this page: the ones in the navigation the viewer can open now, in order, not the current one. */
export function likelyNext(
  remotes: readonly RemoteEntry[],
  pathname: string,
  signedIn: boolean,
  limit = IDLE_PREFETCH_LIMIT,
): RemoteEntry[] {
  return remotes
    .filter(
      (remote) =>
        (!remote.requiresAuth || signedIn) && pathname !== remote.path && !pathname.startsWith(`${remote.path}/`),
    )
    .slice(0, limit);
}

type IdleScheduler = (callback: () => void) => () => void;

/**
 * After the page's load event (the opening page's own remote delays it while it downloads), then
 * `requestIdleCallback` where there is one (not in Safari), else a pause.
 */
const whenIdle: IdleScheduler = (callback) => {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(callback, 1_000);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
};

/**
 * After first content, downloads the likely-next remotes one by one while the browser is idle (none
 * of their code runs), so opening one does not wait for the network. Never on the critical path (it
 * waits for the load event, idle time and the session), never with Save-Data or on a slow
 * connection, and failures stay quiet (a visit reports them).
 */
export function useIdlePrefetch(
  candidates: readonly RemoteEntry[],
  ready: boolean,
  load: (name: string) => Promise<unknown>,
  schedule: IdleScheduler = whenIdle,
  allowed: () => boolean = mayPrefetch,
): void {
  const names = candidates.map((remote) => remote.name).join(' ');
  useEffect(() => {
    if (!ready || !names || !allowed()) return undefined;
    const queue = names.split(' ');
    let cancel = () => undefined as void;
    let stopped = false;
    const next = () => {
      const name = queue.shift();
      if (!name || stopped) return;
      cancel = schedule(() => {
        void load(name)
          .catch(() => undefined)
          .then(() => next());
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [names, ready, load, schedule, allowed]);
}
