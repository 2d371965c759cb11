import type { IntlApi } from '@mfe/context';
import { shellMessages } from '../i18n/shell-messages';
import { textIn, type Text } from '../i18n/text';

interface Props {
  /** The page's language, or the default's when the failure came before it was known. */
  readonly intl: IntlApi;
  readonly title: Text;
  readonly message: Text;
  readonly actionLabel: Text;
  readonly onAction: () => void;
}

/** Full-page message for failures before the app can render (config, manifest, sign-in callback). */
export function StartupErrorPage({ intl, title, message, actionLabel, onAction }: Props) {
  return (
    <main>
      <div role="alert" className="panel error" data-testid="startup-error">
        <h1>{textIn(intl, title)}</h1>
        <p>{textIn(intl, message)}</p>
        <p>
          <button type="button" onClick={onAction}>
            {textIn(intl, actionLabel)}
          </button>{' '}
          <a href="/">{intl.formatMessage(shellMessages.notFoundHome)}</a>
        </p>
      </div>
    </main>
  );
}
