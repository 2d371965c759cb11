// @ts-check
const path = require('node:path');
const { sri } = require('@mfe/manifest/sri');
const { baseConfig, MESSAGE_PARSER_ALIASES } = require('./base');
const { cssLoaderFor, GLOBAL_CSS } = require('./styles');
const { HOST_SINGLETONS } = require('./shared');

/** What the renderer tells a server build when it loads it: `{ publicPath }` (server-public-path.js). */
const PRERENDER_CONTEXT = require('@mfe/manifest/rules.json').build.prerenderContext;

/** Where a server build writes (from the one rule file, which the release's checks read too), and the file that names its bundle and the bundle's sha384. */
const SERVER_DIR = require('@mfe/manifest/rules.json').build.serverFolder;
const SERVER_DESCRIPTION = 'server.json';

/**
 * What a server bundle takes from whoever renders it instead of bundling: the shared singletons
 * (one React, one router, one contract for the host's shell and every area on the page being
 * rendered) and React's server renderers.
 */
const SERVER_EXTERNALS = [
  ...HOST_SINGLETONS,
  ...require('@mfe/manifest/rules.json').build.serverRenderers,
  PRERENDER_CONTEXT,
];

/**
 * A build of `entry` for rendering pages ahead of time in Node (the prerender step): one CommonJS
 * file in `dist/server/` (dynamic imports inlined), the shared singletons left to the renderer,
 * CSS Modules reduced to their class names — the same names as the browser build's, so the HTML and
 * the hydrating page agree — and assets named as in the browser build without being written again,
 * under the public path the renderer gives (`@mfe-alias/prerender-context`), so their URLs match too.
 * `dist/server/server.json` names the file and its sha384, so the renderer can refuse altered bytes.
 * `bundled`: shared names this build bundles instead, and exports for the others (the host's shell
 * bundles the contract package and hands that one instance to every area it renders).
 * `contributions`: a remote's contributions to slots by module name, each built the same way into a
 * file of its own (`contribution-<module>.js`, named with its sha384 in `server.json`), so a public
 * page's slot can be rendered into its HTML.
 * @param {{ appDir: string, mode?: string, entry: string, name: string, uniqueName?: string, bundled?: readonly string[], contributions?: Readonly<Record<string, string>>, bundler?: import('./bundler').BundlerChoice }} options
 */
function serverConfig({
  appDir,
  mode = 'production',
  entry,
  name,
  uniqueName = path.basename(appDir),
  bundled = [],
  contributions = {},
  bundler,
}) {
  const config = baseConfig({ appDir, mode, uniqueName, bundler });
  config.name = `${name}-server`;
  config.target = 'node20';
  config.devtool = false;
  const publicPath = require.resolve('./server-public-path.js');
  config.entry = { [name]: [publicPath, entry] };
  for (const [module, file] of Object.entries(contributions))
    config.entry[`${CONTRIBUTION_FILE_PREFIX}${module}`] = [publicPath, file];
  // Rendering in Node keeps the whole formatter: an area's catalogues are inlined here as text.
  const alias = /** @type {Record<string, string>} */ ({ ...config.resolve?.alias });
  for (const name of MESSAGE_PARSER_ALIASES) delete alias[name];
  config.resolve = { ...config.resolve, alias };
  config.externalsType = 'commonjs';
  config.externals = SERVER_EXTERNALS.filter((request) => !bundled.includes(request));
  config.output = {
    path: path.join(appDir, 'dist', SERVER_DIR),
    filename: '[name].js',
    library: { type: 'commonjs2' },
    clean: true,
  };
  const rules = config.module?.rules ?? [];
  config.module = {
    ...config.module,
    // Dynamic imports inlined: each entry is one whole file. (Rspack panics on `output.asyncChunks:
    // false` with several entries; eager imports are both bundlers' way to the same file.)
    parser: {
      ...config.module?.parser,
      javascript: { ...config.module?.parser?.javascript, dynamicImportMode: 'eager' },
    },
    rules: [
      rules[0], // TypeScript and JSX, as in the browser build
      // A global stylesheet has no class names to export: nothing of it is needed to render.
      { test: GLOBAL_CSS, type: 'javascript/auto', use: [{ loader: require.resolve('./empty-module-loader') }] },
      { test: /\.css$/, exclude: GLOBAL_CSS, use: [cssLoaderFor(appDir, uniqueName, true, true)] },
      {
        test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf)$/i,
        type: 'asset/resource',
        generator: {
          filename: mode !== 'development' ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
          emit: false,
        },
      },
    ],
  };
  config.optimization = { minimize: false, splitChunks: false, runtimeChunk: false };
  config.plugins = [new ServerDescriptionPlugin(name, Object.keys(contributions))];
  return config;
}

/** A contribution's server bundle is `contribution-<module>.js`. */
const CONTRIBUTION_FILE_PREFIX = 'contribution-';

/** Writes `server.json`: the bundle's file name and sha384, and each contribution's. */
class ServerDescriptionPlugin {
  /**
   * @param {string} entry
   * @param {readonly string[]} contributions
   */
  constructor(entry, contributions) {
    this.entry = entry;
    this.contributions = contributions;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServerDescriptionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerDescriptionPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          /** @param {string} file */
          const described = (file) => {
            const asset = compilation.getAsset(file);
            return asset ? { entry: file, integrity: sri(asset.source.buffer()) } : undefined;
          };
          const main = described(`${this.entry}.js`);
          if (!main) return;
          /** @type {Record<string, { entry: string, integrity: string }>} */
          const contributions = {};
          for (const module of this.contributions) {
            const one = described(`${CONTRIBUTION_FILE_PREFIX}${module}.js`);
            if (one) contributions[module] = one;
          }
          const description = { ...main, ...(this.contributions.length ? { contributions } : {}) };
          compilation.emitAsset(SERVER_DESCRIPTION, new sources.RawSource(`${JSON.stringify(description, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { PRERENDER_CONTEXT, SERVER_DESCRIPTION, SERVER_DIR, SERVER_EXTERNALS, serverConfig };
