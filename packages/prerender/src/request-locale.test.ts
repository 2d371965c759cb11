import { requestedPageLocale } from './request-locale';

const i18n = { defaultLocale: 'en', locales: ['en', 'de', 'ar', 'en-XA'] };

test("the language menu's cookie wins when it names a listed locale", () => {
  expect(requestedPageLocale({ cookie: 'other=1; mfe_locale=ar', acceptLanguage: 'de-DE,de;q=0.9' }, i18n)).toBe('ar');
  expect(requestedPageLocale({ cookie: 'mfe_locale=en', acceptLanguage: 'de' }, i18n)).toBe('en');
  expect(requestedPageLocale({ cookie: 'mfe_locale=en-XA' }, i18n)).toBe('en-XA');
});

test('a cookie naming no listed locale, or unreadable, is ignored', () => {
  expect(requestedPageLocale({ cookie: 'mfe_locale=fr', acceptLanguage: 'de' }, i18n)).toBe('de');
  expect(requestedPageLocale({ cookie: 'mfe_locale=%E0%A4%A', acceptLanguage: '' }, i18n)).toBe('en');
  expect(requestedPageLocale({ cookie: 'xmfe_locale=ar' }, i18n)).toBe('en');
});

test('else the first Accept-Language language, exactly or by its language alone', () => {
  expect(requestedPageLocale({ acceptLanguage: 'de-AT,en;q=0.8' }, i18n)).toBe('de');
  expect(requestedPageLocale({ acceptLanguage: 'AR' }, i18n)).toBe('ar');
  expect(requestedPageLocale({ acceptLanguage: 'en-xa;q=1' }, i18n)).toBe('en-XA');
  expect(requestedPageLocale({ acceptLanguage: 'en-GB,de' }, i18n)).toBe('en');
});

test('else the default: no header, an unlisted first language, or garbage', () => {
  expect(requestedPageLocale({}, i18n)).toBe('en');
  expect(requestedPageLocale({ acceptLanguage: 'fr-FR,de;q=0.5' }, i18n)).toBe('en');
  expect(requestedPageLocale({ acceptLanguage: '*' }, i18n)).toBe('en');
  expect(requestedPageLocale({ acceptLanguage: ';;,,' }, i18n)).toBe('en');
});
