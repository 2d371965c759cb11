const path = require('node:path');
const { baseConfig, providedVersions, silentCallbackConfig } = require('../../webpack.shared.js');

/**
 * A single-bundle app without federation, from the preset's common base: what the host's code and
 * a plain React page are measured as. `copy`: files to put next to index.html; `entry` and `outDir`
 * relative to this package.
 */
function singleBundleConfig({ template, mode = 'production', copy = [], entry, outDir }) {
  const appDir = __dirname;
  const config = baseConfig({ appDir, mode });
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const CopyPlugin = require('copy-webpack-plugin');
  const { DefinePlugin } = require('webpack');
  config.entry = { main: entry };
  config.output = { ...config.output, path: path.join(appDir, outDir), publicPath: '/', clean: { keep: /^auth[\\/]/ } };
  config.plugins = [
    new DefinePlugin({ __MFE_PROVIDED_VERSIONS__: JSON.stringify(providedVersions(appDir)) }),
    ...(config.plugins ?? []),
    // The host's page template names the runtime files by their paths in the one rule file.
    new HtmlWebpackPlugin({
      template,
      scriptLoading: 'defer',
      templateParameters: { runtimeFiles: require('@mfe/manifest/rules.json').runtimeFiles },
    }),
    ...(copy.length ? [new CopyPlugin({ patterns: copy.map((from) => ({ from })) })] : []),
  ];
  return config;
}

// The references the host is measured against:
// - the baseline: the host's code (its page template and styles; the silent sign-in page is @mfe/auth's) with its
//   remotes imported statically (src/baseline) → dist/;
// - the plain React page: the public referrals page's content, React alone (src/plain) → dist-plain/.
// The host's files come through its package's public entries, never a path into the app.
const fromHost = (entry) => require.resolve(`@mfe/host/${entry}`);
module.exports = (_env, argv) => [
  singleBundleConfig({
    mode: argv.mode,
    template: fromHost('index.html'),
    copy: [fromHost('host.css')],
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
    copy: [fromHost('host.css')],
    entry: './src/plain/index.tsx',
    outDir: 'dist-plain',
  }),
];
