import { remoteOfError, remoteOfRoute, type AttributableRemote } from './attribution';
import type { TelemetryInput } from './hub';
import type { RemoteIdentity } from './record';

/**
 * What the page itself reports, attributed to the remote it belongs to:
 * uncaught errors and unhandled rejections (by the script they came from),
 * and web vitals (by the area on screen when they are measured). The
 * `web-vitals` library loads after the page has loaded and the browser is idle, off the critical path.
 */
export interface PageSignalsOptions {
  readonly report: (input: TelemetryInput) => void;
  readonly remotes: () => readonly AttributableRemote[];
  readonly describe: (name: string) => RemoteIdentity;
  readonly target?: Window;
}

export function installErrorListeners({ report, remotes, describe, target = window }: PageSignalsOptions): () => void {
  const onError = (event: ErrorEvent) => {
    const owner = remoteOfError(event.error, remotes(), event.filename);
    report({
      kind: 'error',
      name: 'uncaught error',
      ...(owner ? { remote: describe(owner) } : {}),
      error: { thrown: event.error ?? event.message, code: 'UNCAUGHT_ERROR' },
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const owner = remoteOfError(event.reason, remotes());
    report({
      kind: 'error',
      name: 'unhandled rejection',
      ...(owner ? { remote: describe(owner) } : {}),
      error: { thrown: event.reason, code: 'UNHANDLED_REJECTION' },
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

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
