import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  pageFor,
  prerenderPages,
  requestedPageLocale,
  type LocaleHeaders,
  type PrerenderedPages,
} from '@mfe/prerender';

export interface PagesOptions {
  /** The host's build (a build without `server/`, such as the development host's, has no pages). */
  readonly hostDir: string;
  readonly origin: string;
  readonly config: unknown;
  /** The manifest as served now (a release store's changes with every deploy). */
  readonly manifest: () => unknown;
  readonly log?: (line: string) => void;
}

/**
 * The stack's pages rendered ahead of time, kept true to the manifest it serves: rendered again
 * whenever the manifest changes (a deploy, promote or rollback through the release store), so a
 * page never shows an older build of an area than the one its script loads. Areas that cannot be
 * rendered are said once per manifest; their pages render in the browser. A request waits for its
 * revision's render, which reads each remote within its own time limit (a remote that hangs delays
 * it that long at most). A page is served in the language the request asks for (the language menu's
 * cookie, else Accept-Language).
 */
export function stackPages(
  options: PagesOptions,
): (pathname: string, request: LocaleHeaders) => Promise<string | undefined> {
  const log = options.log ?? ((line: string) => console.warn(line));
  if (!existsSync(join(options.hostDir, 'server', 'server.json'))) {
    return async () => undefined;
  }
  let current: { text: string; pages: Promise<PrerenderedPages | undefined> } | undefined;
  const pagesNow = () => {
    const manifest = options.manifest();
    if (manifest === undefined) return Promise.resolve(undefined); // nothing released yet
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
    if (current?.text !== text) {
      const rendering = prerenderPages({
        hostDir: options.hostDir,
        origin: options.origin,
        config: options.config,
        manifest: typeof manifest === 'string' ? JSON.parse(manifest) : manifest,
      }).then(
        (pages) => {
          for (const warning of pages.warnings) log(`⚠ ${warning}`);
          return pages;
        },
        (error: Error) => {
          log(`⚠ Pages could not be rendered ahead of time (${error.message}); every page renders in the browser.`);
          return undefined;
        },
      );
      current = { text, pages: rendering };
    }
    return current.pages;
  };
  void pagesNow();
  return async (pathname, request) => {
    const pages = await pagesNow();
    if (!pages) return undefined;
    return pageFor(
      pages,
      pathname,
      requestedPageLocale(request, { defaultLocale: pages.defaultLocale, locales: [...pages.locales.keys()] }),
    );
  };
}
