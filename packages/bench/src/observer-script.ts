// What the bench installs in each measured page, as plain JavaScript text (measure.ts).

/**
 * Installed before any page script: Element Timing, paint and long-task
 * observers. Plain JavaScript text, so no compiler helper leaks into the page.
 */
export function observerScript(appOrigin: string, signedInHint: boolean, probeInteractive: boolean): string {
  return `(() => {
  if (location.origin !== ${JSON.stringify(appOrigin)}) return;
  // The host's "this tab was signed in" hint, so the session is restored as after a reload.
  if (${signedInHint}) sessionStorage.setItem('mfe.auth.signed-in', '1');
  const state = { elements: {}, fcp: 0, longTasks: [], interactive: 0 };
  window.__bench = state;
  // When the page's "Invite someone" button first works: clicked once a frame from the moment it
  // exists, until its handler has run (both pages' handlers go to .../invite). A click on HTML that is
  // not hydrated yet does nothing, or is replayed by React once the area is.
  if (${probeInteractive}) {
    const tick = () => {
      if (location.pathname.endsWith('/invite')) {
        state.interactive = performance.now();
        return;
      }
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent.trim() === 'Invite someone');
      if (button) button.click();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier && !(entry.identifier in state.elements)) state.elements[entry.identifier] = entry.renderTime || entry.loadTime || entry.startTime;
    }
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;
}
