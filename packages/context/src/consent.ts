/**
 * What the person using the app agreed to. `null`: not asked or not answered
 * yet, which counts as "no". Strictly necessary processing (sign-in, the app
 * itself) needs no consent and is not listed.
 */
export type ConsentCategory = 'analytics' | 'marketing';

export type ConsentState = Readonly<Record<ConsentCategory, boolean | null>>;

/** The page's consent, shared by the host and every remote. Since 1.3.0. */
export interface ConsentApi {
  get(): ConsentState;
  /** Records a choice (from a banner, a settings page, or an organisation's consent platform). */
  set(choice: Partial<Record<ConsentCategory, boolean>>): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export const NO_CONSENT: ConsentState = Object.freeze({ analytics: null, marketing: null });

/** An in-memory consent store (the host persists its own; tests and tools use this). */
export function createConsentStore(
  initial: ConsentState = NO_CONSENT,
  onChange?: (state: ConsentState) => void,
): ConsentApi {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(choice) {
      const next = Object.freeze({
        ...state,
        ...Object.fromEntries(Object.entries(choice).filter(([, value]) => typeof value === 'boolean')),
      }) as ConsentState;
      if (next.analytics === state.analytics && next.marketing === state.marketing) return;
      state = next;
      onChange?.(state);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
