// @ts-check
// @mfe/webpack-config: the one webpack + Module Federation config factory for every app of the
// platform, in this repository (through the root webpack.shared.js) and outside it (installed
// from the registry). Each app's webpack.config.js is a few lines that call `hostConfig` or
// `remoteConfig`; an app adds a loader, plugin or define through `extend`, not by editing this.
const path = require('node:path');

const { fromApp } = require('./src/from-app');
const { StyleRulesPlugin, cssExtractPlugin, globalCssFiles, styleAndAssetRules } = require('./src/styles');

/**
 * Packages that must exist exactly once on a page: React keeps hook state
 * per copy, react-router keeps the location in a React context, and
 * @mfe/context carries the host's React context object to remotes.
 * Sub-paths are separate share keys (a package key does not cover them).
 * The host provides all of them; remotes never bundle a fallback copy.
 */
const HOST_SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router', '@mfe/context'];

const CONTRACT_PACKAGE = '@mfe/context';

/**
 * Version of a package as installed for the app in `appDir`.
 * @param {string} appDir @param {string} request
 */
function installedVersion(appDir, request) {
  const pkgName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const pkgJson = require.resolve(`${pkgName}/package.json`, { paths: [appDir] });
  return /** @type {{version: string}} */ (require(pkgJson)).version;
}

/**
 * Versions of the singletons as installed for the app in `appDir`: what a
 * host built from there provides (also used by the manifest check command).
 * @param {string} appDir
 */
function providedVersions(appDir) {
  return Object.fromEntries(HOST_SINGLETONS.map((request) => [request, installedVersion(appDir, request)]));
}

/**
 * @param {string} appDir
 * @param {'host' | 'remote'} role
 * @param {Record<string, string>} [imports] host only: the module that provides a singleton, when not the package itself
 */
function sharedConfig(appDir, role, imports = {}) {
  /** @type {Record<string, Record<string, unknown>>} the federation plugin's `shared` option */
  const shared = {};
  for (const request of HOST_SINGLETONS) {
    const version = installedVersion(appDir, request);
    const major = version.split('.')[0];
    shared[request] = {
      singleton: true,
      // Libraries: any release of the same major. The contract: at least the
      // version the remote was built against (it may use what that added).
      // The remote's mf-manifest.json records these ranges, and the host
      // checks them before it loads the remote's code.
      requiredVersion: request === CONTRACT_PACKAGE ? `^${version}` : `^${major}.0.0`,
      strictVersion: true,
      // The host bundles them into its first script (eager): they are needed on every page, and
      // separate chunks would only add requests to the critical path.
      ...(role === 'host' ? { version, eager: true, ...(imports[request] ? { import: path.resolve(appDir, imports[request]) } : {}) } : { import: false }),
    };
  }
  return shared;
}

/**
 * Writes `integrity.json` next to `remoteEntry.js` with the entry's sha384,
 * for the `integrity` field of the runtime manifest. With it the host refuses
 * altered entry bytes, and the entry in turn pins every chunk (above).
 * Also records, in `mf-manifest.json` (`integrity`), the sha384 of the entry and
 * of the exposed modules' first chunks, so the host's preload hints for them
 * carry the same integrity as the scripts that later use them.
 */
