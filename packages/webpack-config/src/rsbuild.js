// @ts-check
const { rspackBundler } = require('./bundler');
const { OWN_ROOT } = require('./mount-kinds');
const { remoteConfig, remoteServerConfig } = require('./remote');
const { SERVER_DIR } = require('./server-build');

/** Rsbuild's environment for the server build (the name of the folder it writes too). */
const SERVER_ENVIRONMENT = SERVER_DIR;
const BROWSER_ENVIRONMENT = 'web';

/**
 * An area built with Rsbuild (`rsbuild build`, `rsbuild.config.*`): `plugins: [pluginMfeArea({ name })]`.
 * Rsbuild builds the same area the preset's Rspack build is (remote.js with `bundler: 'rspack'`): in its
 * `web` environment the browser build (the exposed modules and contributions, the shared singletons,
 * every file pinned, the contract, slots and mount kind in `mf-manifest.json`, scoped CSS and its
 * refusals), and, for an area in the host's tree unless `prerender: false`, a `server` environment with the server build a public
 * area's pages are prerendered from (`dist/server/`). What Rsbuild adds stays: its CLI, its
 * environments built in one run, its minimizers and the plugins a team adds for what the preset does
 * not own. What the preset owns, it replaces: entries, output, module rules (scripts, styles, assets,
 * messages) and CSS extraction; a plugin that changes those (a Sass or Less plugin, React's Fast
 * Refresh) is undone here, and a team says so through `extend` on the preset's config instead.
 * @param {{ name: string, slots?: readonly string[], mount?: import('./mount-kinds').MountKind, prerender?: boolean, extend?: import('./base').Extend }} options
 */
function pluginMfeArea({ name, slots, mount, prerender = mount !== OWN_ROOT, extend }) {
  return {
    name: 'mfe:area',
    /** @param {any} api Rsbuild's plugin API */
    setup(api) {
      const appDir = api.context.rootPath;
      api.modifyRsbuildConfig(
        (/** @type {any} */ config, /** @type {{ mergeRsbuildConfig: Function }} */ { mergeRsbuildConfig }) =>
          mergeRsbuildConfig(config, {
            // The preset's output cleans dist/ itself, keeping the server build's folder.
            output: { cleanDistPath: false },
            environments: {
              [BROWSER_ENVIRONMENT]: { output: { target: 'web' } },
              ...(prerender ? { [SERVER_ENVIRONMENT]: { output: { target: 'node' } } } : {}),
            },
          }),
      );
      api.modifyRspackConfig(
        (
          /** @type {any} */ config,
          /** @type {{ environment: { name: string }, isProd: boolean, rspack: any }} */ utils,
        ) => {
          const mode = utils.isProd ? 'production' : 'development';
          // Rsbuild's own Rspack: the plugins must come from the compiler that applies them.
          const bundler = rspackBundler(appDir, () => utils.rspack);
          const preset =
            utils.environment.name === SERVER_ENVIRONMENT
              ? remoteServerConfig({ appDir, name, mode, bundler })
              : remoteConfig({ appDir, name, mode, slots, mount, bundler, extend });
          return adopt(config, preset);
        },
      );
    },
  };
}

/**
 * Rsbuild's Rspack config with the preset's build in it: the preset's entries, output, target, source
 * maps, externals, module rules and plugins; Rsbuild's own plugins but its CSS extraction (the preset
 * names and pins stylesheets itself); Rsbuild's minimizers, with the preset's chunk splitting.
 * @param {any} config Rsbuild's @param {import('webpack').Configuration} preset
 */
function adopt(config, preset) {
  // Rsbuild's own chunk splitting is left out: the preset's (Rspack's defaults, or none) is what pins every chunk.
  const optimization = { ...config.optimization };
  delete optimization.splitChunks;
  return {
    ...config,
    name: preset.name ?? config.name,
    entry: preset.entry,
    output: preset.output,
    target: preset.target ?? 'web',
    devtool: preset.devtool,
    externals: preset.externals,
    externalsType: preset.externalsType,
    module: preset.module,
    resolve: { ...config.resolve, ...preset.resolve, alias: { ...config.resolve?.alias, ...preset.resolve?.alias } },
    optimization: { ...optimization, ...preset.optimization },
    plugins: [
      ...(config.plugins ?? []).filter(
        (/** @type {any} */ plugin) => plugin?.constructor?.name !== 'CssExtractRspackPlugin',
      ),
      ...(preset.plugins ?? []),
    ],
  };
}

module.exports = { pluginMfeArea };
