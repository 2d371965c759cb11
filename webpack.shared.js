// @ts-check
// The in-repo entry to the build preset: each app's webpack.config.js is one line calling
// `hostConfig` or `remoteConfig` from here. The preset itself is the package @mfe/webpack-config
// (packages/webpack-config), which teams outside this repository install from the registry.
module.exports = require('./packages/webpack-config');
