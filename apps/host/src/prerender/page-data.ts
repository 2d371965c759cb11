/**
 * What a page rendered ahead of time tells the browser (a JSON data block, `#mfe-page`, which the
 * CSP leaves alone: it is never executed): which area's content its HTML holds, and from which
 * build, so the browser hydrates that HTML only with the same build and renders afresh otherwise.
 */
export interface PageData {
  /** The area whose content the HTML holds; absent for a page of the shell alone. */
  readonly remote?: string;
  /** That area's entry (its mf-manifest.json URL) when the page was rendered. */
  readonly entry?: string;
}

export const PAGE_DATA_ID = 'mfe-page';

/** The page's data, or null when the page was not rendered ahead of time (or its data is unreadable). */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { remote?: unknown; entry?: unknown };
    if (typeof data !== 'object' || data === null) return null;
    if (data.remote === undefined) return {};
    return typeof data.remote === 'string' && typeof data.entry === 'string' ? { remote: data.remote, entry: data.entry } : null;
  } catch {
    return null;
  }
}

/** The data block's text: JSON that cannot close its element (`<` escaped). */
export function pageDataText(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
