// @ts-check
// @mfe/webpack-config: the webpack + Module Federation config factories for every app of the
// platform (a remote may build with Rspack instead: `bundler: 'rspack'`, or with Rsbuild: `pluginMfeArea`), in this repository
// (through the root webpack.shared.js) and outside it (installed from the registry). Each app's webpack.config.js is a few lines that call `hostConfig` or
// `remoteConfig`; an app adds a loader, plugin or define through `extend`, not by editing this.
// One module per concern in src/ (each with its unit tests beside it):
//   shared.js       the singletons the host provides and remotes take (one list)
//   integrity.js    sha384 for the entry, its chunks and its stylesheets
//   styles.js       CSS Modules (pure), *.global.css, assets, the style-rule messages
//   base.js         what every config starts from, and `extend`
//   bundler.js      webpack (the default) or Rspack: the plugins each builds an area with
//   rsbuild.js      an area built with Rsbuild: the plugin that makes its build the preset's
//   host.js         the host: provides the singletons (hostFederationPlugin), describes itself (mfe-host.json)
//   remote.js       a feature remote: exposes ./remote, takes everything shared
//   mount-kinds.js  an area's kind (in the host's tree, or in a root of its own), from the manifest's rules
//   side-builds.js  the host's boot script and silent sign-in page, each in its own compiler
//   server-build.js a build for rendering pages ahead of time in Node (the host's shell, an area's content)
//   shell-stylesheet.js the shell's stylesheet under a content-hashed name for its page
//   first-script.js the page's own scripts fetched at high priority and compiled while they download
//   content-hash.js the length of content-hashed names (the header policy's too)
//   selector-scope.js, css-scope-loader.js  which selectors of a CSS Module could style the shell, and
//                   the loader that fails such a module naming the selector (decision 0011)
//   messages-loader.js ICU messages compiled at build time, so pages ship the formatter, not the parser
//   server-public-path.js where a server build's assets are served from, said by the renderer
//   empty-module-loader.js a module with nothing in it (a global stylesheet in a server build)
//   from-app.js     a build tool loaded as the app itself would, at the app's own locked version
const { baseConfig } = require('./src/base');
const { FirstScriptPriorityPlugin } = require('./src/first-script');
const { hostConfig, hostFederationPlugin } = require('./src/host');
const { ownReactFolders, remoteConfig, remoteServerConfig } = require('./src/remote');
const { pluginMfeArea } = require('./src/rsbuild');
const { serverConfig } = require('./src/server-build');
const { HOST_SINGLETONS, providedVersions } = require('./src/shared');
const { bootConfig, silentCallbackConfig } = require('./src/side-builds');
const { shellStylesheet } = require('./src/shell-stylesheet');

module.exports = {
  FirstScriptPriorityPlugin,
  HOST_SINGLETONS,
  baseConfig,
  bootConfig,
  hostConfig,
  hostFederationPlugin,
  ownReactFolders,
  pluginMfeArea,
  providedVersions,
  remoteConfig,
  remoteServerConfig,
  serverConfig,
  shellStylesheet,
  silentCallbackConfig,
};
