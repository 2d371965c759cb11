import { createConsentStore, NO_CONSENT, type ConsentApi, type ConsentState } from '@mfe/context';
import { storageOrNull } from '../browser-storage';

/**
 * The page's consent, remembered in localStorage (a choice, not a secret) so
 * the banner asks once. Organisations with their own consent platform turn
 * the banner off and call `window.mfePlatform.consent.set({ analytics, marketing })`.
 */
const STORAGE_KEY = 'mfe.consent.v1';

function read(storage: Storage | null): ConsentState {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Record<string, unknown>> | null;
    const pick = (value: unknown) => (typeof value === 'boolean' ? value : null);
    return parsed ? { analytics: pick(parsed.analytics), marketing: pick(parsed.marketing) } : NO_CONSENT;
  } catch {
    return NO_CONSENT;
  }
}

export function createPageConsent(storage: Storage | null = storageOrNull('localStorage')): ConsentApi {
  const consent = createConsentStore(read(storage), (state) => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or blocked: the choice holds for this page only.
    }
  });
  return consent;
}

/** Exposes the consent API for an organisation's own consent platform. */
export function exposeConsent(consent: ConsentApi, target: Window = window): void {
  const api = Object.freeze({ get: consent.get, set: consent.set, subscribe: consent.subscribe });
  Object.defineProperty(target, 'mfePlatform', {
    value: Object.freeze({ consent: api }),
    configurable: false,
    writable: false,
  });
}
