import { isLocaleTag, PAGE_FILES } from '@mfe/manifest';

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
   * The contributions to slots the HTML holds: each is hydrated as it is once its code is in; those
   * in view start loading at once (absent: none, or a page rendered before slots).
   */
  readonly contributions?: ReadonlyArray<HeldContribution>;
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

export const PAGE_DATA_ID = PAGE_FILES.dataElementId;

/** The page's data, or null when the page was not rendered ahead of time (or its data is unreadable). */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { remote?: unknown; entry?: unknown; locale?: unknown; contributions?: unknown };
    if (typeof data !== 'object' || data === null) return null;
    const locale = isLocaleTag(data.locale) ? { locale: data.locale } : {};
    // Unreadable contributions: the page is read as holding none (they then render after hydrating).
    const held = Array.isArray(data.contributions) ? data.contributions.filter(isHeld) : [];
    const shared = { ...locale, ...(held.length ? { contributions: held } : {}) };
    if (data.remote === undefined) return shared;
    return typeof data.remote === 'string' && typeof data.entry === 'string'
      ? { ...shared, remote: data.remote, entry: data.entry }
      : null;
  } catch {
    return null;
  }
}

/** The data block's text: JSON that cannot close its element (`<` escaped). */
export function pageDataText(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
