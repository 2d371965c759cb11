import { parse } from '@formatjs/icu-messageformat-parser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const messagesLoader = require('./messages-loader') as (this: { resourcePath: string }, source: string) => string;
const run = (resourcePath: string, source: string) => messagesLoader.call({ resourcePath }, source);

test('a catalogue becomes its messages compiled', () => {
  const out = JSON.parse(
    run(
      '/app/src/locales/de.json',
      JSON.stringify({ 'a.hello': 'Hallo {name}.', 'a.files': '{count, plural, one {# Datei} other {# Dateien}}' }),
    ),
  );
  expect(out).toEqual({
    'a.hello': parse('Hallo {name}.'),
    'a.files': parse('{count, plural, one {# Datei} other {# Dateien}}'),
  });
});

test("a module's default messages become compiled, in either quote, and nothing else changes", () => {
  const source = [
    "import { defineMessages } from '@mfe/context';",
    'export const messages = defineMessages({',
    "  hello: { id: 'a.hello', defaultMessage: 'Hello {name}.' },",
    '  files: { id: "a.files", defaultMessage: "It\'s {count, plural, one {# \\"file\\"} other {# files}}" },',
    "  quoted: { id: 'a.quoted', defaultMessage: 'Say \\'hi\\' to \"{name}\"' },",
    '});',
    "const label = 'defaultMessage';",
  ].join('\n');
  const out = run('/app/src/messages.ts', source);
  expect(out).toContain(`hello: { id: 'a.hello', defaultMessage: ${JSON.stringify(parse('Hello {name}.'))} }`);
  expect(out).toContain(
    `defaultMessage: ${JSON.stringify(parse('It\'s {count, plural, one {# "file"} other {# files}}'))}`,
  );
  expect(out).toContain(`defaultMessage: ${JSON.stringify(parse('Say \'hi\' to "{name}"'))}`);
  expect(out).toContain("const label = 'defaultMessage';");
  expect(out.split('\n')).toHaveLength(source.split('\n').length);
});

test('a module without defineMessages is left as it is', () => {
  const source = "const x = { defaultMessage: 'Hello {name}' };";
  expect(run('/app/src/other.ts', source)).toBe(source);
});

test('a message that is not valid ICU fails the build, naming the file, the id and the text', () => {
  expect(() =>
    run('/app/src/messages.ts', "defineMessages({ a: { id: 'a.broken', defaultMessage: 'Hello {name' } })"),
  ).toThrow(/\/app\/src\/messages\.ts: the message "a\.broken" is not valid ICU MessageFormat \(.+\): "Hello \{name"/);
  expect(() => run('/app/src/locales/de.json', '{"a.broken": "{count, plural, one {x}"}')).toThrow(
    /de\.json: the message "a\.broken" is not valid ICU/,
  );
});
