/**
 * What a tab may ask to load instead of its environment's builds: a preview link's branch build
 * (preview.ts) and a developer's overrides (overrides.ts). Only whether either was asked for, and
 * how to leave them, is here: the code that reads and checks them is a chunk of its own
 * (`tab-choices-code.ts`), downloaded only by a tab that asked, and the boot script reads the same
 * question from this module to leave such a page's preloads to the host.
 */

/** The preview link's query parameter (`?mfe-preview=<id>`, printed by `mfe-release preview`). */
export const PREVIEW_PARAM = 'mfe-preview';
/** Where a tab keeps the preview it opened (sessionStorage). */
export const PREVIEW_KEY = 'mfe.preview';
/** Where a tab keeps its developer overrides (sessionStorage). */
export const OVERRIDES_KEY = 'mfe.overrides';

type TabStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** Whether this tab asked for a preview (by link, or earlier) or set overrides. */
export function tabChoicesAsked(href: string, storage: TabStorage | null): boolean {
  if (new URL(href).searchParams.has(PREVIEW_PARAM)) return true;
  try {
    return Boolean(storage?.getItem(OVERRIDES_KEY) || storage?.getItem(PREVIEW_KEY));
  } catch {
    return false;
  }
}

export function leavePreview(storage: TabStorage | null): void {
  try {
    storage?.removeItem(PREVIEW_KEY);
  } catch {
    // Nothing kept.
  }
}

export function clearOverrides(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(OVERRIDES_KEY);
}
