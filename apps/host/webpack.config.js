const { hostConfig, silentCallbackConfig } = require('../../webpack.shared.js');

module.exports = (_env, argv) => [
  hostConfig({
    appDir: __dirname,
    mode: argv.mode,
    // Remotes get react-router's browser API, not its server and framework-mode code.
    sharedImports: { 'react-router': './src/shared-modules/react-router.ts' },
  }),
  silentCallbackConfig({ appDir: __dirname, mode: argv.mode, entry: './src/auth/silent-callback-page.ts' }),
];
