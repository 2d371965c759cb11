/**
 * The page's one locale, among those the runtime config lists: the visitor's explicit choice (the
 * language menu, remembered), then the browser's languages in order, then the product's default. A
 * browser language matches a listed locale exactly, else by its language alone ("de-AT" → "de"), else
 * a listed regional variant of that language ("pt" → "pt-BR").
 */
export interface LocaleRequest {
  readonly chosen?: string | null;
  readonly preferred: readonly string[];
  readonly supported: readonly string[];
  readonly defaultLocale: string;
}

const canonical = (tag: string): string | undefined => {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
};
const languageOf = (tag: string): string => tag.split('-')[0]!.toLowerCase();

function match(tag: string, supported: readonly string[]): string | undefined {
  const wanted = canonical(tag);
  if (!wanted) return undefined;
  return (
    supported.find((locale) => locale === wanted) ??
    supported.find((locale) => locale === languageOf(wanted)) ??
    supported.find((locale) => languageOf(locale) === languageOf(wanted))
  );
}

export function negotiateLocale({ chosen, preferred, supported, defaultLocale }: LocaleRequest): string {
  if (chosen) {
    const exact = supported.find((locale) => locale === canonical(chosen));
    if (exact) return exact;
  }
  for (const tag of preferred) {
    const found = match(tag, supported);
    if (found) return found;
  }
  return defaultLocale;
}

/** Where the visitor's explicit choice (the language menu) is kept, in `localStorage`. */
export const LOCALE_CHOICE_KEY = 'mfe.locale';

/** The visitor's remembered choice, if storage allows reading it. */
export function readChoice(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LOCALE_CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}
