import { useEffect, useRef, type RefObject } from 'react';

/** How far ahead of the viewport a contribution starts loading. */
export const NEAR_VIEWPORT = '300px';
/** At the latest, once the browser is idle this long after the slot showed. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `start` once, while `waiting`, when the element comes within `NEAR_VIEWPORT` of the viewport
 * (at once for an element in the first view) or when the browser is idle (`IDLE_TIMEOUT_MS` at the
 * latest; a timer where the engine has no idle callback), whichever comes first.
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
    const idle = hasIdle ? requestIdleCallback(once, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(once, IDLE_TIMEOUT_MS);
    return () => {
      observer?.disconnect();
      if (hasIdle) cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, [waiting, element]);
}
