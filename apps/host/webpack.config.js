const { bootConfig, hostConfig, serverConfig, silentCallbackConfig } = require('../../webpack.shared.js');

module.exports = (_env, argv) => [
  // Starts the config, manifest and opening remote's requests while main.js downloads (src/startup/boot-script.ts).
  bootConfig({ appDir: __dirname, mode: argv.mode, entry: './src/startup/boot-script.ts' }),
  hostConfig({
    appDir: __dirname,
    mode: argv.mode,
    // The start-up, in the order its files are named for: boot script, first script, start, first render.
    entry: './src/startup/first-script.ts',
    // Remotes get react-router's browser API, not its server and framework-mode code.
    sharedImports: { 'react-router': './src/shared-modules/react-router.ts' },
    boot: true,
    // The slots the shell offers other teams (Home's tiles, the header's end), recorded for the checks.
    slots: require('./src/remotes/shell-slots.json'),
  }),
  silentCallbackConfig({
    appDir: __dirname,
    mode: argv.mode,
    entry: require.resolve('@mfe/auth/silent-callback-page'),
  }),
  // The shell for pages rendered ahead of time (src/prerender): dist/server/render.js. It bundles the
  // contract package and hands that one instance to the areas it renders, as the browser host does.
  serverConfig({
    appDir: __dirname,
    mode: argv.mode,
    entry: './src/prerender/render-page.tsx',
    name: 'render',
    uniqueName: 'host',
    bundled: ['@mfe/context'],
  }),
];
