const path = require('node:path');
const {
  FirstScriptPriorityPlugin,
  baseConfig,
  hostFederationPlugin,
  providedVersions,
  remoteConfig,
  remoteServerConfig,
  shellStylesheet,
  silentCallbackConfig,
} = require('../../webpack.shared.js');

// The host's files come through its package's public entries, never a path into the app.
const fromHost = (entry) => require.resolve(`@mfe/host/${entry}`);

/**
 * A single-bundle app without federation, from the preset's common base: what the host's code and
 * a plain React page are measured as, with the host's shell stylesheet named as the host's page names
 * it; `entry` and `outDir` relative to this package. `federated`: built on the host's shared
 * singletons and federation runtime, as the host's first script is.
 */
function singleBundleConfig({ template, mode = 'production', entry, outDir, federated = false, defines = {} }) {
  const appDir = __dirname;
  const config = baseConfig({ appDir, mode });
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const CopyPlugin = require('copy-webpack-plugin');
  const { DefinePlugin } = require('webpack');
  const shellStyles = shellStylesheet(fromHost('host.css'), mode);
  config.entry = { main: entry };
  // auth/ is the silent sign-in page's, floor/ the federated floor's area: each built on its own.
  config.output = {
    ...config.output,
    path: path.join(appDir, outDir),
    publicPath: '/',
    clean: { keep: /^(?:auth|floor)[\\/]/ },
  };
  config.plugins = [
    new DefinePlugin({ __MFE_PROVIDED_VERSIONS__: JSON.stringify(providedVersions(appDir)), ...defines }),
    ...(federated
      ? [hostFederationPlugin(appDir, { sharedImports: { 'react-router': fromHost('shared-modules/react-router') } })]
      : []),
    ...(config.plugins ?? []),
    // The host's page template names the runtime files by their paths in the one rule file.
    new HtmlWebpackPlugin({
      template,
      scriptLoading: 'defer',
      templateParameters: {
        runtimeFiles: require('@mfe/manifest/rules.json').runtimeFiles,
        shellStylesheet: shellStyles.href,
      },
    }),
    // As the host's page asks for its first script: every reference gets what the host gets.
    new FirstScriptPriorityPlugin(appDir),
    new CopyPlugin({ patterns: shellStyles.copy.length ? shellStyles.copy : [{ from: fromHost('host.css') }] }),
  ];
  return config;
}

/** Where the federated floor's page is built; its area goes beside it, under floor/ (its server build under floor/server/). */
const FLOOR_DIR = path.join(__dirname, 'dist-federated-floor');
const FLOOR_AREA = path.join(__dirname, 'src/federated-floor/area');

/**
 * The federated floor's area: the referrals page's content built as a remote with the preset
 * (src/federated-floor/area), served from the floor page's origin under /floor/.
 */
function floorAreaConfig(mode) {
  return {
    ...remoteConfig({
      appDir: FLOOR_AREA,
      name: 'floor',
      mode,
      extend: (config) => ({ ...config, output: { ...config.output, path: path.join(FLOOR_DIR, 'floor') } }),
    }),
    name: 'floor-area',
  };
}

/** The same area built for rendering ahead of time, as a public area is: the prerendered floor's HTML (src/federated-floor/prerender.tsx). */
function floorAreaServerConfig(mode) {
  const config = remoteServerConfig({ appDir: FLOOR_AREA, name: 'floor', mode });
  return {
    ...config,
    output: {
      ...config.output,
      path: path.join(FLOOR_DIR, 'floor', require('@mfe/manifest/rules.json').build.serverFolder),
    },
  };
}

/**
 * A page's plain build from the preset's common base (its loaders: the same page content compiles the
 * same way everywhere), unhashed file names and no source maps: each peer reference is built as its
 * own docs build it, not as the platform builds.
 */
function peerConfig({ name, mode, entry, outDir, publicPath = '/' }) {
  // Each build its own chunk-loading global: the example's host and remote share one page.
  const config = baseConfig({ appDir: __dirname, mode });
  return {
    ...config,
    name,
    entry,
    devtool: false,
    output: {
      ...config.output,
      path: path.join(__dirname, outDir),
      publicPath,
      uniqueName: name,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
    },
  };
}

const SINGLE_SPA_DIR = 'dist-single-spa';
/** The single-spa page's import map: every module SystemJS loads, by the name the code imports it by. */
const SINGLE_SPA_IMPORTS = {
  'single-spa': '/single-spa.min.js',
  react: '/react.js',
  'react-dom/client': '/react-dom.js',
  '@bench/root-config': '/root-config.js',
  '@bench/referrals': '/referrals.js',
};

/**
 * The peer single-spa's docs recommend (src/single-spa): single-spa 6 and single-spa-react, the root
 * config and the application as SystemJS modules, React and ReactDOM shared through the import map
 * (built here: React 19 ships neither UMD nor SystemJS), SystemJS and single-spa's own SystemJS build
 * copied from their packages. → dist-single-spa/.
 */
