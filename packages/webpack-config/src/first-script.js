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

/** Marks the scripts html-webpack-plugin adds to the page (see `raiseScriptPriority`). */
class FirstScriptPriorityPlugin {
  /** @param {string} appDir the app whose html-webpack-plugin makes the page */
  constructor(appDir) {
    this.appDir = appDir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
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

module.exports = { FirstScriptPriorityPlugin, raiseScriptPriority };