class EntryIntegrityPlugin {
  /** @param {{ recordChunks: boolean }} options `recordChunks`: only when chunks are loaded with integrity (production) */
  constructor({ recordChunks }) {
    this.recordChunks = recordChunks;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const sha384 = (/** @type {Buffer} */ bytes) => `sha384-${require('node:crypto').createHash('sha384').update(bytes).digest('base64')}`;
    compiler.hooks.thisCompilation.tap('EntryIntegrityPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EntryIntegrityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const entry = assets['remoteEntry.js'];
        if (!entry) return;
        const entryHash = sha384(entry.buffer());
        compilation.emitAsset('integrity.json', new sources.RawSource(`${JSON.stringify({ 'remoteEntry.js': entryHash }, null, 2)}\n`));
        const manifestAsset = assets['mf-manifest.json'];
        if (!manifestAsset) return;
        const manifest = JSON.parse(manifestAsset.source().toString());
        // `*.global.css` files the remote ships, for the release checks to warn about.
        const globalCss = globalCssFiles(compilation, compiler.context);
        /** @type {Record<string, string>} */
        const integrity = { 'remoteEntry.js': entryHash };
        if (this.recordChunks) {
          for (const exposed of manifest.exposes ?? []) {
            for (const file of [...(exposed.assets?.js?.sync ?? []), ...(exposed.assets?.css?.sync ?? [])]) if (assets[file]) integrity[file] = sha384(assets[file].buffer());
          }
        }
        if (!this.recordChunks && globalCss.length === 0) return;
        compilation.updateAsset('mf-manifest.json', new sources.RawSource(JSON.stringify({ ...manifest, ...(this.recordChunks ? { integrity } : {}), ...(globalCss.length > 0 ? { globalCss } : {}) }, null, 2)));
      });
    });
  }
}

/**
 * Integrity for CSS chunks, which webpack-subresource-integrity does not cover:
 * the stylesheet loader (mini-css-extract-plugin's runtime, in remoteEntry.js)
 * sets each `<link>`'s `integrity` from a map of sha384s, written into the
 * runtime once the CSS files are final. The entry is pinned by its own hash
 * (computed after this), so altered CSS is refused like altered scripts.
 */
const CSS_SRI_TOKEN = '__MFE_CSS_SRI_MAP__';
class CssIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const MiniCssExtractPlugin = require(require.resolve('mini-css-extract-plugin', { paths: [compiler.context] }));
    const sha384 = (/** @type {Buffer} */ bytes) => `sha384-${require('node:crypto').createHash('sha384').update(bytes).digest('base64')}`;
    compiler.hooks.thisCompilation.tap('CssIntegrityPlugin', (compilation) => {
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap('CssIntegrityPlugin', (/** @type {string} */ source, /** @type {{ tag: string, chunkId: string }} */ names) =>
        `${source}\nvar mfeCssSri = ${CSS_SRI_TOKEN};\nif (mfeCssSri[${names.chunkId}]) { ${names.tag}.integrity = mfeCssSri[${names.chunkId}]; ${names.tag}.crossOrigin = "anonymous"; }\n`,
      );
      // After minification, before real content hashes and the entry's own hash are computed.
      compilation.hooks.processAssets.tap({ name: 'CssIntegrityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE }, (assets) => {
        /** @type {Record<string, string>} */
        const map = {};
        for (const chunk of compilation.chunks) {
          const css = [...chunk.files].find((file) => file.endsWith('.css'));
          if (css && assets[css] && chunk.id !== null) map[String(chunk.id)] = sha384(assets[css].buffer());
        }
        for (const [name, asset] of Object.entries(assets)) {
          if (!name.endsWith('.js')) continue;
          const text = asset.source().toString();
          if (text.includes(CSS_SRI_TOKEN)) compilation.updateAsset(name, new sources.RawSource(text.split(CSS_SRI_TOKEN).join(JSON.stringify(map))));
        }
      });
    });
  }
}

/**
 * react-router 7's package exports point at its development build in every
 * mode (remix-run/react-router#12532, #14102), with its dev-only warnings.
 * Production builds take the production build it also ships.
 * @param {string} appDir
 * @param {boolean} production
 */
function routerAliases(appDir, production) {
  const routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  const build = path.join(routerDir, production ? 'dist/production/index.mjs' : 'dist/development/index.mjs');
  // `@mfe/react-router-build`: react-router under a name the share plugin does not
  // intercept, for the host's module that provides the shared `react-router`.
  return { 'react-router$': build, '@mfe/react-router-build$': build };
}

