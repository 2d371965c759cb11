// What the bench installs in each measured page, as plain JavaScript text (measure.ts).

/** What makes a page work: the button clicked, and how its handler shows it has run. */
export interface Probe {
  readonly click: string;
  readonly done:
    { readonly path: string; readonly text?: undefined } | { readonly text: string; readonly path?: undefined };
}

/** The areas' page: "Invite someone" goes to …/invite (on the plain React page too). */
export const INVITE_PROBE: Probe = { click: 'Invite someone', done: { path: '/invite' } };
/** The react18-area fixture's area (in its own root or in the host's tree): "Add one" then says "Add another". */
export const COUNT_PROBE: Probe = { click: 'Add one', done: { text: 'Add another' } };
/** The tiles fixture: the first tile's "Answer" says "Answered". */
export const TILE_PROBE: Probe = { click: 'Answer', done: { text: 'Answered' } };

// How the bench learns what happened: the page keeps each signal with its time, and the bench asks
// once per wait, with one evaluation that settles when the signal is there (`window.__bench.when`).
// Nothing else runs in the page while it loads: no polling, and no debugger domain that would make
// the engine record stack traces (measure.ts says what that costs).

/** The signal sent when an element with this Element Timing identifier is painted. */
export const paintedSignal = (identifier: string): string => `painted:${identifier}`;
/** The signal sent when the probe's click has been answered. */
export const INTERACTIVE_SIGNAL = 'interactive';

/**
 * Installed before any page script: Element Timing, paint and long-task
 * observers. Plain JavaScript text, so no compiler helper leaks into the page.
 */
export function observerScript(appOrigin: string, signedInHint: boolean, probe: Probe | undefined): string {
  return `(() => {
  if (location.origin !== ${JSON.stringify(appOrigin)}) return;
  // The host's "this tab was signed in" hint, so the session is restored as after a reload.
  if (${signedInHint}) sessionStorage.setItem('mfe.auth.signed-in', '1');
  const signals = {};
  const waiting = {};
  const state = {
    elements: {},
    fcp: 0,
    longTasks: [],
    // The time of the signal \`name\` in this document, once it has come.
    when: (name) => name in signals ? Promise.resolve(signals[name]) : new Promise((resolve) => (waiting[name] ??= []).push(resolve)),
  };
  window.__bench = state;
  // Only the page itself reports (not the hidden silent-sign-in iframe, which runs this too).
  const signal = (name, at) => {
    if (window !== window.top || name in signals) return;
    signals[name] = at;
    for (const resolve of waiting[name] ?? []) resolve(at);
  };
  // When the page first works: its first button named probe.click is clicked once a frame from the
  // moment it exists, until its handler has run (probe.done: the path it goes to, or the text a
  // button then says). A click on HTML that is not hydrated yet does nothing, or is replayed by
  // React once that part is.
  const probe = ${JSON.stringify(probe ?? null)};
  if (probe) {
    const named = (text) => [...document.querySelectorAll('button')].find((element) => element.textContent.trim() === text);
    const tick = () => {
      if (probe.done.path ? location.pathname.endsWith(probe.done.path) : named(probe.done.text)) {
        signal(${JSON.stringify(INTERACTIVE_SIGNAL)}, performance.now());
        return;
      }
      const button = named(probe.click);
      if (button) button.click();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.identifier || entry.identifier in state.elements) continue;
      state.elements[entry.identifier] = entry.renderTime || entry.loadTime || entry.startTime;
      signal(${JSON.stringify(paintedSignal(''))} + entry.identifier, state.elements[entry.identifier]);
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

/**
 * Evaluated in the page (at its top): how many contributions below the fold had their script
 * requested before every contribution in view had its script. A contribution's script is its
 * exposed module's chunk (`__federation_expose_contributions__<module>.<hash>.js`) on its remote's
 * origin (from the manifest). Plain JavaScript text, as above.
 */
export const BELOW_FOLD_SCRIPTS_EARLY = `(async () => {
  const frames = [...document.querySelectorAll('[data-contribution]')];
  if (frames.length === 0) return 0;
  const manifest = await (await fetch('/remotes.json')).json();
  const entries = performance.getEntriesByType('resource');
  const scriptOf = (frame) => {
    const remote = manifest.remotes.find((entry) => entry.name === frame.dataset.remote);
    const module = (frame.dataset.contribution || '').split('/')[1];
    if (!remote || !module) return undefined;
    const origin = new URL(remote.entry).origin;
    const chunk = '/__federation_expose_contributions__' + module.replaceAll('-', '_') + '.';
    return entries.find((entry) => entry.name.startsWith(origin + '/') && entry.name.includes(chunk) && entry.name.endsWith('.js'));
  };
  const inView = frames.filter((frame) => frame.getBoundingClientRect().top < innerHeight);
  const below = frames.filter((frame) => frame.getBoundingClientRect().top >= innerHeight);
  const firstViewIn = Math.max(0, ...inView.map((frame) => (scriptOf(frame) || { responseEnd: Infinity }).responseEnd));
  return below.filter((frame) => {
    const script = scriptOf(frame);
    return script !== undefined && script.startTime < firstViewIn;
  }).length;
})()`;
