import { PAGE_FILES, RUNTIME_FILES } from '@mfe/manifest';

/**
 * A page from the host's `index.html`: its `#root` placeholder replaced by the rendered markup, its
 * title set, the area's stylesheets linked (with their integrity, as the browser build loads them)
 * and the page's data for hydration in a block the browser never executes (so the CSP needs no
 * inline script).
 */
export interface PageParts {
  readonly root: string;
  readonly title: string;
  /** Data for the browser (the element `PAGE_FILES.dataElementId`), already escaped by `pageDataText`. */
  readonly data: string;
  readonly stylesheets?: ReadonlyArray<{ readonly href: string; readonly integrity?: string }>;
  /**
   * Scripts the page's area runs first (its entry and its module's chunks), hinted so they download
   * with the host's own script instead of after it has run, with the integrity they are loaded with.
   */
  readonly scripts?: ReadonlyArray<{ readonly href: string; readonly integrity?: string }>;

  /**
   * The page holds an area's content: the browser hydrates the area before the shell, so the page
   * does not hint the shell's script (the template's `data-shell` hint), which would compete with
   * the area's files; the first script asks for it once the area works.
   */
  readonly holdsArea?: boolean;

  /**
   * The area's mf-manifest.json, on a page whose first script starts everything it holds (an area,
   * no contribution): hinted in the head, so it downloads with the page's files, and the template's
   * boot script (`data-boot`), which would only fetch what the page already asks for, is left out.
   */
  readonly areaEntry?: string;

  /** The page's language and direction (`<html lang dir>`). */
  readonly lang?: string;
  readonly dir?: 'ltr' | 'rtl';
}

// The placeholder index.html shows until the shell renders (apps/host/src/index.html; the build
// minifies it, so quotes may be gone).
const ROOT_PLACEHOLDER = /<div id="?root"?>[\s\S]*?<\/main><\/div>/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const HTML_TAG = /<html[^>]*>/;
const HEAD_END = /<\/head>/;
// The template's hints for the shell's scripts (apps/host/src/index.html; quotes may be gone).
const SHELL_HINTS = /<link\b[^>]*\sdata-shell\b[^>]*>/g;
// The template's boot script (apps/host/src/index.html; quotes may be gone).
const BOOT_SCRIPT = /<script\b[^>]*\sdata-boot\b[^>]*><\/script>/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

// The template's hint for the manifest at its default URL (the build knows no other).
const MANIFEST_PRELOAD = new RegExp(
  `<link rel="?preload"? href="?${RUNTIME_FILES.manifest.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"?[^>]*>`,
);

/**
 * The template with its manifest hint for the manifest the runtime config names (a bucket, another
 * path), so a prerendered page preloads what the host then reads, not a default it never reads.
 */
export function withManifestPreload(template: string, manifestUrl: string): string {
  if (manifestUrl === RUNTIME_FILES.manifest) return template;
  return template.replace(
    MANIFEST_PRELOAD,
    `<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin="anonymous" />`,
  );
}

export function assertTemplate(template: string): void {
  if (!ROOT_PLACEHOLDER.test(template))
    throw new Error(
      'The host\'s index.html has no #root placeholder ("<div id="root">…</main></div>") for the rendered page.',
    );
  if (!TITLE.test(template)) throw new Error("The host's index.html has no <title>.");
  if (!HEAD_END.test(template))
    throw new Error("The host's index.html has no </head> (the area's script hints go before it).");
}

// React puts the resource hints it renders (an image's preload) before the markup of a fragment;
// they belong in the head, where they start the download as early and stay out of what hydrates.
const LEADING_HINTS = /^(?:<link [^>]*>)+/;

/**
 * The page's head, in the order its files are requested: the area's stylesheets first (with the
 * shell's, they hold the first paint), then the template's own (the shell stylesheet and the host's
 * first script, the largest file and the last to arrive), then the area's scripts and React's hints.
 * Requests go out in the document's order (a throttled phone's renderer about 7 ms apart, measured
 * in the benchmark's waterfall): the host's script, the largest file and the one the page waits
 * for to work, is asked for before the area's small files, which wait for it either way.
 */
export function pageHtml(template: string, parts: PageParts): string {
  const hints = LEADING_HINTS.exec(parts.root)?.[0] ?? '';
  const root = parts.root.slice(hints.length);
  const integrityOf = (integrity: string | undefined) =>
    integrity ? ` integrity="${escapeAttribute(integrity)}"` : '';
  const stylesheets = (parts.stylesheets ?? [])
    .map(
      ({ href, integrity }) =>
        `<link rel="stylesheet" href="${escapeAttribute(href)}" crossorigin="anonymous"${integrityOf(integrity)} />`,
    )
    .join('');
  const scripts = (parts.scripts ?? [])
    .map(
      ({ href, integrity }) =>
        `<link rel="preload" as="script" href="${escapeAttribute(href)}" crossorigin="anonymous"${integrityOf(integrity)} />`,
    )
    .join('');
  // Read by the first script with the default cache mode, so this very download answers it; the
  // file is revalidated on every use by its server's headers (@mfe/deploy), as every stable name is.
  const areaEntry = parts.areaEntry
    ? `<link rel="preload" as="fetch" href="${escapeAttribute(parts.areaEntry)}" crossorigin="anonymous" />`
    : '';
  const language = parts.lang
    ? ` lang="${escapeAttribute(parts.lang)}"${parts.dir ? ` dir="${parts.dir === 'rtl' ? 'rtl' : 'ltr'}"` : ''}`
    : undefined;
  const withoutShellHints = parts.holdsArea ? template.replace(SHELL_HINTS, '') : template;
  return (parts.areaEntry ? withoutShellHints.replace(BOOT_SCRIPT, '') : withoutShellHints)
    .replace(HTML_TAG, (tag) => (language === undefined ? tag : `<html${language}>`))
    .replace(TITLE, () => `<title>${escapeText(parts.title)}</title>${stylesheets}`)
    .replace(HEAD_END, () => `${scripts}${areaEntry}${hints}</head>`)
    .replace(
      ROOT_PLACEHOLDER,
      () =>
        `<div id="root">${root}</div><script type="application/json" id="${PAGE_FILES.dataElementId}">${parts.data}</script>`,
    );
}
