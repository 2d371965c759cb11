// @ts-check

/**
 * Compiles ICU messages at build time, so the page needs FormatJS's formatter but not its parser
 * (about 8 KiB gzip less in the host's first script; the preset aliases the parser to its
 * `no-parser` build). Two kinds of module:
 * - a catalogue (`locales/<locale>.json`): each text becomes its parsed form;
 * - a module declaring messages (`defineMessages(…)` from `@mfe/context`): each `defaultMessage`
 *   written as a quoted string becomes its parsed form (any other spelling is left as text, which
 *   the host still formats, after fetching the parser on demand).
 * A message that is not valid ICU fails the build, naming the file, the id and what is wrong,
 * instead of failing in a visitor's page.
 * @this {import('webpack').LoaderContext<{}>}
 * @param {string} source
 */
module.exports = function messagesLoader(source) {
  // An ES module package: Node 22 requires it as any other.
  const { parse } = require('@formatjs/icu-messageformat-parser');
  const file = this.resourcePath;
  const compile = (/** @type {string} */ id, /** @type {string} */ text) => {
    try {
      return parse(text);
    } catch (error) {
      throw new Error(
        `${file}: the message "${id}" is not valid ICU MessageFormat (${/** @type {Error} */ (error).message}): ${JSON.stringify(text)}`,
      );
    }
  };
  return file.endsWith('.json') ? compileCatalogue(source, compile) : compileDefaults(source, compile);
};

/**
 * @param {string} source
 * @param {(id: string, text: string) => unknown} compile
 */
function compileCatalogue(source, compile) {
  const catalogue = JSON.parse(source);
  if (typeof catalogue !== 'object' || catalogue === null || Array.isArray(catalogue))
    throw new Error('A catalogue must be a JSON object of message id to text.');
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(catalogue).map(([id, text]) => [id, typeof text === 'string' ? compile(id, text) : text]),
    ),
  );
}

// `defaultMessage: '…'` or `"…"` (one line, as Prettier writes it), and the id just before it.
const DEFAULT_MESSAGE =
  /(\bid:\s*(['"])((?:(?!\2)[^\\\r\n]|\\.)*)\2\s*,\s*)?\bdefaultMessage:\s*('(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*")/g;

/**
 * @param {string} source
 * @param {(id: string, text: string) => unknown} compile
 */
function compileDefaults(source, compile) {
  if (!source.includes('defineMessages')) return source;
  return source.replace(DEFAULT_MESSAGE, (whole, idPart, _quote, id, literal) => {
    const text = stringValue(literal);
    if (text === undefined) return whole;
    return `${idPart ?? ''}defaultMessage: ${JSON.stringify(compile(id ?? '(no id)', text))}`;
  });
}

/** The value of a quoted JavaScript string, or undefined for an escape JSON does not share (left as text). */
function stringValue(/** @type {string} */ literal) {
  const inner = literal.slice(1, -1);
  const json = literal.startsWith("'")
    ? inner.replace(/\\'/g, "'").replace(/(^|[^\\])((?:\\\\)*)"/g, '$1$2\\"')
    : inner;
  try {
    return JSON.parse(`"${json}"`);
  } catch {
    return undefined;
  }
}
