// @ts-check
const { fromApp } = require('./from-app');

/**
 * The bundlers an area may build with through the preset: webpack (the default, and the host's) and
 * Rspack (webpack's configuration and plugin API, compiled in Rust; Module Federation's
 * `@module-federation/enhanced/rspack` writes the same `mf-manifest.json` and runtime). A config is
 * the same for both; each answers what differs: how CSS is extracted, which plugin pins every chunk,
 * which federation plugin, and the compiler's own `webpack`-shaped namespace. Each is loaded from the
 * app, at the app's own locked version.
 * @typedef {'webpack' | 'rspack'} BundlerName
 */
const BUNDLERS = /** @type {const} */ (['webpack', 'rspack']);

/**
 * @typedef {object} Bundler
 * @property {BundlerName} name
 * @property {any} CssExtractPlugin mini-css-extract-plugin, or Rspack's CssExtractRspackPlugin (same options, same `.loader`)
 * @property {any} SubresourceIntegrityPlugin webpack-subresource-integrity's, or Rspack's built-in one (same options)
 * @property {any} ModuleFederationPlugin
 * @property {any} namespace `webpack`, or `rspack` (its `optimize`, `DefinePlugin`, … under the same names)
 * @property {string} swcLoader swc-loader, or Rspack's built-in one (the same options)
 */

/**
 * A bundler by name, or one already made (`rspackBundler` with the compiler a tool such as Rsbuild runs).
 * @typedef {BundlerName | Bundler} BundlerChoice
 */

/**
 * @param {string} appDir
 * @param {BundlerChoice} [choice]
 * @returns {Bundler}
 */
function bundlerFor(appDir, choice = 'webpack') {
  if (typeof choice === 'object') return choice;
  if (!BUNDLERS.includes(choice))
    throw new Error(
      `bundler must be ${BUNDLERS.map((one) => `"${one}"`).join(' or ')}, not ${JSON.stringify(choice)}.`,
    );
  // Each tool is loaded when a config asks for it: a single bundle (baseConfig alone) needs no
  // federation or integrity plugin installed.
  if (choice === 'rspack') return rspackBundler(appDir, () => fromApp(appDir, '@rspack/core').rspack);
  return {
    name: choice,
    get CssExtractPlugin() {
      return fromApp(appDir, 'mini-css-extract-plugin');
    },
    get SubresourceIntegrityPlugin() {
      return fromApp(appDir, 'webpack-subresource-integrity').SubresourceIntegrityPlugin;
    },
    get ModuleFederationPlugin() {
      return fromApp(appDir, '@module-federation/enhanced/webpack').ModuleFederationPlugin;
    },
    get namespace() {
      return fromApp(appDir, 'webpack');
    },
    swcLoader: 'swc-loader',
  };
}

/**
 * Rspack: `rspack` gives the compiler's namespace (the app's own `@rspack/core`, or the one a tool
 * that runs Rspack itself hands its plugins: a plugin must come from the compiler that applies it).
 * @param {string} appDir @param {() => any} rspack
 * @returns {Bundler}
 */
function rspackBundler(appDir, rspack) {
  return {
    name: 'rspack',
    get CssExtractPlugin() {
      return rspack().CssExtractRspackPlugin;
    },
    get SubresourceIntegrityPlugin() {
      return rspack().SubresourceIntegrityPlugin;
    },
    get ModuleFederationPlugin() {
      return fromApp(appDir, '@module-federation/enhanced/rspack').ModuleFederationPlugin;
    },
    get namespace() {
      return rspack();
    },
    swcLoader: 'builtin:swc-loader',
  };
}

module.exports = { BUNDLERS, bundlerFor, rspackBundler };
