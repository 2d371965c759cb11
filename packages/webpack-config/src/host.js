// @ts-check
const path = require('node:path');
const { applyExtend, baseConfig, keepFolders } = require('./base');
const { fromApp } = require('./from-app');
const { CONTRACT_PACKAGE, providedVersions, sharedConfig } = require('./shared');
const { readBootScript } = require('./side-builds');
const { shellStylesheet } = require('./shell-stylesheet');
const { FirstScriptPriorityPlugin } = require('./first-script');
const { checkSlotNames } = require('./remote');

/**
 * What a host provides and which slots its shell offers, published beside its config.json as
 * `mfe-host.json`, so a pipeline can check a manifest against a deployed host
 * (`mfe-manifest-check --host <url>`).
 */
class HostDescriptionPlugin {
  /**
   * @param {Record<string, string>} provided
   * @param {readonly string[]} slots the slots the shell offers (`<SlotOutlet name=…>`)
   */
  constructor(provided, slots) {
    /** What `mfe-host.json` says (also read from the config by the repository's `pnpm manifest:check`, with no build). */
    this.description = { contract: provided[CONTRACT_PACKAGE], provides: provided, slots };
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostDescriptionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HostDescriptionPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'mfe-host.json',
            new sources.RawSource(`${JSON.stringify(this.description, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/** The ES module build of the plugin that publishes the host's federation runtime to remotes. */
function externalRuntimeProvider(appDir) {
  const enhanced = require.resolve('@module-federation/enhanced', { paths: [appDir] });
  const commonjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [path.dirname(enhanced)],
  });
  return path.join(path.dirname(commonjs), 'index.js');
}

/**
 * The federation plugin a host is built with: it provides the shared singletons (eager, in the
 * first script) and the one federation runtime of the page, and knows no remote at build time.
 * `hostConfig` uses it; a page with a template of its own (the benchmark's floor: a plain page on
 * the host's shared singletons) adds it to its config.
 * @param {string} appDir
 * @param {{ name?: string, sharedImports?: Record<string, string> }} [options] as `hostConfig`'s
 */
function hostFederationPlugin(appDir, { name = 'host', sharedImports = {} } = {}) {
  const { ModuleFederationPlugin } = fromApp(appDir, '@module-federation/enhanced/webpack');
  return new ModuleFederationPlugin({
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
  });
}

/**
 * The host: provides the shared singletons and knows no remote at build time
 * (they come from the runtime manifest).
 * @param {{ appDir: string, mode?: string, name?: string, entry?: string, sharedImports?: Record<string, string>, boot?: boolean, slots?: readonly string[], extend?: import('./base').Extend }} options
 *   `slots`: the slots the shell offers (recorded in `mfe-host.json` for the checks).
 *   `sharedImports`: for a singleton, the module of the host that provides it
 *   (the host's curated `react-router`), relative to `appDir`.
 *   `entry`: the module main.js starts from (default `./src/index.ts`), relative to `appDir`.
 *   `boot`: true when the app also builds `bootConfig` (a small script index.html runs before the
 *   main one); the page template gets its URL as `bootScript`.
 *   The page template gets the URL of the shell's stylesheet (`public/host.css`) as `shellStylesheet`,
 *   and those of the chunks the first script's `SHELL_CHUNK` import loads (if it has one) as `shellScripts`.
 */
/**
 * The chunk a host's first script imports its shell from (`import(/* webpackChunkName: "shell" *\/ …)`):
 * on a page without its opening area's island, the page hints it with the first script (it would
 * otherwise be asked for only once that script has run); a prerendered page holding an area drops
 * the hint (@mfe/prerender), so nothing but the area's code is fetched before the area works.
 */
const SHELL_CHUNK = 'shell';

/**
 * The URLs of the scripts the shell's import loads: its chunk and those webpack split from it (a
 * library it shares with another lazy chunk is a chunk of its own, loaded with it). None without one.
 * @param {import('webpack').Compilation} compilation
 * @returns {string[]}
 */
function shellScriptsOf(compilation) {
  const group = compilation.namedChunkGroups.get(SHELL_CHUNK);
  if (!group) return [];
  return group.chunks.flatMap((chunk) =>
    [...chunk.files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `${compilation.outputOptions.publicPath}${file}`),
  );
}

function hostConfig({
  appDir,
  mode = 'production',
  name = 'host',
  entry = './src/index.ts',
  sharedImports = {},
  boot,
  slots = [],
  extend,
}) {
  checkSlotNames(slots, 'The host');
  const config = baseConfig({ appDir, mode, uniqueName: name });
  config.entry = { main: entry };
  // dist/auth/, dist/boot/ and dist/server/ are the silent-callback page's, the boot script's and the server build's own.
  config.output = {
    ...config.output,
    publicPath: '/',
    clean: { keep: keepFolders(config.output?.path ?? path.join(appDir, 'dist'), ['auth', 'boot', 'server']) },
  };
  // The boot script is built first (its own compiler: the federation plugin would add the shared
  // modules to any entry of this one), and index.html names its file.
  if (boot) config.dependencies = ['boot'];
  const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
  const CopyPlugin = fromApp(appDir, 'copy-webpack-plugin');
  const { DefinePlugin } = fromApp(appDir, 'webpack');
  const provided = providedVersions(appDir);
  const styles = config.plugins ?? [];
  const shellStyles = shellStylesheet(path.join(appDir, 'public', 'host.css'), mode);
  // The page is minified by html-webpack-plugin alone, which leaves inline script as written: webpack's
  // own HTML minifier would rewrite the early-click script, which the header policy allows by the hash
  // of exactly its bytes (@mfe/manifest/early-clicks).
  config.optimization = {
    ...config.optimization,
    minimizeOptions: { ...config.optimization?.minimizeOptions, html: false },
    // A library only the shell's chunk uses stays in it: split apart, it was one more request on
    // every page that asks for the shell with the first script (webpack's vendors group).
    splitChunks: { ...config.optimization?.splitChunks, cacheGroups: { defaultVendors: false } },
  };
  config.plugins = [
    // What the host provides, so it can refuse a remote built for something else before loading it.
    new DefinePlugin({ __MFE_PROVIDED_VERSIONS__: JSON.stringify(provided) }),
    new HostDescriptionPlugin(provided, slots),
    hostFederationPlugin(appDir, { name, sharedImports }),
    ...styles,
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
        shellStylesheet: shellStyles.href,
        shellScripts: shellScriptsOf(compilation),
        // The runtime files' paths, from the one rule file (`@mfe/manifest`'s rules.json).
        runtimeFiles: require('@mfe/manifest/rules.json').runtimeFiles,
        // The page's one inline script (the header policy allows it by its hash): clicks held from the first paint.
        earlyClicksScript: require('@mfe/manifest/early-clicks').EARLY_CLICKS_SCRIPT,
      }),
    }),
    // The page's first script is not held behind its hints (first-script.js).
    new FirstScriptPriorityPlugin(appDir),
    // Development defaults for the runtime config and manifest; a deployment replaces them.
    new CopyPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }, ...shellStyles.copy] }),
  ];
  return applyExtend(config, appDir, mode, extend);
}

module.exports = { SHELL_CHUNK, hostConfig, hostFederationPlugin };
