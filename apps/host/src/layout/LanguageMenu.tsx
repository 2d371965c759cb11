import { useHostServices } from '../host-services/hooks';
import { useAsPrerendered } from '../as-prerendered';
import { shellMessages } from '../i18n/shell-messages';
import { autonym } from '../i18n/autonyms';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * The language menu: a native select (keyboard and screen readers know it; it fits 320 px), each
 * language in its own name and marked with its `lang`. Choosing applies at once and is remembered.
 * Shown only when the product ships more than one language.
 */
export function LanguageMenu() {
  const { locale } = useHostServices();
  const intl = useShellIntl();
  // In a prerendered page, until the browser has hydrated it a choice would be lost: not offered yet.
  const asPrerendered = useAsPrerendered();
  if (locale.locales.length < 2) return null;
  return (
    <select
      className="language-menu"
      aria-label={intl.formatMessage(shellMessages.language)}
      value={intl.locale}
      onChange={(event) => void locale.choose(event.target.value)}
      disabled={asPrerendered}
      data-testid="language-menu"
    >
      {locale.locales.map((tag) => (
        <option key={tag} value={tag} lang={tag}>
          {autonym(tag)}
        </option>
      ))}
    </select>
  );
}