/** @param {{ appDir: string, mode: string, uniqueName?: string }} options */
function baseConfig({ appDir, mode, uniqueName = path.basename(appDir) }) {
  const production = mode !== 'development';
  /** @type {import('webpack').Configuration} */
  const config = {
    mode: production ? 'production' : 'development',
    context: appDir,
    // Production: hidden source maps (no sourceMappingURL comment). Servers never serve *.map (the header
    // policy in @mfe/deploy answers 404); they are kept with the build to resolve reported stack traces.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: routerAliases(appDir, production) },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
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
        },
        ...styleAndAssetRules(appDir, uniqueName, production),
      ],
    },
    output: {
      path: path.join(appDir, 'dist'),
      // Content-hashed names are immutable and can be cached forever; only
      // index.html, remoteEntry.js and mf-manifest.json keep stable names.
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    performance: { hints: false }, // budgets live in the benchmark, not here
    stats: 'errors-warnings',
  };
  return config;
}

/**
 * The hidden iframe of a silent sign-in needs only oidc-client-ts's callback, not
 * the app: a separate small build without federation (so no shared singletons are
 * bundled into it), written to `dist/auth/silent-callback.html`. Static hosts that
 * resolve ".html" serve it for /auth/silent-callback; others fall back to
 * index.html, whose entry handles the callback too.
 * @param {{ appDir: string, mode?: string, entry: string }} options
 */
function silentCallbackConfig({ appDir, mode = 'production', entry }) {
  const config = baseConfig({ appDir, mode });
  const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
  config.name = 'silent-callback';
  config.entry = { 'silent-callback': entry };
  config.output = { ...config.output, path: path.join(appDir, 'dist', 'auth'), publicPath: '/auth/', clean: false };
  config.plugins = [
    new HtmlWebpackPlugin({
      filename: 'silent-callback.html',
      scriptLoading: 'defer',
      templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body></body></html>',
    }),
  ];
  return config;
}

/**
 * @typedef {(config: import('webpack').Configuration, context: { webpack: typeof import('webpack'), production: boolean, appDir: string }) => import('webpack').Configuration} Extend
 * An app's own additions (a loader, a plugin, a define), applied last: `extend: (config, { webpack }) =>
 * ({ ...config, plugins: [...config.plugins, new webpack.DefinePlugin({...})] })`. The preset's rules
 * (shared singletons, integrity, CSS scoping) stay; override them only knowing what they guard.
 */

/**
 * @param {import('webpack').Configuration} config @param {string} appDir @param {string} mode @param {Extend | undefined} extend
 * @returns {import('webpack').Configuration}
 */
function applyExtend(config, appDir, mode, extend) {
  if (!extend) return config;
  const extended = extend(config, { webpack: fromApp(appDir, 'webpack'), production: mode !== 'development', appDir });
  if (!extended || typeof extended !== 'object') throw new Error(`The "extend" function of ${appDir}'s webpack config must return the configuration.`);
  return extended;
}

/**
 * What a host provides, published beside its config.json as `mfe-host.json`, so a pipeline can
 * check a manifest against a deployed host (`mfe-manifest-check --host <url>`).
 */
class HostDescriptionPlugin {
  /** @param {Record<string, string>} provided */
  constructor(provided) {
    this.provided = provided;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostDescriptionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HostDescriptionPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const description = { contract: this.provided[CONTRACT_PACKAGE], provides: this.provided };
        compilation.emitAsset('mfe-host.json', new sources.RawSource(`${JSON.stringify(description, null, 2)}\n`));
      });
    });
  }
}

/** Where bootConfig writes, and the file that names its script for the host's page. */
const BOOT_DIR = 'boot';
const BOOT_NAMES = 'boot-files.json';

/** The boot script's URL, from what bootConfig wrote beside this build's output (`<output>/boot/`). */
function readBootScript(outputPath) {
  const file = path.join(outputPath, BOOT_DIR, BOOT_NAMES);
  const { script } = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
  return script;
}

/**
 * The host's boot script, in a compiler of its own (no federation, nothing shared): a few hundred
 * bytes index.html runs first, to start the first page's requests while the main script downloads.
 * Build it with `hostConfig({ boot: true })`, which waits for it and names it in index.html.
 * @param {{ appDir: string, mode?: string, entry: string }} options
 */
