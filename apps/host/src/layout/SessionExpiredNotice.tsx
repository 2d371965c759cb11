import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHostServices } from '../host-services/hooks';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * Shown when the session cannot be renewed any more. The page underneath stays as it is (its
 * state kept); signing in again brings the user back to it. As an alert dialog it takes focus
 * (on its action), so keyboard and screen-reader users meet it at once.
 */
export function SessionExpiredNotice() {
  const { session } = useHostServices();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const action = useRef<HTMLButtonElement>(null);
  const intl = useShellIntl();
  useEffect(() => action.current?.focus(), []);
  return (
    <div
      className="notice"
      role="alertdialog"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-text"
      data-testid="session-expired"
    >
      <strong id="session-expired-title">{intl.formatMessage(shellMessages.sessionExpired)}</strong>{' '}
      <span id="session-expired-text">{intl.formatMessage(shellMessages.sessionExpiredText)}</span>{' '}
      <button
        ref={action}
        type="button"
        onClick={() =>
          void session
            .signIn(`${location.pathname}${location.search}${location.hash}`)
            .catch((error: Error) => setFailure(error.message))
        }
      >
        {intl.formatMessage(shellMessages.signInAgain)}
      </button>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
