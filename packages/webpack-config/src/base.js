// @ts-check
const path = require('node:path');
const { CONTENT_HASH } = require('./content-hash');
const { bundlerFor } = require('./bundler');
const { StyleRulesPlugin, cssExtractPlugin, styleAndAssetRules } = require('./styles');

/**
 * Messages are compiled at build time (messages-loader.js), so a browser build takes FormatJS's
 * parser-free build wherever the formatter asks for the parser. `@mfe-alias/message-parser` names the
 * real parser, for the one lazy chunk a host loads when an area ships messages as text.
 */
function messageParserAliases() {
  const parserDir = path.dirname(require.resolve('@formatjs/icu-messageformat-parser', { paths: [__dirname] }));
  return {
    '@formatjs/icu-messageformat-parser$': path.join(parserDir, 'no-parser.js'),
    '@mfe-alias/message-parser$': path.join(parserDir, 'index.js'),
  };
}
const MESSAGE_PARSER_ALIASES = Object.keys(messageParserAliases());

/**
 * react-router 7's package exports point at its development build in every
 * mode (remix-run/react-router#12532, #14102), with its dev-only warnings.
 * Production builds take the production build it also ships. An app that does
 * not depend on react-router (an area without React) gets no alias: an import
 * of it then fails as any missing dependency does.
 * @param {string} appDir
 * @param {boolean} production
 * @returns {Record<string, string>}
 */
function routerAliases(appDir, production) {
  let routerDir;
  try {
    routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  } catch {
    return {};
  }
  const build = path.join(routerDir, production ? 'dist/production/index.mjs' : 'dist/development/index.mjs');
  // `@mfe-alias/react-router-build`: react-router under a name the share plugin does not
  // intercept, for the host's module that provides the shared `react-router`.
  return { 'react-router$': build, '@mfe-alias/react-router-build$': build };
}

/**
 * What every app's config starts from: TypeScript and JSX through swc, the style and asset rules
 * with their plugins, react-router's production build, content-hashed output and hidden source
 * maps. The host and remote factories add federation; an app the preset has no factory for (a
 * single bundle) adds its own entry and page. `bundler`: webpack (the default) or Rspack (bundler.js).
 * @param {{ appDir: string, mode: string, uniqueName?: string, bundler?: import('./bundler').BundlerChoice }} options
 */
function baseConfig({ appDir, mode, uniqueName = path.basename(appDir), bundler: bundlerName }) {
  const production = mode !== 'development';
  const bundler = bundlerFor(appDir, bundlerName);
  /** @type {import('webpack').Configuration} */
  const config = {
    mode: production ? 'production' : 'development',
    context: appDir,
    // Production: hidden source maps (no sourceMappingURL comment). Servers never serve *.map (the header
    // policy in @mfe/deploy answers 404); they are kept with the build to resolve reported stack traces.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { ...routerAliases(appDir, production), ...messageParserAliases() },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            {
              loader: bundler.swcLoader,
              options: {
                jsc: {
                  target: 'es2022',
                  parser: { syntax: 'typescript', tsx: true },
                  // Always the production JSX runtime: it is the shared `react/jsx-runtime`, and a remote in
                  // development runs inside a host built for production (react/jsx-dev-runtime is not shared).
                  transform: { react: { runtime: 'automatic', development: false } },
                },
              },
            },
            // First: the default texts of `defineMessages`, compiled.
            { loader: require.resolve('./messages-loader') },
          ],
        },
        // An area's and the shell's translations (`src/**/locales/<locale>.json`), compiled.
        {
          test: /[\\/]locales[\\/][\w-]+\.json$/,
          exclude: /node_modules/,
          type: 'json',
          use: [{ loader: require.resolve('./messages-loader') }],
        },
        ...styleAndAssetRules(appDir, uniqueName, production, bundler),
      ],
    },
    output: {
      path: path.join(appDir, 'dist'),
      // Content-hashed names are immutable and can be cached forever; only
      // index.html, remoteEntry.js and mf-manifest.json keep stable names.
      filename: production ? `[name].${CONTENT_HASH}.js` : '[name].js',
      chunkFilename: production ? `[name].${CONTENT_HASH}.js` : '[name].js',
      clean: true,
    },
    plugins: [cssExtractPlugin(production, bundler), new StyleRulesPlugin()],
    performance: { hints: false }, // budgets live in the benchmark, not here
    stats: 'errors-warnings',
  };
  return config;
}

/**
 * @typedef {(config: import('webpack').Configuration, context: { webpack: typeof import('webpack'), production: boolean, appDir: string }) => import('webpack').Configuration} Extend
 * An app's own additions (a loader, a plugin, a define), applied last: `extend: (config, { webpack }) =>
 * ({ ...config, plugins: [...config.plugins, new webpack.DefinePlugin({...})] })`. The preset's rules
 * (shared singletons, integrity, CSS scoping) stay; override them only knowing what they guard.
 */

/**
 * `webpack` in the context is the bundler's own namespace (Rspack's `rspack` for an Rspack build),
 * so `new webpack.DefinePlugin(…)` works for either.
 * @param {import('webpack').Configuration} config @param {string} appDir @param {string} mode @param {Extend | undefined} extend
 * @param {import('./bundler').Bundler} [bundler]
 * @returns {import('webpack').Configuration}
 */
function applyExtend(config, appDir, mode, extend, bundler = bundlerFor(appDir)) {
  if (!extend) return config;
  const extended = extend(config, { webpack: bundler.namespace, production: mode !== 'development', appDir });
  if (!extended || typeof extended !== 'object')
    throw new Error(`The "extend" function of ${appDir}'s webpack config must return the configuration.`);
  return extended;
}

/**
 * What a build's cleaning keeps: the given folders of its output, each another build's (webpack names
 * a file relative to the output folder, Rspack by its whole path).
 * @param {string} outputPath @param {readonly string[]} folders
 */
function keepFolders(outputPath, folders) {
  return (/** @type {string} */ file) =>
    folders.includes(path.relative(outputPath, path.resolve(outputPath, file)).split(path.sep)[0] ?? '');
}

module.exports = { applyExtend, baseConfig, keepFolders, MESSAGE_PARSER_ALIASES };
