/**
 * The contract between the renderer (this package) and a host's server build
 * (`dist/server/render.js`, apps/host/src/prerender/render-page.tsx): what is asked for one page,
 * and what comes back. Types alone, so the host's build takes nothing else from this package.
 */

/** What the renderer asks for: one page of the shell, with or without an area's content. */
export interface PageRequest {
  /** The host's public origin (remotes on it are allowed, as in the browser). */
  readonly origin: string;
  /** The runtime config and manifest as served (`config.json`, `remotes.json`). */
  readonly config: unknown;
  readonly manifest: unknown;
  /** The page's path. */
  readonly path: string;
  /** The page's language, one the runtime config lists (else its default). */
  readonly locale?: string;
  /** The area whose content the page holds: its server build's module and its version. */
  readonly content?: { readonly remote: string; readonly module: unknown; readonly version: string };
  /**
   * Public contributions to slots from their server builds (what each exports, and its remote's
   * version): those the page's slots place are rendered into its HTML. Hosts before slots ignore it.
   */
  readonly contributions?: ReadonlyArray<{
    readonly remote: string;
    readonly module: string;
    readonly exports: unknown;
    readonly version: string;
    /** Its scripts in the browser (its remote's entry script, its module's chunks), with their pins. */
    readonly scripts?: ReadonlyArray<{ readonly href: string; readonly integrity?: string }>;
  }>;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  readonly html: string;
  /** The page's `<title>`, as the browser names it before the area names its page. */
  readonly title: string;
  /** The text of the page's data block for the browser (`PAGE_FILES.dataElementId`). */
  readonly data: string;
  /** The page's language and direction (`<html lang dir>`). */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /**
   * What threw while rendering, for the operator (said at release time): a page whose render
   * recorded any is not to be served, since React would finish it by rendering in the browser.
   * The messages never enter the HTML (React is told nothing back: no digest).
   */
  readonly errors: readonly string[];
  /**
   * The contributions the HTML holds (the page's data names them too, for the browser), and whether
   * its slot's owner expects each in the first view: only those have their scripts hinted, so a
   * first load fetches nothing of one below the fold until the visitor nears it.
   */
  readonly contributions?: ReadonlyArray<{
    readonly remote: string;
    readonly module: string;
    readonly firstView?: boolean;
  }>;
}

/** What a host's server build exports. */
export interface HostRenderer {
  /** The contract package the shell was built with (handed to the areas' server builds). */
  readonly contract: unknown;
  /** A host built before errors were reported returns none. */
  renderPage(request: PageRequest): Promise<Omit<RenderedPage, 'errors'> & { readonly errors?: readonly string[] }>;
}
