// @ts-check
const { applyExtend, baseConfig, keepFolders } = require('./base');
const { bundlerFor } = require('./bundler');
const { CssIntegrityPlugin, EntryIntegrityPlugin } = require('./integrity');
const { sharedConfig } = require('./shared');
const { SERVER_DIR, serverConfig } = require('./server-build');

const fs = require('node:fs');
const path = require('node:path');

/**
 * What every remote exposes: the module built with `defineRemote` (or `defineMountedArea`), which the
 * host loads and mounts; `src/remote.tsx`, or `src/remote.ts` for an area without JSX.
 * @param {string} appDir
 */
const exposes = (appDir) => ({
  [`./${require('@mfe/manifest/rules.json').build.expose}`]:
    !fs.existsSync(path.join(appDir, 'src', 'remote.tsx')) && fs.existsSync(path.join(appDir, 'src', 'remote.ts'))
      ? './src/remote.ts'
      : './src/remote.tsx',
});

const { HOST_TREE, MOUNT_KINDS, OWN_ROOT } = require('./mount-kinds');
/** @typedef {import('./mount-kinds').MountKind} MountKind */

/** The manifest plugin's notice about the public path 'auto', which the preset sets on purpose. */
const AUTO_PUBLIC_PATH_NOTICE =
  /Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'/;

/**
 * The process's console for a bundler's own logging, without the lines that match `pattern`.
 * @param {RegExp} pattern
 * @param {Console} base
 * @returns {Console}
 */
function withoutLines(pattern, base = console) {
  return new Proxy(base, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (/** @type {unknown[]} */ ...args) =>
        pattern.test(args.map(String).join(' ')) ? undefined : value.apply(target, args);
    },
  });
}

/**
 * Its contributions to slots: each `src/contributions/<module>.tsx` (a `defineContribution` default
 * export) as `./contributions/<module>`, the name the manifest's `contributions[].module` refers to.
 * @param {string} appDir
 * @returns {Record<string, string>}
 */
function contributionExposes(appDir) {
  const { contributions } = require('@mfe/manifest/rules.json');
  const folder = path.join(appDir, contributions.sourceFolder);
  if (!fs.existsSync(folder)) return {};
  /** @type {Record<string, string>} */
  const exposes = {};
  for (const file of fs.readdirSync(folder).sort()) {
    const match = /^(.+)\.tsx?$/.exec(file);
    if (!match || /\.(test|spec)$/.test(match[1])) continue;
    if (!new RegExp(contributions.modulePattern).test(match[1]))
      throw new Error(
        `${contributions.sourceFolder}/${file}: a contribution's file name must be ${contributions.moduleExplain}.`,
      );
    exposes[`./${contributions.exposePrefix}${match[1]}`] = `./${contributions.sourceFolder}/${file}`;
  }
  return exposes;
}

/**
 * An area in a root of its own bundles the React it renders with: every import of React and
 * react-dom (the contract package's included, which lives elsewhere in a workspace) resolves to the
 * area's own copy, never to another version found beside the importing file. The folders of those
 * packages (and of any other `names`, such as the router a test needs) as the app resolves them:
 * the build's aliases and the workspace's unit tests read the same answer.
 * @param {string} appDir
 * @param {readonly string[]} [names]
 * @returns {Record<string, string>}
 */
function ownReactFolders(appDir, names = ['react', 'react-dom']) {
  /** @type {Record<string, string>} */
  const folders = {};
  for (const name of names) {
    try {
      folders[name] = path.dirname(require.resolve(`${name}/package.json`, { paths: [appDir] }));
    } catch {
      // Not a dependency of the area (an area without React): nothing to point at.
    }
  }
  return folders;
}

/**
 * A feature remote: exposes `./remote` and its contributions, and takes every shared singleton from the host.
 * `slots`: the slots the remote's pages offer other teams (`<Slot name=…>`), recorded in its
 * mf-manifest.json so that the checks refuse a contribution placed in a slot nobody offers.
 * `bundler`: webpack (the default) or Rspack (bundler.js): the same build either way.
 * @param {{ appDir: string, name: string, mode?: string, slots?: readonly string[], mount?: MountKind, bundler?: import('./bundler').BundlerChoice, extend?: import('./base').Extend }} options
 */
