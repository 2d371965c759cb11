// A click on a prerendered page before its code has run: React replays events only once hydration
// has started, so until then a tap on a button would simply be lost. The page's inline script
// (`@mfe/manifest/early-clicks`, first in its head) keeps such clicks from the first paint; the host
// replays them on the same elements once it has rendered. Links are left alone: they work as links.
import { EARLY_CLICKS_GLOBAL } from '@mfe/manifest/early-clicks';

interface Kept {
  readonly targets: Element[];
  stop(): void;
  /** Absent in a page written before the opening area could answer first. */
  except?(element: Element): void;
}

const scope = () => window as unknown as Record<string, Kept | undefined>;

/**
 * Once the page's root has rendered or started hydrating (React's listeners are on it): stops keeping
 * and clicks again each kept control still on the page. React replays a click on a part it has not
 * hydrated yet once that part is. With `within` (a part hydrated before the page's root: the
 * opening area's island), only that part's clicks: they are no longer kept, those elsewhere still are (kept).
 * Returns how many were replayed.
 */
export function replayEarlyClicks(within?: Element): number {
  const kept = scope()[EARLY_CLICKS_GLOBAL];
  if (!kept) return 0;
  let replayed: Element[];
  if (within) {
    if (!kept.except) return 0;
    kept.except(within);
    replayed = kept.targets.filter((target) => within.contains(target));
    kept.targets.splice(0, kept.targets.length, ...kept.targets.filter((target) => !within.contains(target)));
  } else {
    kept.stop();
    scope()[EARLY_CLICKS_GLOBAL] = { targets: [], stop: () => undefined };
    replayed = kept.targets;
  }
  const connected = replayed.filter((target) => target.isConnected);
  for (const target of connected) (target as HTMLElement).click();
  return connected.length;
}
