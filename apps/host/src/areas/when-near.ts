import { useEffect, useRef, type RefObject } from 'react';

/** How far ahead of the viewport a contribution starts loading, once the page's first view is in. */
export const NEAR_VIEWPORT_PX = 300;
/** At the latest, once the browser is idle this long after the page's first view is in. */
export const IDLE_TIMEOUT_MS = 3000;

/** The page's `load` event (at once if it has passed). */
const pageLoaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

/**
 * Calls `start` once, while `waiting`: at once for an element in the viewport; for one below the
 * fold, only after the page's first view is in (its `load` event has passed and `firstViewIn`
 * resolved: what is in view has loaded), then when it comes within `NEAR_VIEWPORT_PX` of the
 * viewport or when the browser is idle (`IDLE_TIMEOUT_MS` at the latest; a timer where the engine
 * has no idle callback). So a page's first load downloads nothing of a contribution below the fold,
 * and what the visitor sees never shares the network with what they do not.
 */
export function useWhenNearOrIdle(
  element: RefObject<Element | null>,
  waiting: boolean,
  start: () => void,
  firstViewIn: () => Promise<void> = () => Promise.resolve(),
): void {
  const latest = useRef({ start, firstViewIn });
  latest.current = { start, firstViewIn };
  useEffect(() => {
    if (!waiting) return;
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      stop();
      latest.current.start();
    };
    const observers: IntersectionObserver[] = [];
    const watch = (margin: number) => {
      if (typeof IntersectionObserver !== 'function' || !element.current) return;
      const observer = new IntersectionObserver((seen) => seen.some((item) => item.isIntersecting) && once(), {
        rootMargin: `${margin}px`,
      });
      observer.observe(element.current);
      observers.push(observer);
    };
    const hasIdle = typeof requestIdleCallback === 'function';
    let idle: number | ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      observers.splice(0).forEach((observer) => observer.disconnect());
      if (idle === undefined) return;
      if (hasIdle) cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
    watch(0);
    void pageLoaded()
      .then(() => latest.current.firstViewIn())
      .then(() => {
        if (done) return;
        watch(NEAR_VIEWPORT_PX);
        idle = hasIdle ? requestIdleCallback(once, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(once, IDLE_TIMEOUT_MS);
      });
    return () => {
      done = true;
      stop();
    };
  }, [waiting, element]);
}
