import { createPageConsent, exposeConsent } from './consent-store';

beforeEach(() => window.localStorage.clear());

test('a choice is remembered for the next page load, and nothing decided reads as undecided', () => {
  expect(createPageConsent().get()).toEqual({ analytics: null, marketing: null });
  createPageConsent().set({ analytics: true, marketing: false });
  expect(createPageConsent().get()).toEqual({ analytics: true, marketing: false });
});

test('a corrupt stored value counts as undecided', () => {
  window.localStorage.setItem('mfe.consent.v1', '{"analytics":"yes"');
  expect(createPageConsent().get()).toEqual({ analytics: null, marketing: null });
  window.localStorage.setItem('mfe.consent.v1', '{"analytics":"yes","marketing":true}');
  expect(createPageConsent().get()).toEqual({ analytics: null, marketing: true });
});

test('an own consent platform sets consent through window.mfePlatform, which scripts cannot replace', () => {
  const consent = createPageConsent();
  const target = {} as Window;
  exposeConsent(consent, target);
  const platform = (target as unknown as { mfePlatform: { consent: { set(choice: object): void } } }).mfePlatform;
  platform.consent.set({ marketing: true });
  expect(consent.get().marketing).toBe(true);
  expect(() => {
    (target as unknown as { mfePlatform: unknown }).mfePlatform = null;
  }).toThrow();
});
