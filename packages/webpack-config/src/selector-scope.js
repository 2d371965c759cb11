// @ts-check
const postcss = require('postcss');
const selectorParser = require('postcss-selector-parser');

/**
 * Which selectors of a CSS Module could match an element outside the area (decision 0011's rule,
 * tightened by issue 33). css-loader's "pure" mode only asks that a selector name a local class
 * somewhere, so `body:has(.own) header` passed and hid the shell. Here a selector stays inside
 * the area only when
 *  - its first compound carries one of the module's own classes or ids at its top level (not
 *    inside `:has()`, `:is()`, `:where()` or `:not()`, which match other elements), so nothing
 *    outside the area (`html`, `body`, `:root`, `[dir]`, `*`) decides what it styles; and
 *  - the element it styles is that compound's element or inside it: some compound with an own
 *    class is the last one, or is followed by a descendant (` `) or child (`>`) combinator
 *    (`.root ~ header` styles a sibling of the area, outside it).
 * Rules nested in a rule count as written under it (`&`, or an implicit descendant).
 * Returns the offending selectors, as written.
 * @param {string} css
 * @returns {string[]}
 */
function selectorsOutsideArea(css) {
  const offending = [];
  postcss.parse(css).walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const nested = rule.parent?.type === 'rule';
    selectorParser((root) => {
      for (const selector of root.nodes) {
        if (!staysInside(selector, nested)) offending.push(String(selector).trim());
      }
    }).processSync(rule.selector);
  });
  return offending;
}

/** @param {import('postcss').Rule} rule */
function insideKeyframes(rule) {
  for (let node = rule.parent; node; node = /** @type {any} */ (node).parent) {
    if (node.type === 'atrule' && /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (node).name)) return true;
  }
  return false;
}

/**
 * @param {import('postcss-selector-parser').Selector} selector
 * @param {boolean} nested
 */
function staysInside(selector, nested) {
  /** @type {Array<{ own: boolean, after: string | null }>} */
  const compounds = [];
  let current = { own: false, after: /** @type {string | null} */ (null) };
  let usesParent = false;
  for (const node of selector.nodes) {
    if (node.type === 'combinator') {
      current.after = node.value.trim() || ' ';
      compounds.push(current);
      current = { own: false, after: null };
      continue;
    }
    if (node.type === 'nesting') {
      // `&` is the enclosing rule's element, itself checked to be inside the area.
      current.own = true;
      usesParent = true;
    } else if (isOwn(node)) current.own = true;
  }
  compounds.push(current);
  // A nested selector without `&` is written as if after `& ` (inside the enclosing element).
  if (nested && !usesParent) compounds.unshift({ own: true, after: ' ' });
  if (!compounds[0]?.own) return false;
  return compounds.some(
    (compound, index) =>
      compound.own && (index === compounds.length - 1 || compound.after === ' ' || compound.after === '>'),
  );
}

/**
 * One of the module's own names at the top of a compound: a class or id, or `:local(...)` of one;
 * never what `:global(...)` names.
 * @param {import('postcss-selector-parser').Node} node
 */
function isOwn(node) {
  if (node.type === 'class' || node.type === 'id') return true;
  if (node.type === 'pseudo' && node.value === ':local')
    return node.nodes.some((inner) => inner.nodes.every((part) => part.type === 'class' || part.type === 'id'));
  return false;
}

/**
 * What to tell a team whose CSS Module has a selector that could style the page outside its area.
 * @param {string} file @param {string} selector
 */
function explainOutsideArea(file, selector) {
  const bare = /^(html|body|:root|\*)$/.test(selector);
  return [
    `${file}: the selector "${selector}" would style the whole page, not just this area.`,
    '  In a CSS Module every selector must start at a class (or id) of the module itself and style that element or one',
    '  inside it: the shell and the other areas share the page, and a rule for body, html, :root, header, * or any bare',
    "  element, one that reaches out through :has(), :is() or :where(), or a sibling (~, +) of your area's element, reaches them too.",
    `  Write it on your area's own class instead, e.g. "${bare ? '.root' : `.root ${selector.replace(/^(html|body|:root)\b\s*/, '')}`} { … }" with className={styles.root} on your top element.`,
    '  Styles for the whole page belong to the shell. If this rule really must be global (content you portal outside',
    '  your area), put it in a file named *.global.css: the build records it, the manifest check warns about it,',
    '  and the host still switches it off whenever your area is not on screen.',
  ].join('\n');
}

module.exports = { explainOutsideArea, selectorsOutsideArea };
