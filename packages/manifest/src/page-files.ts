import rules from '../rules.json';

/** How prerendered pages are laid out as files (see rules.json's comment): written by @mfe/prerender, looked up by nginx. */
export const PAGE_FILES = {
  page: rules.pages.page,
  areaShell: rules.pages.areaShell,
  lookupDepth: rules.pages.lookupDepth,
  localeCookie: rules.pages.localeCookie,
  localeFolderPrefix: rules.pages.localeFolderPrefix,
  dataElementId: rules.pages.dataElementId,
} as const;
const LOCALE_TAG_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
export const LOCALE_TAG_EXPLAINED =
  'must be a language tag in canonical form, of a language and subtags of letters and digits, e.g. "en", "de", "ar" or "pt-BR"';

/**
 * The one rule for a locale tag, from a config, a manifest's labels or a page: a BCP 47 tag in its
 * canonical form (as `Intl` writes it, so two spellings never name two locales) and plain enough to
 * name a file, a chunk and an nginx map key (the language, then subtags of letters and digits:
 * "de", "en-XA", "zh-Hant-TW"; no extensions or private use).
 */
export function isLocaleTag(value: unknown): value is string {
  if (typeof value !== 'string' || !LOCALE_TAG_PATTERN.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value)[0] === value;
  } catch {
    return false;
  }
}
