const path = require('node:path');
const { baseConfig, silentCallbackConfig } = require('@mfe/webpack-config');

// The release console: one page (React, its router, uPlot, the platform's own sign-in from @mfe/auth)
// built with the platform's preset, and the silent sign-in's page. mfe-release serve serves dist/.
module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const config = baseConfig({ appDir: __dirname, mode, uniqueName: 'release-console' });
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  config.entry = { main: './src/main.tsx' };
  // The console formats its ICU texts at run time (i18n.ts): it keeps FormatJS's parser, which the
  // preset swaps out for apps whose messages are compiled at build time.
  delete config.resolve.alias['@formatjs/icu-messageformat-parser$'];
  config.output = { ...config.output, publicPath: '/', clean: { keep: /^auth[\\/]/ } };
  config.plugins = [
    ...(config.plugins ?? []),
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'src', 'index.html'), scriptLoading: 'defer' }),
  ];
  return [
    config,
    silentCallbackConfig({ appDir: __dirname, mode, entry: require.resolve('@mfe/auth/silent-callback-page') }),
  ];
};
