import { useEffect, useLayoutEffect, type DependencyList } from 'react';
import type { RemoteModule } from '@mfe/context';
import type { RemoteStyles } from '../remotes/remote-styles';

// What an area's route (RemoteRoute) and a contribution's frame (ContributionFrame) both do with
// their remote's code: load it with its texts, keep only the answer they still want, and have its
// stylesheets on while they are on screen.

/** How a remote's texts in the page's language are loaded (the page locale's `prepareArea`). */
export type PrepareTexts = (remote: string, messages: RemoteModule['messages']) => Promise<unknown>;

/** A remote's module, given once its texts in the page's language are in (or failed: its default texts, reported). */
export const withTexts = <M extends Pick<RemoteModule, 'messages'>>(
  remote: string,
  loaded: Promise<M>,
  prepareTexts: PrepareTexts,
): Promise<M> => loaded.then((module) => prepareTexts(remote, module.messages).then(() => module));

/**
 * Runs `load` when it is given and `deps` change; its module or failure reaches the part only while
 * it still wants it (mounted, and not started again since).
 */
export function useRemoteLoad<M>(
  load: (() => M | Promise<M>) | undefined,
  onReady: (module: M) => void,
  onFailed: (error: Error) => void,
  deps: DependencyList,
): void {
  useEffect(() => {
    if (!load) return;
    let wanted = true;
    let started: M | Promise<M>;
    try {
      started = load();
    } catch (error) {
      onFailed(error as Error);
      return;
    }
    Promise.resolve(started).then(
      (module) => wanted && onReady(module),
      (error: Error) => wanted && onFailed(error),
    );
    return () => {
      wanted = false;
    };
    // The caller names what a new load depends on; the callbacks are new on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/** The remote's stylesheets apply while its part is on screen, switched on before paint (decision 0011). */
export function useRemoteStyles(styles: RemoteStyles, remote: string, shown = true): void {
  useLayoutEffect(() => (shown ? styles.show(remote) : undefined), [styles, remote, shown]);
}
