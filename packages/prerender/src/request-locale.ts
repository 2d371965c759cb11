import { PAGE_FILES } from '@mfe/manifest';

export interface PageLocales {
  readonly defaultLocale: string;
  readonly locales: readonly string[];
}

/** What of a request says which language its page should be in. */
export interface LocaleHeaders {
  readonly cookie?: string | null;
  readonly acceptLanguage?: string | null;
}

const languageOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The language a prerendered page is served in (rules.json `pages`): the language menu's cookie when
 * it names a listed locale, else the first language of Accept-Language when it matches a listed
 * locale exactly or by its language alone ("de-AT" → "de"), else the default. Deliberately no
 * more than nginx can say with two `map`s (deploy's nginx.ts writes the same rule), so the
 * development server and production serve the same page; the browser's own choice, which weighs
 * every language it prefers, switches the page after hydration in the rare case they differ.
 */
export function requestedPageLocale(headers: LocaleHeaders, i18n: PageLocales): string {
  const chosen = cookieValue(headers.cookie ?? '', PAGE_FILES.localeCookie);
  if (chosen && i18n.locales.includes(chosen)) return chosen;
  const first = (headers.acceptLanguage ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  if (first) {
    const exact = i18n.locales.find((locale) => locale.toLowerCase() === first);
    if (exact) return exact;
    const byLanguage = i18n.locales.find(
      (locale) => !locale.includes('-') && locale.toLowerCase() === languageOf(first),
    );
    if (byLanguage) return byLanguage;
  }
  return i18n.defaultLocale;
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
