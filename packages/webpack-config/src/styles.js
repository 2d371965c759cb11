// @ts-check
const { fromApp } = require('./from-app');

/**
 * Styles and assets. Every `.css` file is a CSS Module, its class names prefixed with the app's
 * name and hashed with it (`referrals_title_x7Yz1`), so no remote's style reaches the host or
 * another remote. CSS Modules scope class names only, so they are also *pure*: every selector
 * must name a local class or id (`.card h2`, not `h2`; never `body`, `html`, `*` or `header`
 * alone), and a build with a selector that would style the whole page fails with a message that
 * names the file, the selector and what to write instead. `*.global.css` is global, by explicit
 * choice (the build records it in mf-manifest.json and the manifest check warns about it).
 *
 * CSS is extracted to files that load with the chunk that imports them, before its code runs (no
 * flash of unstyled content), through `<link>` tags that carry integrity like scripts (no inline
 * styles, so the CSP needs no 'unsafe-inline'). Images, SVG and fonts are content-hashed files
 * next to the app's scripts.
 * @param {string} appDir @param {string} uniqueName @param {boolean} production
 */
function styleAndAssetRules(appDir, uniqueName, production) {
  const MiniCssExtractPlugin = fromApp(appDir, 'mini-css-extract-plugin');
  const cssLoader = (/** @type {boolean} */ modules) => ({
    loader: require.resolve('css-loader', { paths: [appDir] }),
    options: {
      modules: modules ? { mode: 'pure', localIdentName: `${uniqueName}_[local]_[hash:base64:5]`, localIdentHashSalt: uniqueName, namedExport: false, exportLocalsConvention: 'as-is' } : false,
      importLoaders: 0,
    },
  });
  return [
    { test: GLOBAL_CSS, use: [MiniCssExtractPlugin.loader, cssLoader(false)] },
    { test: /\.css$/, exclude: GLOBAL_CSS, use: [MiniCssExtractPlugin.loader, cssLoader(true)] },
    {
      test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf)$/i,
      type: 'asset/resource',
      generator: { filename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]' },
    },
  ];
}

const GLOBAL_CSS = /\.global\.css$/;

/** @param {string} appDir @param {boolean} production */
function cssExtractPlugin(appDir, production) {
  const MiniCssExtractPlugin = fromApp(appDir, 'mini-css-extract-plugin');
  return new MiniCssExtractPlugin({
    filename: production ? '[name].[contenthash:8].css' : '[name].css',
    chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
    // Order between CSS Modules does not matter: each class is scoped to its module.
    ignoreOrder: true,
  });
}

/** css-loader's words for a selector that names no local class or id (postcss-modules-local-by-default). */
const IMPURE = /Selector "([^"]+)" is not pure/;

/** What to tell a team whose CSS Module has a selector that would style the whole page. */
function explainImpureSelector(/** @type {string} */ file, /** @type {string} */ selector) {
  return [
    `${file}: the selector "${selector}" would style the whole page, not just this area.`,
    '  In a CSS Module every selector must include a class (or id) of the module itself: the shell and',
    '  the other areas share the page, and a rule for body, html, header, * or any bare element reaches them too.',
    `  Write it on your area's own class instead, e.g. "${/^(html|body|:root)$/.test(selector) ? '.root' : `.root ${selector}`} { … }" with className={styles.root} on your top element.`,
    '  Styles for the whole page belong to the shell. If this rule really must be global (content you portal outside',
    '  your area), put it in a file named *.global.css: the build records it, the manifest check warns about it,',
    '  and the host still switches it off whenever your area is not on screen.',
  ].join('\n');
}

/**
 * Turns css-loader's terse "is not pure" build error into one that says what to write instead,
 * and records which `*.global.css` files a remote ships (`mfe.globalCss` in mf-manifest.json,
 * written by the integrity plugin), so the release checks can warn about them.
 */
class StyleRulesPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterCompile.tap('StyleRulesPlugin', (compilation) => {
      const said = new Set();
      for (const found of [...compilation.errors]) {
        const error = /** @type {import('webpack').WebpackError} */ (found);
        const match = IMPURE.exec(error.message);
        if (!match) continue;
        // The CSS extraction's child compilation reports the same module's error again: say it once.
        const key = `${/** @type {{ resource?: string } | undefined} */ (error.module)?.resource}|${match[1]}`;
        if (said.has(key)) {
          compilation.errors.splice(compilation.errors.indexOf(found), 1);
          continue;
        }
        said.add(key);
        const resource = /** @type {{ resource?: string } | undefined} */ (error.module)?.resource ?? 'a CSS Module';
        const file = require('node:path').relative(compiler.context, resource);
        error.message = explainImpureSelector(file, match[1]);
        error.stack = '';
        // webpack prints `details` under the message; css-loader's own trace adds nothing here.
        error.details = '';
      }
    });
  }
}

/**
 * The `*.global.css` files among a compilation's modules, relative to the app.
 * @param {import('webpack').Compilation} compilation @param {string} appDir
 */
function globalCssFiles(compilation, appDir) {
  const path = require('node:path');
  const files = new Set();
  for (const module of compilation.modules) {
    const resource = /** @type {{ resource?: string }} */ (module).resource;
    if (resource && GLOBAL_CSS.test(resource)) files.add(path.relative(appDir, resource).split(path.sep).join('/'));
  }
  return [...files].sort();
}

module.exports = { GLOBAL_CSS, StyleRulesPlugin, cssExtractPlugin, explainImpureSelector, globalCssFiles, styleAndAssetRules };
