import { storageOrNull } from '@mfe/context/runtime-utils';

/**
 * How this tab arrived at the page: back from signing in, or from signing out (a one-shot flag in
 * this tab's session storage, no token). The shell moves focus to the page's content and announces
 * the change once (layout/ArrivalAnnouncer.tsx), so after the round trip through the provider a
 * keyboard or screen-reader user is not left on the document's body with nothing said.
 */
export const ARRIVAL_KEY = 'mfe.auth.arrival';
export type Arrival = 'signed-in' | 'signed-out';

export function markArrival(
  arrival: Arrival,
  storage: Pick<Storage, 'setItem'> | null = storageOrNull('sessionStorage'),
): void {
  try {
    storage?.setItem(ARRIVAL_KEY, arrival);
  } catch {
    // Storage refused: focus and the announcement are left as the browser does them.
  }
}

/** The arrival, once: it is forgotten as it is read. */
export function takeArrival(
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null = storageOrNull('sessionStorage'),
): Arrival | null {
  try {
    const value = storage?.getItem(ARRIVAL_KEY) ?? null;
    storage?.removeItem(ARRIVAL_KEY);
    return value === 'signed-in' || value === 'signed-out' ? value : null;
  } catch {
    return null;
  }
}
