// @ts-check
const { relative } = require('node:path');
const { explainOutsideArea, selectorsOutsideArea } = require('./selector-scope');

/**
 * A webpack loader run on each CSS Module before css-loader: fails the module with a message that
 * names the file, the selector and what to write instead when a selector could style anything
 * outside the area (selector-scope.js says which). `*.global.css` files never reach it.
 * @this {import('webpack').LoaderContext<{}>}
 * @param {string} source
 */
module.exports = function cssScopeLoader(source) {
  let offending;
  try {
    offending = selectorsOutsideArea(source);
  } catch {
    // Not CSS postcss can read: css-loader says why, with its own position.
    return source;
  }
  if (offending.length === 0) return source;
  const file = relative(this.rootContext, this.resourcePath).split('\\').join('/');
  const error = new Error(offending.map((selector) => explainOutsideArea(file, selector)).join('\n'));
  error.stack = '';
  this.callback(error);
};
