import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHostServices } from '../host-services';

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
  useEffect(() => action.current?.focus(), []);
  return (
    <div className="notice" role="alertdialog" aria-labelledby="session-expired-title" aria-describedby="session-expired-text" data-testid="session-expired">
      <strong id="session-expired-title">Your session has expired.</strong>{' '}
      <span id="session-expired-text">Sign in again to continue; you will come back to this page.</span>{' '}
      <button
        ref={action}
        type="button"
        onClick={() =>
          void session.signIn(`${location.pathname}${location.search}${location.hash}`).catch((error: Error) => setFailure(error.message))
        }
      >
        Sign in again
      </button>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
