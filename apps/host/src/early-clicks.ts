// A click on a prerendered page before its code has run: React replays events only once hydration
// has started, so until then a tap on a button would simply be lost. The page's inline script
// (`@mfe/manifest/early-clicks`, first in its head) holds such clicks from the first paint; the host
// replays them on the same elements once it has rendered. Links are left alone: they work as links.
import { EARLY_CLICKS_GLOBAL } from '@mfe/manifest/early-clicks';

interface Held {
  readonly targets: Element[];
  stop(): void;
}

/**
 * Once the page's root has rendered or started hydrating (React's listeners are on it): stops holding
 * and clicks again each held control still on the page. React replays a click on a part it has not
 * hydrated yet once that part is. Returns how many were replayed.
 */
export function replayEarlyClicks(): number {
  const scope = window as unknown as Record<string, Held | undefined>;
  const held = scope[EARLY_CLICKS_GLOBAL];
  if (!held) return 0;
  held.stop();
  scope[EARLY_CLICKS_GLOBAL] = { targets: [], stop: () => undefined };
  const replayed = held.targets.filter((target) => target.isConnected);
  for (const target of replayed) (target as HTMLElement).click();
  return replayed.length;
}
