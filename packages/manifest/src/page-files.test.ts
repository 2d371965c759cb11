import { isLocaleTag } from './page-files';
import { validateRuntimeConfig } from './runtime-config';

const config = (locales: string[]) => ({
  productName: 'Product',
  auth: { authority: 'https://id.example.com', clientId: 'web' },
  i18n: { defaultLocale: locales[0], locales },
});

test('a locale tag is canonical and plain: a language, then subtags of letters and digits', () => {
  expect(['en', 'de', 'ar', 'pt-BR', 'en-XA', 'zh-Hant-TW', 'de-1996'].filter(isLocaleTag)).toHaveLength(7);
  // Not canonical: two spellings of one locale would name two folders and two catalogues.
  expect(['en-us', 'EN', 'zh-hant'].some(isLocaleTag)).toBe(false);
  // Canonical, but not a file or nginx map key this platform writes.
  expect(['en-u-ca-gregory', 'x-private', 'de-DE-x-phonebk'].some(isLocaleTag)).toBe(false);
  expect(['', 'not a tag', '../en', 'en/../x', 42, null].some(isLocaleTag)).toBe(false);
});

test('a config is valid only with locales every writer accepts (the nginx writer used to throw on some)', () => {
  expect(validateRuntimeConfig(config(['en', 'pt-BR'])).ok).toBe(true);
  const result = validateRuntimeConfig(config(['en', 'en-u-ca-gregory']));
  expect(result.ok).toBe(false);
  if (!result.ok)
    expect(result.problems.join('\n')).toContain('"i18n.locales.1" must be a language tag in canonical form');
});
