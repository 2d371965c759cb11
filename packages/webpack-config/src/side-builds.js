// @ts-check
const path = require('node:path');
const { baseConfig } = require('./base');
const { fromApp } = require('./from-app');

/** The silent sign-in's route (@mfe/manifest's rules.json), split into its folder and page name. */
const SILENT_CALLBACK_PATH = require('@mfe/manifest/rules.json').hostPaths.silentCallback;
const SILENT_DIR = path.posix.dirname(SILENT_CALLBACK_PATH);
const SILENT_NAME = path.posix.basename(SILENT_CALLBACK_PATH);

/**
 * The hidden iframe of a silent sign-in needs only oidc-client-ts's callback, not
 * the app: a separate small build without federation (so no shared singletons are
 * bundled into it), written to `dist/auth/silent-callback.html`. Static hosts that
 * resolve ".html" serve it for /auth/silent-callback; others fall back to
 * index.html, whose entry handles the callback too.
 * @param {{ appDir: string, mode?: string, entry: string }} options
 */
function silentCallbackConfig({ appDir, mode = 'production', entry }) {
  const config = baseConfig({ appDir, mode });
  const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
  config.name = 'silent-callback';
  config.entry = { 'silent-callback': entry };
  config.output = {
    ...config.output,
    path: path.join(appDir, 'dist', ...SILENT_DIR.split('/').filter(Boolean)),
    publicPath: `${SILENT_DIR}/`,
    clean: false,
  };
  config.plugins = [
    new HtmlWebpackPlugin({
      filename: `${SILENT_NAME}.html`,
      scriptLoading: 'defer',
      templateContent:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body></body></html>',
    }),
  ];
  return config;
}

/** Where bootConfig writes, and the file that names its script for the host's page. */
const BOOT_DIR = 'boot';
const BOOT_NAMES = 'boot-files.json';

/** The boot script's URL, from what bootConfig wrote beside this build's output (`<output>/boot/`). */
function readBootScript(outputPath) {
  const file = path.join(outputPath, BOOT_DIR, BOOT_NAMES);
  const { script } = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
  return script;
}

/**
 * The host's boot script, in a compiler of its own (no federation, nothing shared): a few hundred
 * bytes index.html runs first, to start the first page's requests while the main script downloads.
 * Build it with `hostConfig({ boot: true })`, which waits for it and names it in index.html.
 * @param {{ appDir: string, mode?: string, entry: string }} options
 */
function bootConfig({ appDir, mode = 'production', entry }) {
  const config = baseConfig({ appDir, mode });
  config.name = 'boot';
  config.entry = { boot: entry };
  config.output = {
    ...config.output,
    path: path.join(appDir, 'dist', BOOT_DIR),
    publicPath: `/${BOOT_DIR}/`,
    clean: true,
  };
  config.plugins = [
    {
      apply(compiler) {
        const { Compilation, sources } = compiler.webpack;
        compiler.hooks.thisCompilation.tap('BootFiles', (compilation) => {
          compilation.hooks.processAssets.tap(
            { name: 'BootFiles', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
            () => {
              const [script] = [...(compilation.entrypoints.get('boot')?.getFiles() ?? [])].filter((file) =>
                file.endsWith('.js'),
              );
              compilation.emitAsset(
                BOOT_NAMES,
                new sources.RawSource(JSON.stringify({ script: `/${BOOT_DIR}/${script}` })),
              );
            },
          );
        });
      },
    },
  ];
  return config;
}

module.exports = { bootConfig, readBootScript, silentCallbackConfig };
