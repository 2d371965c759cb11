// @ts-check
const { CONTENT_HASH } = require('./content-hash');

/**
 * css-loader for an app's stylesheets, one definition for the browser build and the server build
 * (which keeps only the class names, `onlyLocals`): both must name every class alike, or the page
 * from HTML and its hydration would disagree.
 * @param {string} appDir @param {string} uniqueName @param {boolean} modules @param {boolean} onlyLocals
 */
function cssLoaderFor(appDir, uniqueName, modules, onlyLocals) {
  return {
    loader: require.resolve('css-loader', { paths: [appDir] }),
    options: {
      modules: modules
        ? {
            mode: 'pure',
            localIdentName: `${uniqueName}_[local]_[hash:base64:5]`,
            localIdentHashSalt: uniqueName,
            namedExport: false,
            exportLocalsConvention: 'as-is',
            ...(onlyLocals ? { exportOnlyLocals: true } : {}),
          }
        : false,
      importLoaders: 0,
    },
  };
}

/**
 * Styles and assets. Every `.css` file is a CSS Module, its class names prefixed with the app's
 * name and hashed with it (`referrals_title_x7Yz1`), so no remote's style reaches the host or
 * another remote. CSS Modules scope class names only, so every selector must also stay inside the
 * area (selector-scope.js: it starts at one of the module's own classes or ids and styles that
 * element or one inside it: `.card h2`, not `h2`, `body:has(.card) header` or `.card ~ header`),
 * and a build with a selector that could style anything else fails with a message that names the
 * file, the selector and what to write instead. `*.global.css` is global, by explicit
 * choice (the build records it in mf-manifest.json and the manifest check warns about it).
 *
 * CSS is extracted to files that load with the chunk that imports them, before its code runs (no
 * flash of unstyled content), through `<link>` tags that carry integrity like scripts (no inline
 * styles, so the CSP needs no 'unsafe-inline'). Images, SVG and fonts are content-hashed files
 * next to the app's scripts.
 * @param {string} appDir @param {string} uniqueName @param {boolean} production
 * @param {import('./bundler').Bundler} bundler
 */
function styleAndAssetRules(appDir, uniqueName, production, bundler) {
  const MiniCssExtractPlugin = bundler.CssExtractPlugin;
  const cssLoader = (/** @type {boolean} */ modules) => cssLoaderFor(appDir, uniqueName, modules, false);
  return [
    { test: GLOBAL_CSS, use: [MiniCssExtractPlugin.loader, cssLoader(false)] },
    {
      test: /\.css$/,
      exclude: GLOBAL_CSS,
      use: [MiniCssExtractPlugin.loader, cssLoader(true), { loader: require.resolve('./css-scope-loader') }],
    },
    {
      test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf)$/i,
      type: 'asset/resource',
      generator: { filename: production ? `assets/[name].${CONTENT_HASH}[ext]` : 'assets/[name][ext]' },
    },
  ];
}

const GLOBAL_CSS = /\.global\.css$/;

/** @param {boolean} production @param {import('./bundler').Bundler} bundler */
function cssExtractPlugin(production, bundler) {
  return new bundler.CssExtractPlugin({
    filename: production ? `[name].${CONTENT_HASH}.css` : '[name].css',
    chunkFilename: production ? `[name].${CONTENT_HASH}.css` : '[name].css',
    // Order between CSS Modules does not matter: each class is scoped to its module.
    ignoreOrder: true,
  });
}

/** The first line of a scope error (selector-scope.js's `explainOutsideArea`). */
const OUTSIDE = /the selector "([^"]+)" would style the whole page/;

/**
 * Says each selector that would style the page outside the area once: the CSS extraction's child
 * compilation reports the same module's error again. The message itself comes from the scope
 * loader (`css-scope-loader.js`), which refuses the module before css-loader reads it.
 */
class StyleRulesPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterCompile.tap('StyleRulesPlugin', (compilation) => {
      const said = new Set();
      for (const found of [...compilation.errors]) {
        const error = /** @type {import('webpack').WebpackError} */ (found);
        const lines = error.message.split('\n');
        const first = lines.findIndex((line) => OUTSIDE.test(line));
        if (first === -1) continue;
        // The loader's message is the whole story: webpack's "Module build failed (from …)" line adds nothing.
        const message = lines.slice(first).join('\n');
        const key = `${/** @type {{ resource?: string } | undefined} */ (error.module)?.resource}|${message}`;
        if (said.has(key)) {
          compilation.errors.splice(compilation.errors.indexOf(found), 1);
          continue;
        }
        said.add(key);
        error.message = message;
        error.stack = '';
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

module.exports = { GLOBAL_CSS, StyleRulesPlugin, cssExtractPlugin, cssLoaderFor, globalCssFiles, styleAndAssetRules };
