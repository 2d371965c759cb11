// A click on a prerendered page before its code has run: React replays events only once hydration
// has started, so until then a tap on a button would simply be lost. The page's inline script
// (`@mfe/manifest/early-clicks`, first in its head) holds such clicks from the first paint; the host
// replays them on the same elements once it has rendered. Links are left alone: they work as links.
import { EARLY_CLICKS_GLOBAL } from '@mfe/manifest/early-clicks';

interface Held {
  readonly targets: Element[];
  stop(): void;
  /** Absent in a page written before the opening area could answer first. */
  except?(element: Element): void;
}

const scope = () => window as unknown as Record<string, Held | undefined>;

/**
 * Once the page's root has rendered or started hydrating (React's listeners are on it): stops holding
 * and clicks again each held control still on the page. React replays a click on a part it has not
 * hydrated yet once that part is. With `within` (a part hydrated before the page's root: the
 * opening area's island), only that part's clicks: they are no longer held, those elsewhere still are.
 * Returns how many were replayed.
 */
export function replayEarlyClicks(within?: Element): number {
  const held = scope()[EARLY_CLICKS_GLOBAL];
  if (!held) return 0;
  let replayed: Element[];
  if (within) {
    if (!held.except) return 0;
    held.except(within);
    replayed = held.targets.filter((target) => within.contains(target));
    held.targets.splice(0, held.targets.length, ...held.targets.filter((target) => !within.contains(target)));
  } else {
    held.stop();
    scope()[EARLY_CLICKS_GLOBAL] = { targets: [], stop: () => undefined };
    replayed = held.targets;
  }
  const connected = replayed.filter((target) => target.isConnected);
  for (const target of connected) (target as HTMLElement).click();
  return connected.length;
}
