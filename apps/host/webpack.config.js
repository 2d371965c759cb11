module.exports = (_env, argv) =>
  require('../../webpack.shared.js').hostConfig({
    appDir: __dirname,
    mode: argv.mode,
    // Remotes get react-router's browser API, not its server and framework-mode code.
    sharedImports: { 'react-router': './src/shared-modules/react-router.ts' },
  });
