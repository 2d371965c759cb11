import { createIntl, type IntlApi } from '@mfe/context';
import { english } from './text';

/** How long a failure waits for its texts in the page's language before it is said in English. */
const TEXTS_WAIT_MS = 1_500;

/**
 * The shell's texts in `locale` (the language the page's HTML is in), for saying a failure before,
 * or without, the rest of the shell's code: that language's catalogue, else English. The catalogues'
 * loader is a chunk of its own: on the first path it would cost every page its map.
 */
export function htmlLanguageTexts(locale: string | undefined): Promise<IntlApi> {
  if (!locale || locale === english.locale) return Promise.resolve(english);
  return import(/* webpackChunkName: "shell-catalogues" */ './shell-catalogues')
    .then(({ loadShellCatalogue }) => loadShellCatalogue(locale))
    .then((messages) => createIntl({ locale, defaultLocale: english.locale, messages }))
    .catch(() => english);
}

/** `texts`, or English after a moment: a failure that comes with the network down must not wait on a catalogue. */
export function withinAMoment(texts: Promise<IntlApi>): Promise<IntlApi> {
  return Promise.race([texts, new Promise<IntlApi>((resolve) => setTimeout(() => resolve(english), TEXTS_WAIT_MS))]);
}
