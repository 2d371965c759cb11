import { createIntl, PSEUDO_LOCALE } from '@mfe/context';
import { labelFor } from './area-labels';

const referrals = { name: 'referrals', label: 'Referrals', labels: { de: 'Empfehlungen' } };

test("an area's label is the manifest's for the page's language, else its default", () => {
  expect(labelFor(referrals, createIntl({ locale: 'de', defaultLocale: 'en' }))).toBe('Empfehlungen');
  expect(labelFor(referrals, createIntl({ locale: 'ar', defaultLocale: 'en' }))).toBe('Referrals');
});

test('in the pseudo-locale a label is accented and longer like every text, and never read as ICU', () => {
  const pseudo = createIntl({ locale: PSEUDO_LOCALE, defaultLocale: 'en' });
  expect(labelFor(referrals, pseudo)).toBe('[Ŕéƒéŕŕàĺš ····]');
  expect(labelFor({ name: 'odd', label: "It's #1" }, pseudo)).toMatch(/^\[Îţ'š #1 ·+\]$/);
});
