import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * True while React renders a page ahead of time (the prerender step) and while the browser
 * hydrates that HTML; false in every other render. What only the browser knows (the session,
 * consent, this tab's overrides) renders as the HTML had it until then, so hydration matches the
 * HTML exactly, and React renders the browser's state right after (useSyncExternalStore's server
 * snapshot). A page the browser renders itself never renders as prerendered.
 */
export function useAsPrerendered(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => false,
    () => true,
  );
}
