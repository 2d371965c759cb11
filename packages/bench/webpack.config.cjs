const path = require('node:path');
const { silentCallbackConfig, singleBundleConfig } = require('../../webpack.shared.js');

// The references the host is measured against:
// - the baseline: the host's code (and its page template, styles and silent sign-in page) with its
//   remotes imported statically (src/baseline) → dist/;
// - the plain React page: the public referrals page's content, React alone (src/plain) → dist-plain/.
const host = path.join(__dirname, '../../apps/host');
module.exports = (_env, argv) => [
  singleBundleConfig({
    appDir: __dirname,
    mode: argv.mode,
    template: path.join(host, 'src/index.html'),
    copy: [path.join(host, 'public/host.css')],
  }),
  silentCallbackConfig({ appDir: __dirname, mode: argv.mode, entry: path.join(host, 'src/auth/silent-callback-page.ts') }),
  singleBundleConfig({
    appDir: __dirname,
    mode: argv.mode,
    template: path.join(__dirname, 'src/plain/index.html'),
    copy: [path.join(host, 'public/host.css')],
    entry: './src/plain/index.tsx',
    outDir: 'dist-plain',
  }),
];
