/**
 * `<html lang dir>` in the page's locale. Each is written only when it differs: writing either, even
 * the value it has, makes the browser match `:lang()` and `:dir()` again on every element of the page
 * (seen in a trace of the page from HTML at start-up, where it always has them already).
 */
export function applyToRoot(root: HTMLElement, locale: string, dir: 'ltr' | 'rtl'): void {
  if (root.lang !== locale) root.lang = locale;
  if (root.dir !== dir) root.dir = dir;
}
