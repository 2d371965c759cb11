// A click on a prerendered page before its code has run: React replays events only once hydration
// has started, so until then a tap on a button is simply lost. The boot script (which runs before
// the host's script has downloaded) holds such clicks; the host replays them on the same elements
// once it has started hydrating. Links are left alone: they work as links without any script.
// Used by the boot script as well as the host: nothing here may import more.

const EARLY_CLICKS = '__mfeEarlyClicks';

/** What a held click may be on: a control whose action is the page's script's. */
const CONTROL = 'button, [role="button"], input[type="submit"], input[type="button"]';

interface Held {
  readonly targets: Element[];
  stop(): void;
}

/** Boot side: hold clicks on the controls inside `root` until the host takes them (replayEarlyClicks). */
export function holdEarlyClicks(root: Element): void {
  const scope = window as unknown as Record<string, Held | undefined>;
  if (scope[EARLY_CLICKS]) return;
  const targets: Element[] = [];
  const hold = (event: Event) => {
    const control = (event.target as Element | null)?.closest?.(CONTROL);
    if (!control || !root.contains(control) || control.closest('a[href]')) return;
    // Its default (a form's submission, a reload) must not run before the page's own handler does.
    event.preventDefault();
    // The last click on a control is the one the person meant; one replay per control.
    if (!targets.includes(control)) targets.push(control);
  };
  document.addEventListener('click', hold, true);
  scope[EARLY_CLICKS] = { targets, stop: () => document.removeEventListener('click', hold, true) };
}

/**
 * Host side, once hydration has started (React's listeners are on the root): stops holding and clicks
 * again each held control still on the page. React replays a click on a part it has not hydrated yet
 * once that part is. Returns how many were replayed.
 */
export function replayEarlyClicks(): number {
  const scope = window as unknown as Record<string, Held | undefined>;
  const held = scope[EARLY_CLICKS];
  if (!held) return 0;
  held.stop();
  scope[EARLY_CLICKS] = { targets: [], stop: () => undefined };
  const replayed = held.targets.filter((target) => target.isConnected);
  for (const target of replayed) (target as HTMLElement).click();
  return replayed.length;
}
