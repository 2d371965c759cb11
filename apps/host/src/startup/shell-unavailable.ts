import { createIntl, type IntlApi } from '@mfe/context';
import { replayEarlyClicks } from '../early-clicks';
import { failureMessages } from '../i18n/failure-messages';
import { english } from '../i18n/text';

/** How long the notice waits for its texts in the page's language before it is said in English. */
const TEXTS_WAIT_MS = 1_500;

/**
 * The shell's code could not be loaded: the page shows its opening area working, or only its
 * placeholder, but its navigation, sign-in and menus will not answer. Said at the top of the page,
 * in the page's language when its catalogue still loads (else in English), with the way on: reloading.
 */
export async function sayShellUnavailable(): Promise<void> {
  const intl = await pageTexts(document.documentElement.lang);
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.setAttribute('role', 'alert');
  notice.dataset.testid = 'shell-unavailable';
  const text = document.createElement('p');
  text.textContent = intl.formatMessage(failureMessages.shellUnavailable);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = intl.formatMessage(failureMessages.reload);
  reload.addEventListener('click', () => window.location.reload());
  notice.append(text, reload);
  // The placeholder's "Loading…" is no longer true, and no code is coming to answer a held click.
  document.querySelector('.boot')?.remove();
  replayEarlyClicks();
  document.body.prepend(notice);
}

function pageTexts(locale: string): Promise<IntlApi> {
  if (!locale || locale === english.locale) return Promise.resolve(english);
  // The catalogues' loader is a chunk of its own: on the first path it would cost every page its map.
  const inLocale = import(/* webpackChunkName: "shell-catalogues" */ '../i18n/shell-catalogues')
    .then(({ loadShellCatalogue }) => loadShellCatalogue(locale))
    .then((messages) => createIntl({ locale, defaultLocale: english.locale, messages }))
    .catch(() => english);
  return Promise.race([inLocale, new Promise<IntlApi>((resolve) => setTimeout(() => resolve(english), TEXTS_WAIT_MS))]);
}
