module.exports = (_env, argv) => require('../../webpack.shared.js').hostConfig({ appDir: __dirname, mode: argv.mode });
