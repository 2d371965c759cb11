import { createConsentStore, NO_CONSENT } from '@mfe/context';
import { installTagLoader } from './tag-loader';

const SRC = 'https://tags.example.com/gtm.js?id=GTM-1';
const tags = () => document.querySelectorAll(`script[src="${SRC}"]`);

afterEach(() => document.head.replaceChildren());

test('no tag script before marketing consent; exactly one after, however often consent changes', () => {
  const consent = createConsentStore(NO_CONSENT);
  installTagLoader(SRC, consent);
  expect(tags()).toHaveLength(0);
  consent.set({ analytics: true });
  expect(tags()).toHaveLength(0);
  consent.set({ marketing: true });
  consent.set({ marketing: false });
  consent.set({ marketing: true });
  expect(tags()).toHaveLength(1);
  expect((window as unknown as { dataLayer: unknown[] }).dataLayer[0]).toMatchObject({ event: 'gtm.js' });
});

test('declined marketing consent never loads it; consent remembered as given loads it at once', () => {
  const declined = createConsentStore({ analytics: true, marketing: false });
  installTagLoader(SRC, declined);
  expect(tags()).toHaveLength(0);
  installTagLoader(SRC, createConsentStore({ analytics: null, marketing: true }));
  expect(tags()).toHaveLength(1);
});
