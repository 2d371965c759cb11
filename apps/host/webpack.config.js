const { bootConfig, hostConfig, silentCallbackConfig } = require('../../webpack.shared.js');

module.exports = (_env, argv) => [
  // Starts the config, manifest and opening remote's requests while main.js downloads (src/boot).
  bootConfig({ appDir: __dirname, mode: argv.mode, entry: './src/boot/index.ts' }),
  hostConfig({
    appDir: __dirname,
    mode: argv.mode,
    // Remotes get react-router's browser API, not its server and framework-mode code.
    sharedImports: { 'react-router': './src/shared-modules/react-router.ts' },
    boot: true,
  }),
  silentCallbackConfig({ appDir: __dirname, mode: argv.mode, entry: './src/auth/silent-callback-page.ts' }),
];
