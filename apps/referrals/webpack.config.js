module.exports = (_env, argv) => require('../../webpack.shared.js').remoteConfig({ appDir: __dirname, name: 'referrals', mode: argv.mode });
