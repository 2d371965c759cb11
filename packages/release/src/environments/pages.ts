import { RUNTIME_FILES } from '@mfe/manifest';
import { pageFiles, prerenderPages } from '@mfe/prerender';
import { KEYS, type StoreSettings } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import type { ManifestDocument } from './revisions';

/** One manifest's pages as files, or why there are none. */
export type RenderedPages =
  | {
      readonly files: ReadonlyArray<{ readonly file: string; readonly html: string }>;
      readonly warnings: readonly string[];
    }
  | { readonly failed: string };

export interface EnvironmentPages {
  /** Renders a manifest's pages (never throws: a failure is a value, and means "no pages"). */
  render(manifest: ManifestDocument): Promise<RenderedPages>;
  /** Makes them the environment's pages: writes each file, removes any other; lines to say. */
  write(rendered: RenderedPages): Promise<string[]>;
}

/**
 * An environment's prerendered pages (`envs/<env>/pages/`, which nginx serves with `server:config
 * --pages-root`), for an environment whose host build the store knows (`init --host-build
 * <env>=<dir>`): rendered from that build, the config its host serves and the manifest, at every
 * change of the manifest, so a revision never serves HTML of another build than its script loads.
 * When they cannot be rendered, the old pages are removed rather than left: every page then renders
 * in the browser, slower but true. Undefined when the environment has no host build recorded.
 */
export function environmentPages(
  store: ObjectStore,
  env: string,
  settings: StoreSettings,
  hostUrl: string | undefined,
  fetchImpl: typeof fetch = fetch,
): EnvironmentPages | undefined {
  const hostDir = settings.hostBuilds?.[env];
  if (!hostDir || !hostUrl) return undefined;
  const prefix = KEYS.pages(env);
  return {
    async render(manifest) {
      try {
        const response = await fetchImpl(new URL(RUNTIME_FILES.config, hostUrl), {
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`the host's config.json answered HTTP ${response.status}`);
        const config: unknown = await response.json();
        const pages = await prerenderPages({ hostDir, origin: new URL(hostUrl).origin, config, manifest, fetchImpl });
        return { files: pageFiles(pages), warnings: pages.warnings };
      } catch (error) {
        return { failed: (error as Error).message };
      }
    },
    async write(rendered) {
      const before = await store.list(prefix);
      const files = 'failed' in rendered ? [] : rendered.files;
      // The home page last: the page most visitors land on changes once its areas' pages are in place.
      for (const { file, html } of [...files].sort(
        (a, b) => Number(a.file === 'index.html') - Number(b.file === 'index.html'),
      )) {
        await store.write(`${prefix}${file}`, Buffer.from(html), 'text/html; charset=utf-8');
      }
      const kept = new Set(files.map(({ file }) => `${prefix}${file}`));
      for (const key of before) if (!kept.has(key)) await store.remove(key);
      if ('failed' in rendered) {
        return [
          `⚠ ${env}'s pages could not be prerendered (${rendered.failed}); every page renders in the browser until they can: fix it and run \`mfe-release pages --env ${env}\`.`,
        ];
      }
      return [
        `✔ ${env}'s prerendered pages: ${files.length} files in ${store.where}/${prefix}`,
        ...rendered.warnings.map((warning) => `⚠ ${warning}`),
      ];
    },
  };
}