function bootConfig({ appDir, mode = 'production', entry }) {
  const config = baseConfig({ appDir, mode });
  config.name = 'boot';
  config.entry = { boot: entry };
  config.output = { ...config.output, path: path.join(appDir, 'dist', BOOT_DIR), publicPath: `/${BOOT_DIR}/`, clean: true };
  config.plugins = [
    {
      apply(compiler) {
        const { Compilation, sources } = compiler.webpack;
        compiler.hooks.thisCompilation.tap('BootFiles', (compilation) => {
          compilation.hooks.processAssets.tap({ name: 'BootFiles', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
            const [script] = [...(compilation.entrypoints.get('boot')?.getFiles() ?? [])].filter((file) => file.endsWith('.js'));
            compilation.emitAsset(BOOT_NAMES, new sources.RawSource(JSON.stringify({ script: `/${BOOT_DIR}/${script}` })));
          });
        });
      },
    },
  ];
  return config;
}

/** The ES module build of the plugin that publishes the host's federation runtime to remotes. */
function externalRuntimeProvider(appDir) {
  const enhanced = require.resolve('@module-federation/enhanced', { paths: [appDir] });
  const commonjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [path.dirname(enhanced)] });
  return path.join(path.dirname(commonjs), 'index.js');
}

/**
 * The host: provides the shared singletons and knows no remote at build time
 * (they come from the runtime manifest).
 * @param {{ appDir: string, mode?: string, name?: string, sharedImports?: Record<string, string>, boot?: boolean, extend?: Extend }} options
 *   `sharedImports`: for a singleton, the module of the host that provides it
 *   (the host's curated `react-router`), relative to `appDir`.
 *   `boot`: true when the app also builds `bootConfig` (a small script index.html runs before the
 *   main one); the page template gets its URL as `bootScript`.
 */
