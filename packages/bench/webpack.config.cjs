const path = require('node:path');

// The baseline: the host's code (and its page template and styles) with its remotes imported statically (src/baseline).
const host = path.join(__dirname, '../../apps/host');
module.exports = (_env, argv) =>
  require('../../webpack.shared.js').singleBundleConfig({
    appDir: __dirname,
    mode: argv.mode,
    template: path.join(host, 'src/index.html'),
    copy: [path.join(host, 'public/host.css')],
  });
