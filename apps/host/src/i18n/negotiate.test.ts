import { negotiateLocale } from './negotiate';

const supported = ['en', 'de', 'ar', 'pt-BR'];
const base = { supported, defaultLocale: 'en' };

test("the visitor's choice wins over the browser's languages", () => {
  expect(negotiateLocale({ ...base, chosen: 'ar', preferred: ['de-DE', 'en'] })).toBe('ar');
});

test('a choice the product no longer ships (or garbage) is ignored', () => {
  expect(negotiateLocale({ ...base, chosen: 'fr', preferred: ['de'] })).toBe('de');
  expect(negotiateLocale({ ...base, chosen: '"><script>', preferred: [] })).toBe('en');
});

test("the browser's languages in order: exact, then by language, then a listed regional variant", () => {
  expect(negotiateLocale({ ...base, preferred: ['fr-FR', 'de-AT', 'en'] })).toBe('de');
  expect(negotiateLocale({ ...base, preferred: ['pt'] })).toBe('pt-BR');
  expect(negotiateLocale({ ...base, preferred: ['ar-EG'] })).toBe('ar');
  expect(negotiateLocale({ ...base, preferred: ['EN-gb'] })).toBe('en');
});

test("the product's default when nothing matches", () => {
  expect(negotiateLocale({ ...base, preferred: ['ja-JP', 'not a tag'] })).toBe('en');
  expect(negotiateLocale({ ...base, preferred: [] })).toBe('en');
});