function singleSpaConfigs(mode) {
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const CopyPlugin = require('copy-webpack-plugin');
  const shellStyles = shellStylesheet(fromHost('host.css'), mode);
  const system = (config, externals) => ({
    ...config,
    output: { ...config.output, library: { type: 'system' }, clean: false },
    externalsType: 'system',
    externals,
  });
  const shared = system(
    peerConfig({
      name: 'single-spa-shared',
      mode,
      entry: { react: './src/single-spa/react.js', 'react-dom': './src/single-spa/react-dom.ts' },
      outDir: SINGLE_SPA_DIR,
    }),
    // ReactDOM's `react` is the map's React; React's own module bundles it.
    ({ request, contextInfo }, callback) =>
      request === 'react' && !contextInfo.issuer.endsWith(path.join('single-spa', 'react.js'))
        ? callback(undefined, 'react')
        : callback(),
  );
  const applications = system(
    peerConfig({
      name: 'single-spa',
      mode,
      entry: { 'root-config': './src/single-spa/root-config.ts', referrals: './src/single-spa/referrals.tsx' },
      outDir: SINGLE_SPA_DIR,
    }),
    ['react', 'react-dom/client', 'single-spa'],
  );
  applications.dependencies = ['single-spa-shared'];
  applications.plugins = [
    ...applications.plugins,
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src/single-spa/index.ejs'),
      inject: false,
      templateParameters: (_compilation, assets, _tags, options) => ({
        htmlWebpackPlugin: { files: assets, options },
        importMap: SINGLE_SPA_IMPORTS,
        systemjs: '/system.min.js',
        shellStylesheet: shellStyles.href,
      }),
    }),
    new CopyPlugin({
      patterns: [
        { from: require.resolve('systemjs/dist/system.min.js') },
        {
          from: path.join(
            path.dirname(require.resolve('single-spa/package.json')),
            'lib/es2015/system/single-spa.min.js',
          ),
        },
        ...(shellStyles.copy.length ? shellStyles.copy : [{ from: fromHost('host.css') }]),
      ],
    }),
  ];
  return [shared, applications];
}

const MF_EXAMPLE_DIR = 'dist-mf-example';

/**
 * Module Federation's dynamic-remotes example (src/mf-example): a host and a remote built with the
 * plain ModuleFederationPlugin, React and ReactDOM shared as singletons, no pins; the host calls
 * `init()` then `loadRemote()`. The remote is served under remote/ of the host's origin. → dist-mf-example/.
 */
function mfExampleConfigs(mode) {
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const CopyPlugin = require('copy-webpack-plugin');
  const shellStyles = shellStylesheet(fromHost('host.css'), mode);
  const shared = {
    react: { singleton: true, requiredVersion: '^19.0.0' },
    'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  };
  const remote = peerConfig({
    name: 'mf-example-remote',
    mode,
    entry: {},
    outDir: path.join(MF_EXAMPLE_DIR, 'remote'),
    publicPath: 'auto',
  });
  remote.plugins = [
    ...remote.plugins,
    new ModuleFederationPlugin({
      name: 'mf_example_remote',
      filename: 'remoteEntry.js',
      exposes: { './Area': './src/mf-example/remote/area.tsx' },
      shared,
      dts: false,
      manifest: false,
    }),
  ];
  const host = peerConfig({
    name: 'mf-example-host',
    mode,
    entry: { main: './src/mf-example/host/index.ts' },
    outDir: MF_EXAMPLE_DIR,
  });
  host.output.clean = { keep: /^remote[\\/]/ };
  host.plugins = [
    ...host.plugins,
    new ModuleFederationPlugin({ name: 'mf_example_host', remotes: {}, shared, dts: false, manifest: false }),
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src/plain/index.html'),
      templateParameters: { shellStylesheet: shellStyles.href },
    }),
    new CopyPlugin({ patterns: shellStyles.copy.length ? shellStyles.copy : [{ from: fromHost('host.css') }] }),
  ];
  return [remote, host];
}

// The references the host is measured against:
// - the baseline: the host's code (its page template and styles; the silent sign-in page is @mfe/auth's) with its
//   remotes imported statically (src/baseline) → dist/;
// - the plain React page: the public referrals page's content, React alone (src/plain) → dist-plain/;
// - the same page on the fixed choices: federation runtime, shared singletons, react-router, nothing of
//   the platform's own (src/fixed-choices) → dist-fixed-choices/;
// - the federated floor: that page loading its area as a federated remote built with the preset, pinned
//   by integrity (src/federated-floor) → dist-federated-floor/ (the area under floor/, built first); its
//   prerendered copy is written after the build (src/federated-floor/prerender.tsx);
// - the peers a team would pick instead, the same page content built as their docs build it:
//   single-spa with SystemJS and an import map → dist-single-spa/, Module Federation's dynamic-remotes
//   example → dist-mf-example/.
module.exports = (_env, argv) => [
  ...singleSpaConfigs(argv.mode),
  ...mfExampleConfigs(argv.mode),
  singleBundleConfig({
    mode: argv.mode,
    template: fromHost('index.html'),
    entry: './src/baseline/index.tsx',
    outDir: 'dist',
  }),
  silentCallbackConfig({
    appDir: __dirname,
    mode: argv.mode,
    entry: require.resolve('@mfe/auth/silent-callback-page'),
  }),
  singleBundleConfig({
    mode: argv.mode,
    template: path.join(__dirname, 'src/plain/index.html'),
    entry: './src/plain/index.tsx',
    outDir: 'dist-plain',
  }),
  singleBundleConfig({
    mode: argv.mode,
    template: path.join(__dirname, 'src/plain/index.html'),
    entry: './src/fixed-choices/index.tsx',
    outDir: 'dist-fixed-choices',
    federated: true,
  }),
  floorAreaConfig(argv.mode),
  floorAreaServerConfig(argv.mode),
  {
    ...singleBundleConfig({
      mode: argv.mode,
      template: path.join(__dirname, 'src/plain/index.html'),
      entry: './src/federated-floor/index.tsx',
      outDir: 'dist-federated-floor',
      federated: true,
      defines: {
        // Read once the area is built (`dependencies`): the pin its build wrote.
        __FLOOR_ENTRY_INTEGRITY__: require('webpack').DefinePlugin.runtimeValue(
          () => JSON.stringify(require(path.join(FLOOR_DIR, 'floor', 'integrity.json'))['remoteEntry.js']),
          true,
        ),
      },
    }),
    name: 'federated-floor',
    dependencies: ['floor-area'],
  },
];
