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

// The references the host is measured against:
// - the baseline: the host's code (its page template and styles; the silent sign-in page is @mfe/auth's) with its
//   remotes imported statically (src/baseline) → dist/;
// - the plain React page: the public referrals page's content, React alone (src/plain) → dist-plain/;
// - the same page on the fixed choices: federation runtime, shared singletons, react-router, nothing of
//   the platform's own (src/fixed-choices) → dist-fixed-choices/;
// - the federated floor: that page loading its area as a federated remote built with the preset, pinned
//   by integrity (src/federated-floor) → dist-federated-floor/ (the area under floor/, built first); its
//   prerendered copy is written after the build (src/federated-floor/prerender.tsx).
module.exports = (_env, argv) => [
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
