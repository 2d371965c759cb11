import { createIntl, defineMessages, textDirection } from './intl';

const messages = defineMessages({
  invites: { id: 'invites', defaultMessage: '{count, plural, one {# invitation} other {# invitations}}' },
  when: { id: 'when', defaultMessage: 'Sent on {at, date, long}' },
  only: { id: 'only', defaultMessage: 'Only in English' },
});
const at = new Date(Date.UTC(2026, 10, 25, 12));

test('messages, plurals and dates follow the locale; Arabic has its own plural categories', () => {
  const de = createIntl({
    locale: 'de',
    defaultLocale: 'en',
    messages: {
      invites: '{count, plural, one {# Einladung} other {# Einladungen}}',
      when: 'Gesendet am {at, date, long}',
    },
  });
  expect(de.formatMessage(messages.invites, { count: 1 })).toBe('1 Einladung');
  expect(de.formatMessage(messages.invites, { count: 1500 })).toBe('1.500 Einladungen');
  expect(de.formatMessage(messages.when, { at })).toBe('Gesendet am 25. November 2026');
  const ar = createIntl({
    locale: 'ar',
    defaultLocale: 'en',
    messages: {
      invites:
        '{count, plural, zero {لا دعوات} one {دعوة واحدة} two {دعوتان} few {# دعوات} many {# دعوة} other {# دعوة}}',
    },
  });
  expect(ar.formatMessage(messages.invites, { count: 2 })).toBe('دعوتان');
  expect(ar.dir).toBe('rtl');
  expect(de.formatNumber(1234.5)).toBe('1.234,5');
  expect(createIntl({ locale: 'en', defaultLocale: 'en' }).formatList(['a', 'b', 'c'])).toBe('a, b, and c');
});

test('a key the catalogue lacks shows the default text and is reported once; the default locale reports nothing', () => {
  const missing: string[] = [];
  const de = createIntl({
    locale: 'de',
    defaultLocale: 'en',
    messages: {},
    onMissing: (id, locale) => void missing.push(`${id} ${locale}`),
  });
  expect(de.formatMessage(messages.only)).toBe('Only in English');
  de.formatMessage(messages.only);
  expect(missing).toEqual(['only de']);
  const en = createIntl({ locale: 'en', defaultLocale: 'en', onMissing: (id) => void missing.push(id) });
  en.formatMessage(messages.only);
  expect(missing).toEqual(['only de']);
});

test('a translation that does not format falls back to the default text, never a raw id or a crash', () => {
  const errors: string[] = [];
  const de = createIntl({
    locale: 'de',
    defaultLocale: 'en',
    messages: { when: 'Gesendet am {at, date' },
    onError: (id) => void errors.push(id),
  });
  expect(de.formatMessage(messages.when, { at })).toBe('Sent on November 25, 2026');
  expect(errors).toEqual(['when']);
});

test('the writing direction of a locale', () => {
  expect(['ar', 'he', 'fa', 'ar-EG', 'ur'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
  expect(['en', 'de', 'ja', 'az-Arab'].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr', 'rtl']);
  expect(textDirection('not a tag!')).toBe('ltr');
});

test('the pseudo-locale accents every text and makes it 40 % longer, keeping placeholders and plurals working', () => {
  const missing: string[] = [];
  const pseudo = createIntl({ locale: 'en-XA', defaultLocale: 'en', onMissing: (id) => void missing.push(id) });
  expect(pseudo.formatMessage(messages.only)).toBe('[Öñĺý îñ Éñĝĺîšĥ ······]');
  expect(pseudo.formatMessage(messages.invites, { count: 2 })).toMatch(/^\[2 îñṽîţàţîöñš ·+\]$/);
  expect(missing).toEqual([]);
});

test("numbers and plurals inside messages follow each message's own locale when two locales share one formatter set", () => {
  const german = createIntl({
    locale: 'de',
    defaultLocale: 'en',
    messages: { count: [{ type: 2, value: 'n', style: null }] as never },
  });
  // The German translation formats with German digits; the English default (missing key) with English ones.
  expect(
    german.formatMessage(
      { id: 'count', defaultMessage: [{ type: 2, value: 'n', style: null }] as never },
      { n: 1234.5 },
    ),
  ).toBe('1.234,5');
  expect(
    german.formatMessage(
      { id: 'other', defaultMessage: [{ type: 2, value: 'n', style: null }] as never },
      { n: 1234.5 },
    ),
  ).toBe('1,234.5');
});

test('a compiled message that is text alone is returned as it is', () => {
  const intl = createIntl({ locale: 'en', defaultLocale: 'en' });
  expect(
    intl.formatMessage({
      id: 'hello',
      defaultMessage: [
        { type: 0, value: 'Hello, ' },
        { type: 0, value: 'world' },
      ] as never,
    }),
  ).toBe('Hello, world');
});