function remoteConfig({
  appDir,
  name,
  mode = 'production',
  slots = [],
  mount = HOST_TREE,
  bundler: bundlerName,
  extend,
}) {
  const rules = require('@mfe/manifest/rules.json');
  if (!new RegExp(rules.name.pattern).test(name))
    throw new Error(`Remote name "${name}" must be ${rules.name.explain}.`);
  checkSlotNames(slots, `Remote "${name}"`);
  if (!MOUNT_KINDS.includes(mount))
    throw new Error(
      `Remote "${name}": mount must be "${HOST_TREE}" (the default) or "${OWN_ROOT}", not ${JSON.stringify(mount)}.`,
    );
  const ownRoot = mount === OWN_ROOT;
  const contributions = contributionExposes(appDir);
  // A contribution renders in the host's tree (the page's or the shell's slot), with the host's React.
  if (ownRoot && Object.keys(contributions).length > 0)
    throw new Error(
      `Remote "${name}" is built with mount: '${OWN_ROOT}' but has contributions in src/contributions/: a contribution renders in the host's React tree, which a build for a root of its own does not share. Move them to a remote built for the host's tree.`,
    );
  const bundler = bundlerFor(appDir, bundlerName);
  const config = baseConfig({ appDir, mode, uniqueName: name, bundler });
  if (ownRoot) config.resolve = { ...config.resolve, alias: { ...config.resolve?.alias, ...ownReactFolders(appDir) } };
  if (bundler.name === 'rspack')
    config.resolve = { ...config.resolve, alias: { ...config.resolve?.alias, ...federationRuntimeAsModules(appDir) } };
  config.entry = {};
  // Chunks load from wherever the remote's entry was loaded from; `anonymous`
  // CORS so the browser can check their integrity.
  // dist/server/ is the server build's own (remoteServerConfig), kept when this one cleans dist/.
  config.output = {
    ...config.output,
    publicPath: 'auto',
    uniqueName: name,
    crossOriginLoading: 'anonymous',
    clean: { keep: keepFolders(config.output?.path ?? path.join(appDir, 'dist'), [SERVER_DIR]) },
  };
  // The federation manifest plugin says on every build that a public path of 'auto' is resolved at
  // run time: that is this preset's choice, so that one notice is left out of the build's output
  // (a newcomer's first `pnpm start` reads no warning); every other line of its logging passes.
  config.infrastructureLogging = { ...config.infrastructureLogging, console: withoutLines(AUTO_PUBLIC_PATH_NOTICE) };
  // With more than one exposed module, chunks split out to be shared between them leave the
  // integrity plugin unable to resolve their hashes in remoteEntry.js (webpack-subresource-integrity
  // issue 176): each exposed module is built whole instead (a contribution then loads no chunk of the
  // area's, and the area none of a contribution's). Shared singletons come from the host either way.
  if (Object.keys(contributions).length > 0) config.optimization = { ...config.optimization, splitChunks: false };
  const { ModuleFederationPlugin, SubresourceIntegrityPlugin } = bundler;
  const styles = config.plugins ?? [];
  config.plugins = [
    // Every chunk the entry loads carries its sha384 hash, checked by the browser before it runs.
    new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: mode !== 'development' }),
    new EntryIntegrityPlugin({ recordChunks: mode !== 'development', slots, mount }),
    ...styles,
    // Rspack's integrity plugin pins extracted stylesheets itself; webpack's does not (integrity.js).
    ...(mode !== 'development' && bundler.name === 'webpack' ? [new CssIntegrityPlugin()] : []),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: { ...exposes(appDir), ...contributions },
      shared: ownRoot ? {} : sharedConfig(appDir, 'remote'),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      // Use the host's federation runtime instead of bundling a copy into remoteEntry.js.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
    }),
  ];
  return applyExtend(config, appDir, mode, extend, bundler);
}

/**
 * The same exposed modules built for rendering pages ahead of time (`dist/server/remote.js`, and
 * `contribution-<module>.js` for each contribution): the prerender step renders a public area's
 * content, and its public contributions to a page's slots, into the page's HTML from them, and the
 * browser then hydrates that HTML with the browser build. Without it, they render in the browser only.
 * @param {{ appDir: string, name: string, mode?: string, bundler?: import('./bundler').BundlerChoice }} options
 */
function remoteServerConfig({ appDir, name, mode = 'production', bundler }) {
  const { contributions: rules } = require('@mfe/manifest/rules.json');
  return serverConfig({
    appDir,
    mode,
    entry: exposes(appDir)[`./${require('@mfe/manifest/rules.json').build.expose}`],
    name: 'remote',
    uniqueName: name,
    bundler,
    // Its contributions too, one file each: a public one fills a slot in a page's HTML.
    contributions: Object.fromEntries(
      Object.entries(contributionExposes(appDir)).map(([expose, file]) => [
        expose.slice(`./${rules.exposePrefix}`.length),
        file,
      ]),
    ),
  });
}

/**
 * Refuses a slot name the manifest's rules would refuse (a build records only names a manifest can place).
 * @param {readonly string[]} slots
 * @param {string} who
 */
function checkSlotNames(slots, who) {
  const { contributions } = require('@mfe/manifest/rules.json');
  for (const slot of slots)
    if (!new RegExp(contributions.slotPattern).test(slot))
      throw new Error(`${who} offers the slot "${slot}", which must be ${contributions.slotExplain}.`);
}

/**
 * Rspack's federation plugin imports its bundler runtime by the path of its CommonJS build, which
 * requires the CommonJS builds of the runtime's packages: nothing of them can be left out, and a
 * remote's remoteEntry.js carried about 5 KiB gzip more than webpack's for the same area (the
 * federation SDK whole). Its ES module build lets the bundler keep only what the entry uses.
 * @param {string} appDir
 */
function federationRuntimeAsModules(appDir) {
  const runtimeTools = path.dirname(
    require.resolve('@module-federation/runtime-tools/package.json', {
      paths: [require.resolve('@module-federation/enhanced/rspack', { paths: [appDir] })],
    }),
  );
  const bundlerRuntime = path.dirname(
    require.resolve('@module-federation/webpack-bundler-runtime/package.json', { paths: [runtimeTools] }),
  );
  return { [path.join(bundlerRuntime, 'dist', 'index.cjs')]: path.join(bundlerRuntime, 'dist', 'index.js') };
}

module.exports = { checkSlotNames, contributionExposes, ownReactFolders, remoteConfig, remoteServerConfig };