function hostConfig({ appDir, mode = 'production', name = 'host', sharedImports = {}, boot, extend }) {
  const config = baseConfig({ appDir, mode, uniqueName: name });
  config.entry = { main: './src/index.ts' };
  // dist/auth/ and dist/boot/ are the silent-callback page's and the boot script's own builds.
  config.output = { ...config.output, publicPath: '/', clean: { keep: /^(auth|boot)[\\/]/ } };
  // The boot script is built first (its own compiler: the federation plugin would add the shared
  // modules to any entry of this one), and index.html names its file.
  if (boot) config.dependencies = ['boot'];
  const { ModuleFederationPlugin } = fromApp(appDir, '@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
  const CopyPlugin = fromApp(appDir, 'copy-webpack-plugin');
  const { DefinePlugin } = fromApp(appDir, 'webpack');
  const provided = providedVersions(appDir);
  config.plugins = [
    // What the host provides, so it can refuse a remote built for something else before loading it.
    new DefinePlugin({ __MFE_PROVIDED_VERSIONS__: JSON.stringify(provided) }),
    new HostDescriptionPlugin(provided),
    new ModuleFederationPlugin({
      name,
      remotes: {},
      shared: sharedConfig(appDir, 'host', sharedImports),
      // The default 'version-first' fetches every registered remote's entry
      // at start-up, so one unreachable remote would block the host.
      shareStrategy: 'loaded-first',
      dts: false,
      // One federation runtime for the page: the host provides it to every remote (what
      // `experiments.provideExternalRuntime` does), through the injection plugin's ES module build,
      // so it shares the bundler runtime's copy of runtime-core, sdk and error codes (the option adds
      // the CommonJS build, which webpack bundles as a second copy: ~24 KiB gzip). Built without the
      // manifest/snapshot machinery: the host reads mf-manifest.json itself.
      runtimePlugins: [externalRuntimeProvider(appDir)],
      experiments: { optimization: { target: 'web', disableSnapshot: true } },
    }),
    cssExtractPlugin(appDir, mode !== 'development'),
    new StyleRulesPlugin(),
    // `preloadManifest`: the page template hints remotes.json (the benchmark's baseline has no manifest).
    new HtmlWebpackPlugin({
      template: './src/index.html',
      scriptLoading: 'defer',
      preloadManifest: true,
      templateParameters: (compilation, assets, assetTags, options) => ({
        compilation,
        webpackConfig: compilation.options,
        htmlWebpackPlugin: { tags: assetTags, files: assets, options },
        bootScript: boot ? readBootScript(compilation.outputOptions.path) : undefined,
      }),
    }),
    // Development defaults for the runtime config and manifest; a deployment replaces them.
    new CopyPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
  ];
  return applyExtend(config, appDir, mode, extend);
}

/**
 * A feature remote: exposes `./remote` (the module built with
 * `defineRemote`) and takes every shared singleton from the host.
 * `exposes` is only for test fixtures that must break that rule.
 * @param {{ appDir: string, name: string, mode?: string, exposes?: Record<string, string>, extend?: Extend }} options
 */
function remoteConfig({ appDir, name, mode = 'production', exposes = { './remote': './src/remote.tsx' }, extend }) {
  const rules = require('@mfe/manifest/rules.json');
  if (!new RegExp(rules.name.pattern).test(name)) throw new Error(`Remote name "${name}" must be ${rules.name.explain}.`);
  const config = baseConfig({ appDir, mode, uniqueName: name });
  config.entry = {};
  // Chunks load from wherever the remote's entry was loaded from; `anonymous`
  // CORS so the browser can check their integrity.
  config.output = { ...config.output, publicPath: 'auto', uniqueName: name, crossOriginLoading: 'anonymous' };
  const { ModuleFederationPlugin } = fromApp(appDir, '@module-federation/enhanced/webpack');
  const { SubresourceIntegrityPlugin } = fromApp(appDir, 'webpack-subresource-integrity');
  config.plugins = [
    // Every chunk the entry loads carries its sha384 hash, checked by the browser before it runs.
    new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: mode !== 'development' }),
    new EntryIntegrityPlugin({ recordChunks: mode !== 'development' }),
    cssExtractPlugin(appDir, mode !== 'development'),
    new StyleRulesPlugin(),
    ...(mode !== 'development' ? [new CssIntegrityPlugin()] : []),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedConfig(appDir, 'remote'),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      // Use the host's federation runtime instead of bundling a copy into remoteEntry.js.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
    }),
  ];
  return applyExtend(config, appDir, mode, extend);
}

/**
 * A single-bundle app without federation: the benchmark's references (the host's code with its
 * remotes imported statically, and a plain React page).
 * @param {{ appDir: string, template: string, mode?: string, copy?: string[], entry?: string, outDir?: string }} options
 *   `copy`: files to put next to index.html; `entry` (default `./src/baseline/index.tsx`) and `outDir` (default `dist`) relative to `appDir`
 */
function singleBundleConfig({ appDir, template, mode = 'production', copy = [], entry = './src/baseline/index.tsx', outDir = 'dist' }) {
  const config = baseConfig({ appDir, mode });
  const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
  const CopyPlugin = fromApp(appDir, 'copy-webpack-plugin');
  const { DefinePlugin } = fromApp(appDir, 'webpack');
  config.entry = { main: entry };
  config.output = { ...config.output, path: path.join(appDir, outDir), publicPath: '/', clean: { keep: /^auth[\\/]/ } };
  config.plugins = [
    new DefinePlugin({ __MFE_PROVIDED_VERSIONS__: JSON.stringify(providedVersions(appDir)) }),
    cssExtractPlugin(appDir, mode !== 'development'),
    new StyleRulesPlugin(),
    new HtmlWebpackPlugin({ template, scriptLoading: 'defer' }),
    ...(copy.length ? [new CopyPlugin({ patterns: copy.map((from) => ({ from })) })] : []),
  ];
  return config;
}

module.exports = { HOST_SINGLETONS, bootConfig, hostConfig, providedVersions, remoteConfig, silentCallbackConfig, singleBundleConfig };
