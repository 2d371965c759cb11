module.exports = (_env, argv) => require('../../webpack.shared.js').remoteConfig({ appDir: __dirname, name: 'account', mode: argv.mode });
