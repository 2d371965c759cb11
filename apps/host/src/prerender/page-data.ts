import { isLocaleTag, PAGE_FILES } from '@mfe/manifest';
import { isSri } from '@mfe/manifest/remote-build';

/**
 * What a page rendered ahead of time tells the browser (a JSON data block, `PAGE_FILES.dataElementId`, which the
 * CSP leaves alone: it is never executed): which area's content its HTML holds, and from which
 * build, so the browser hydrates that HTML only with the same build and renders afresh otherwise;
 * and the language it is in, so hydration starts from that language.
 */
export interface PageData {
  /** The language the HTML is in; absent in pages rendered before pages had languages (the default). */
  readonly locale?: string;
  /** The area whose content the HTML holds; absent for a page of the shell alone. */
  readonly remote?: string;
  /** That area's entry (its mf-manifest.json URL) when the page was rendered. */
  readonly entry?: string;
  /**
   * The rest of that area's manifest entry as the release's manifest gave it: the first script starts
   * loading this build at once, before it has read the config and manifest, which then only confirm
   * it (absent: a page rendered before pages carried it, which waits for them).
   */
  readonly build?: PageBuild;
  /** Where the manifest the page was rendered from is (the config's), read alongside the config. */
  readonly manifest?: string;
  /**
   * The contributions to slots the HTML holds: each is hydrated as it is once its code is in; those
   * in view start loading at once (absent: none, or a page rendered before slots).
   */
  readonly contributions?: ReadonlyArray<HeldContribution>;
}

/** An area's manifest entry, as a page rendered from it carries it besides its name and entry. */
export interface PageBuild {
  readonly path: string;
  readonly label: string;
  /** The pin of its entry script. */
  readonly integrity?: string;
  readonly timeoutMs: number;
}

/** A contribution a page's HTML holds, by its remote and module. */
export interface HeldContribution {
  readonly remote: string;
  readonly module: string;
  /**
   * Its remote's entry (mf-manifest.json URL) when the page was rendered: the boot script requests
   * it at once for one in view (the host uses it only if the manifest still names that build).
   */
  readonly entry?: string;
  /**
   * Its scripts (its remote's entry script, its module's chunks) with their pins: the boot script
   * hints those of a contribution it finds in view (the page itself hints only those its slot's
   * owner expects in view on any screen).
   */
  readonly scripts?: ReadonlyArray<{ readonly href: string; readonly integrity?: string }>;
}

const isScript = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { href?: unknown }).href === 'string' &&
  ['string', 'undefined'].includes(typeof (value as { integrity?: unknown }).integrity);

const isHeld = (value: unknown): value is HeldContribution =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HeldContribution).remote === 'string' &&
  typeof (value as HeldContribution).module === 'string' &&
  ['string', 'undefined'].includes(typeof (value as HeldContribution).entry) &&
  ((value as HeldContribution).scripts === undefined ||
    (Array.isArray((value as HeldContribution).scripts) && (value as HeldContribution).scripts!.every(isScript)));

const isBuild = (value: unknown): value is PageBuild =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PageBuild).path === 'string' &&
  typeof (value as PageBuild).label === 'string' &&
  typeof (value as PageBuild).timeoutMs === 'number' &&
  ((value as PageBuild).integrity === undefined || isSri((value as PageBuild).integrity));

export const PAGE_DATA_ID = PAGE_FILES.dataElementId;

/** The page's data, or null when the page was not rendered ahead of time (or its data is unreadable). */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as {
      remote?: unknown;
      entry?: unknown;
      build?: unknown;
      manifest?: unknown;
      locale?: unknown;
      contributions?: unknown;
    };
    if (typeof data !== 'object' || data === null) return null;
    const locale = isLocaleTag(data.locale) ? { locale: data.locale } : {};
    // Unreadable contributions: the page is read as holding none (they then render after hydrating).
    const held = Array.isArray(data.contributions) ? data.contributions.filter(isHeld) : [];
    const shared = { ...locale, ...(held.length ? { contributions: held } : {}) };
    if (data.remote === undefined) return shared;
    if (typeof data.remote !== 'string' || typeof data.entry !== 'string') return null;
    // An unreadable build or manifest is read as absent: the first script then reads the config and manifest first.
    return {
      ...shared,
      remote: data.remote,
      entry: data.entry,
      ...(isBuild(data.build) ? { build: data.build } : {}),
      ...(typeof data.manifest === 'string' ? { manifest: data.manifest } : {}),
    };
  } catch {
    return null;
  }
}

/** The data block's text: JSON that cannot close its element (`<` escaped). */
export function pageDataText(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
