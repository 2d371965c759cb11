/**
 * Once React has hydrated (or rendered) the page and the browser is idle: what can wait for the
 * page to work (the session's restore, the visitor's own language, the telemetry hub) starts then.
 * At most a second later on a busy page, and soon where there is no idle callback (WebKit).
 */
function afterPageWorks(done: () => void): void {
  const idle = (window as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(done, { timeout: 1000 });
  else setTimeout(done, 50);
}

/** The moment the page works: `shown` resolves once `pageShown` has been called and the browser was idle after it. */
export function pageWorks(): { readonly shown: Promise<void>; readonly pageShown: () => void } {
  let pageShown: () => void = () => undefined;
  const shown = new Promise<void>((resolve) => (pageShown = () => afterPageWorks(resolve)));
  return { shown, pageShown };
}
