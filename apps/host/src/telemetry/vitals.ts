import { remoteOfRoute } from './attribution';
import type { PageSignalsOptions } from './page-signals';

/**
 * Web vitals, attributed to the area on screen when they are measured. The `web-vitals` library
 * loads after the page has loaded and the browser is idle, off the critical path.
 */
type VitalsModule = typeof import('web-vitals');
const VERSION_WAIT_STEPS = 20;
const VERSION_WAIT_STEP_MS = 250;

export function installWebVitals(
  { report, remotes, describe, target = window }: PageSignalsOptions,
  load: () => Promise<VitalsModule> = () =>
    import(
      /* webpackChunkName: "web-vitals", webpackExports: ["onCLS", "onFCP", "onINP", "onLCP", "onTTFB"] */ 'web-vitals'
    ),
): void {
  const start = () =>
    void load()
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const send = ({
          name,
          value,
          rating,
          navigationType,
        }: {
          name: string;
          value: number;
          rating: string;
          navigationType: string;
        }) => {
          const route = `${target.location.pathname}${target.location.search}`;
          const owner = remoteOfRoute(target.location.pathname, remotes());
          // An early vital (FCP, TTFB) can come before the area's build was read: wait a little for its version.
          const attempt = (left: number) => {
            const remote = owner ? describe(owner) : undefined;
            if (remote && !remote.version && left > 0)
              return void setTimeout(() => attempt(left - 1), VERSION_WAIT_STEP_MS);
            report({
              kind: 'vital',
              name,
              value,
              route,
              ...(remote ? { remote } : {}),
              attributes: { rating, navigationType },
            });
          };
          attempt(VERSION_WAIT_STEPS);
        };
        for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) observe(send);
      })
      .catch(() => undefined);
  // After the page's load and once the main thread is idle: a prerendered page fires `load` while its
  // area is still being made to work (the library reads buffered entries, so nothing is missed).
  const idle = (target as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  const whenIdle = () => (idle ? void idle.call(target, start, { timeout: 3000 }) : start());
  if (target.document.readyState === 'complete') whenIdle();
  else target.addEventListener('load', whenIdle, { once: true });
}
