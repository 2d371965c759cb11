import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useHostServices, useSessionSnapshot } from '../host-services/hooks';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * Sends a signed-out visitor to sign in, then back to the exact page they asked for. While an
 * earlier session is being restored it shows `pending` (the area's skeleton) and waits.
 */
export function RequireAuth({ children, pending }: { readonly children?: ReactNode; readonly pending?: ReactNode }) {
  const { session } = useHostServices();
  const { user, signedOutElsewhere, restoring } = useSessionSnapshot();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const intl = useShellIntl();

  useEffect(() => {
    if (user || signedOutElsewhere || restoring || session.isLeaving()) return;
    session.signIn(returnTo).catch((error: Error) => setFailure(error.message));
  }, [user, signedOutElsewhere, restoring, session, returnTo, attempt]);

  if (user) return <>{children}</>;
  if (restoring)
    return (
      <>
        {pending ?? (
          <p role="status" aria-busy="true">
            {intl.formatMessage(shellMessages.restoring)}
          </p>
        )}
      </>
    );
  if (signedOutElsewhere) {
    return (
      <div role="alert" className="panel" data-testid="signed-out-elsewhere">
        <h2>{intl.formatMessage(shellMessages.signedOutTitle)}</h2>
        <p>{intl.formatMessage(shellMessages.signedOutElsewhere)}</p>
        <button
          type="button"
          onClick={() => void session.signIn(returnTo).catch((error: Error) => setFailure(error.message))}
        >
          {intl.formatMessage(shellMessages.signInAgain)}
        </button>
      </div>
    );
  }
  if (failure) {
    return (
      <div role="alert" className="panel error" data-testid="sign-in-error">
        <h2>{intl.formatMessage(shellMessages.signInUnavailable)}</h2>
        <p>{failure}</p>
        <button
          type="button"
          onClick={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <p role="status" aria-busy="true" data-testid="redirecting-to-sign-in">
      Taking you to sign in…
    </p>
  );
}
