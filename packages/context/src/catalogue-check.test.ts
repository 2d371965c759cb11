import { defineMessages } from './intl';
import { catalogueProblems } from './catalogue-check';

const messages = defineMessages({
  hello: { id: 'hello', defaultMessage: 'Hello {name}' },
  count: { id: 'count', defaultMessage: '{count, plural, one {# item} other {# items}}' },
});

test('a complete catalogue has no problem', () => {
  expect(
    catalogueProblems(messages, {
      de: { hello: 'Hallo {name}', count: '{count, plural, one {# Stück} other {# Stück}}' },
    }),
  ).toEqual([]);
});

test('a missing key, an unknown key, a lost placeholder and a broken message are each named', () => {
  expect(
    catalogueProblems(messages, {
      de: { hello: 'Hallo', extra: 'x' },
      ar: { hello: 'مرحبًا {name}', count: '{count, plural, one {# عنصر' },
    }),
  ).toEqual([
    'de: "hello" uses {} where the default text uses {name}',
    'de: "count" is missing',
    'de: "extra" is not a message of the code (removed or misspelt?)',
    expect.stringMatching(/^ar: "count" does not format/),
  ]);
});
