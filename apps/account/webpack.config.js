const { remoteConfig, remoteServerConfig } = require('../../webpack.shared.js');

// The browser build, and the server build the prerender step renders the area's public pages from.
module.exports = (_env, argv) => [
  // The profile page offers a slot beside it (ProfilePage.tsx), recorded for the checks.
  remoteConfig({ appDir: __dirname, name: 'account', mode: argv.mode, slots: ['account.profile.aside'] }),
  remoteServerConfig({ appDir: __dirname, name: 'account', mode: argv.mode }),
];
