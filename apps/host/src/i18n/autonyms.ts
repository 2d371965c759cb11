import { PSEUDO_LOCALE } from '@mfe/context';

/**
 * Each language's own name ("Deutsch", "العربية"), so a visitor finds theirs in any locale.
 *
 * The languages the shell ships texts for, and the contract's pseudo-locale, are written out (the
 * engine's names; `autonyms.test.ts` checks they still agree): the first `Intl.DisplayNames` a page
 * makes loads the engine's display-name data, measured at about 68 ms of main thread with the CPU 4×
 * slower in Chromium, on the path of every page that shows the language menu. Any other language a
 * config lists is asked of the engine.
 */
export const SHIPPED_AUTONYMS: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'Deutsch',
  ar: 'العربية',
  [PSEUDO_LOCALE]: 'English (Pseudo-Accents)',
};

export function autonym(locale: string): string {
  return SHIPPED_AUTONYMS[locale] ?? autonymFromEngine(locale);
}

/** The engine's name for a language in that language, capitalised as a menu item starts. */
export function autonymFromEngine(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}
