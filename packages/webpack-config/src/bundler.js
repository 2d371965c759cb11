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
 * @param {string} appDir
 * @param {BundlerName} [name]
 * @returns {Bundler}
 */
function bundlerFor(appDir, name = 'webpack') {
  if (!BUNDLERS.includes(name))
    throw new Error(`bundler must be ${BUNDLERS.map((one) => `"${one}"`).join(' or ')}, not ${JSON.stringify(name)}.`);
  // Each tool is loaded when a config asks for it: a single bundle (baseConfig alone) needs no
  // federation or integrity plugin installed.
  const rspack = () => fromApp(appDir, '@rspack/core').rspack;
  if (name === 'rspack')
    return {
      name,
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
  return {
    name,
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

module.exports = { BUNDLERS, bundlerFor };
