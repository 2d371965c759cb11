// @ts-check
const { fromApp } = require('./from-app');

/**
 * The page's own scripts (a host's deferred `main.<hash>.js`) marked `fetchpriority="high"`.
 *
 * Chromium fetches a deferred script at low priority and, on an HTTP/1.1 origin, holds a
 * low-priority request back while higher ones are in flight. On a prerendered page, its area's
 * stylesheet and script hints, the runtime files' fetch hints and the boot script all went first,
 * and the host's first script (the largest file, and the one the page waits for to work) was sent
 * 130 to 250 ms after the page asked for it (the benchmark's throttled page, Resource Timing's
 * `requestStart` against `startTime`; 3 to 70 ms with the mark).
 * @template {{ tagName: string, attributes: Record<string, string | boolean | undefined | null> }} Tag
 * @param {Tag[]} tags html-webpack-plugin's tags of one group
 * @returns {Tag[]} the same tags, each script with a `src` marked
 */
function raiseScriptPriority(tags) {
  for (const tag of tags) if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
  return tags;
}

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment). A file that
 * begins with it has every function compiled eagerly, on a background thread while it downloads,
 * instead of each on the main thread at its first call: nearly all of the first script (React,
 * react-dom, the federation runtime, the shell) runs before the page works. Measured in
 * decision 0017's amendments.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The page's first scripts (its initial chunks, as html-webpack-plugin adds them): fetched at high
 * priority (`raiseScriptPriority`) and compiled eagerly (`COMPILE_HINT`, added after minification,
 * which would drop it, and before source maps and content hashes, which then account for it).
 */
class FirstScriptPriorityPlugin {
  /** @param {string} appDir the app whose html-webpack-plugin makes the page */
  constructor(appDir) {
    this.appDir = appDir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FirstScriptPriorityPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstScriptPriorityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.canBeInitial()) continue;
            for (const file of chunk.files)
              if (file.endsWith('.js'))
                compilation.updateAsset(file, (old) =>
                  String(old.source()).startsWith(COMPILE_HINT) ? old : new sources.ConcatSource(COMPILE_HINT, old),
                );
          }
        },
      );
    });
    const HtmlWebpackPlugin = fromApp(this.appDir, 'html-webpack-plugin');
    compiler.hooks.compilation.tap('FirstScriptPriorityPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'FirstScriptPriorityPlugin',
        (/** @type {{ headTags: any[], bodyTags: any[] }} */ groups) => {
          raiseScriptPriority(groups.headTags);
          raiseScriptPriority(groups.bodyTags);
          return groups;
        },
      );
    });
  }
}

module.exports = { COMPILE_HINT, FirstScriptPriorityPlugin, raiseScriptPriority };
