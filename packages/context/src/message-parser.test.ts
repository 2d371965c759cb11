import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { createIntl, defineMessages } from './intl';
import { canParseMessages, installMessageParser, withoutParser } from './message-parser';

const messages = defineMessages({
  invites: { id: 'a.invites', defaultMessage: '{count, plural, one {# invitation} other {# invitations}}' },
  hello: { id: 'a.hello', defaultMessage: 'Hello {name}.' },
});

test('a compiled message formats like its text, in the catalogue and as the default', () => {
  const compiled = { id: 'a.invites', defaultMessage: parse(messages.invites.defaultMessage as string) };
  const intl = createIntl({
    locale: 'de',
    defaultLocale: 'en',
    messages: { 'a.invites': parse('{count, plural, one {# Einladung} other {# Einladungen}}') },
  });
  expect(intl.formatMessage(compiled, { count: 1234 })).toBe('1.234 Einladungen');
  expect(createIntl({ locale: 'en', defaultLocale: 'en' }).formatMessage(compiled, { count: 1 })).toBe('1 invitation');
});

test('where the build left the parser out, text shows as well as it can, the host is asked for a parser, and with it the message formats fully', () => {
  const formatter = IntlMessageFormat as unknown as { __parse: unknown };
  const real = formatter.__parse;
  formatter.__parse = () => {
    throw new Error("You're trying to format an uncompiled message without parser");
  };
  try {
    expect(canParseMessages()).toBe(false);
    let asked = 0;
    const intl = createIntl({ locale: 'en', defaultLocale: 'en', onNeedsParser: () => void (asked += 1) });
    expect(intl.formatMessage(messages.hello, { name: 'Ada' })).toBe('Hello Ada.');
    expect(intl.formatMessage(messages.invites, { count: 2 })).toBe('');
    expect(asked).toBe(2);
    installMessageParser(parse);
    expect(canParseMessages()).toBe(true);
    expect(intl.formatMessage(messages.invites, { count: 2 })).toBe('2 invitations');
  } finally {
    formatter.__parse = real;
  }
});

test('without a parser, plain text and simple arguments show, richer syntax never shows as syntax', () => {
  expect(withoutParser('Sign in')).toBe('Sign in');
  expect(withoutParser('Hello {name}.', { name: 'Ada' })).toBe('Hello Ada.');
  expect(withoutParser('{count, plural, one {# file} other {# files}}', { count: 2 })).toBe('');
  expect(withoutParser("It's {name}", { name: 'x' })).toBe('');
});
