const { remoteConfig, remoteServerConfig } = require('../../webpack.shared.js');

// The browser build, and the server build the prerender step renders the area's public pages from.
module.exports = (_env, argv) => [
  remoteConfig({ appDir: __dirname, name: 'account', mode: argv.mode }),
  remoteServerConfig({ appDir: __dirname, name: 'account', mode: argv.mode }),
];
