import { useEffect, useRef, type RefObject } from 'react';

/** How far ahead of the viewport a contribution starts loading. */
export const NEAR_VIEWPORT = '300px';
/** At the latest, once the browser is idle this long after the page has loaded. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `start` once, while `waiting`, when the element comes within `NEAR_VIEWPORT` of the viewport
 * (at once for an element in the first view) or, once the page has loaded (its `load` event), when
 * the browser is idle (`IDLE_TIMEOUT_MS` at the latest; a timer where the engine has no idle
 * callback), whichever comes first. So a page's first load downloads nothing of a contribution
 * below the fold: that waits until what the visitor sees is in.
 */
export function useWhenNearOrIdle(element: RefObject<Element | null>, waiting: boolean, start: () => void): void {
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    if (!waiting) return;
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      latest.current();
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((seen) => seen.some((item) => item.isIntersecting) && once(), {
            rootMargin: NEAR_VIEWPORT,
          })
        : undefined;
    if (observer && element.current) observer.observe(element.current);
    const hasIdle = typeof requestIdleCallback === 'function';
    let idle: number | ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      idle = hasIdle ? requestIdleCallback(once, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(once, IDLE_TIMEOUT_MS);
    };
    const loaded = document.readyState === 'complete';
    if (loaded) whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (hasIdle) cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, [waiting, element]);
}
