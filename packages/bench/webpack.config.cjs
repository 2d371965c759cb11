const path = require('node:path');

// The baseline: the host's code with its remotes imported statically (src/baseline).
module.exports = (_env, argv) =>
  require('../../webpack.shared.js').singleBundleConfig({ appDir: __dirname, mode: argv.mode, copy: [path.join(__dirname, '../../apps/host/public/host.css')] });
