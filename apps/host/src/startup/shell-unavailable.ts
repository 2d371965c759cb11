import { replayEarlyClicks } from '../early-clicks';
import { failureMessages } from '../i18n/failure-messages';
import { htmlLanguageTexts, withinAMoment } from '../i18n/html-texts';

/**
 * The shell's code could not be loaded: the page shows its opening area working, or only its
 * placeholder, but its navigation, sign-in and menus will not answer. Said at the top of the page,
 * in the page's language when its catalogue still loads (else in English), with the way on: reloading.
 */
export async function sayShellUnavailable(): Promise<void> {
  const intl = await withinAMoment(htmlLanguageTexts(document.documentElement.lang));
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
  // The placeholder's "Loading…" is no longer true, and no code is coming to answer a kept click.
  document.querySelector('.boot')?.remove();
  replayEarlyClicks();
  document.body.prepend(notice);
}
