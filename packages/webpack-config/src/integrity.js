// @ts-check
const { globalCssFiles } = require('./styles');
const { sri } = require('@mfe/manifest/sri');
const { HOST_TREE } = require('./mount-kinds');

/**
 * Writes `integrity.json` next to `remoteEntry.js` with the entry's sha384,
 * for the `integrity` field of the runtime manifest. With it the host refuses
 * altered entry bytes, and the entry in turn pins every chunk (above).
 * Also records, in `mf-manifest.json` (`integrity`), the sha384 of the entry and
 * of the exposed modules' first chunks, so the host's preload hints for them
 * carry the same integrity as the scripts that later use them.
 */
class EntryIntegrityPlugin {
  /**
   * @param {{ recordChunks: boolean, slots?: readonly string[], mount?: string }} options `recordChunks`: only when chunks
   * are loaded with integrity (production); `slots`: the slots the remote's pages offer, recorded for the checks;
   * `mount`: how the host shows the area (remote.js's MountKind), recorded when it is not the host's tree
   */
  constructor({ recordChunks, slots = [], mount = HOST_TREE }) {
    this.recordChunks = recordChunks;
    this.slots = slots;
    this.mount = mount;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EntryIntegrityPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryIntegrityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const entry = assets['remoteEntry.js'];
          if (!entry) return;
          const entryHash = sri(entry.buffer());
          compilation.emitAsset(
            'integrity.json',
            new sources.RawSource(`${JSON.stringify({ 'remoteEntry.js': entryHash }, null, 2)}\n`),
          );
          const manifestAsset = assets['mf-manifest.json'];
          if (!manifestAsset) return;
          const manifest = JSON.parse(manifestAsset.source().toString());
          // `*.global.css` files the remote ships, for the release checks to warn about.
          const globalCss = globalCssFiles(compilation, compiler.context);
          /** @type {Record<string, string>} */
          const integrity = { 'remoteEntry.js': entryHash };
          if (this.recordChunks) {
            for (const exposed of manifest.exposes ?? []) {
              for (const file of [...(exposed.assets?.js?.sync ?? []), ...(exposed.assets?.css?.sync ?? [])])
                if (assets[file]) integrity[file] = sri(assets[file].buffer());
            }
          }

          compilation.updateAsset(
            'mf-manifest.json',
            new sources.RawSource(
              JSON.stringify(
                {
                  ...manifest,
                  ...(this.recordChunks ? { integrity } : {}),
                  ...(globalCss.length > 0 ? { globalCss } : {}),
                  // Always, so a build that offers none says so (an older one says nothing).
                  slots: this.slots,
                  ...(this.mount !== HOST_TREE ? { mount: this.mount } : {}),
                },
                null,
                2,
              ),
            ),
          );
        },
      );
    });
  }
}

/**
 * Integrity for CSS chunks, which webpack-subresource-integrity does not cover:
 * the stylesheet loader (mini-css-extract-plugin's runtime, in remoteEntry.js)
 * sets each `<link>`'s `integrity` from a map of sha384s, written into the
 * runtime once the CSS files are final. The entry is pinned by its own hash
 * (computed after this), so altered CSS is refused like altered scripts.
 */
const CSS_SRI_TOKEN = '__MFE_CSS_SRI_MAP__';
class CssIntegrityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const MiniCssExtractPlugin = require(require.resolve('mini-css-extract-plugin', { paths: [compiler.context] }));
    compiler.hooks.thisCompilation.tap('CssIntegrityPlugin', (compilation) => {
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(
        'CssIntegrityPlugin',
        (/** @type {string} */ source, /** @type {{ tag: string, chunkId: string }} */ names) =>
          `${source}\nvar mfeCssSri = ${CSS_SRI_TOKEN};\nif (mfeCssSri[${names.chunkId}]) { ${names.tag}.integrity = mfeCssSri[${names.chunkId}]; ${names.tag}.crossOrigin = "anonymous"; }\n`,
      );
      // After minification, before real content hashes and the entry's own hash are computed.
      compilation.hooks.processAssets.tap(
        { name: 'CssIntegrityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        (assets) => {
          /** @type {Record<string, string>} */
          const map = {};
          for (const chunk of compilation.chunks) {
            const css = [...chunk.files].find((file) => file.endsWith('.css'));
            if (css && assets[css] && chunk.id !== null) map[String(chunk.id)] = sri(assets[css].buffer());
          }
          for (const [name, asset] of Object.entries(assets)) {
            if (!name.endsWith('.js')) continue;
            const text = asset.source().toString();
            if (text.includes(CSS_SRI_TOKEN))
              compilation.updateAsset(name, new sources.RawSource(text.split(CSS_SRI_TOKEN).join(JSON.stringify(map))));
          }
        },
      );
    });
  }
}

module.exports = { CssIntegrityPlugin, EntryIntegrityPlugin };
