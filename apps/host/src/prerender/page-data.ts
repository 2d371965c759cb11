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
}

export const PAGE_DATA_ID = PAGE_FILES.dataElementId;

/** The page's data, or null when the page was not rendered ahead of time (or its data is unreadable). */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { remote?: unknown; entry?: unknown; locale?: unknown };
    if (typeof data !== 'object' || data === null) return null;
    const locale = isLocaleTag(data.locale) ? { locale: data.locale } : {};
    if (data.remote === undefined) return locale;
    return typeof data.remote === 'string' && typeof data.entry === 'string'
      ? { ...locale, remote: data.remote, entry: data.entry }
      : null;
  } catch {
    return null;
  }
}

/** The data block's text: JSON that cannot close its element (`<` escaped). */
export function pageDataText(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
