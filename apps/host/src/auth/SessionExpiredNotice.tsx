import { useState } from 'react';
import { useLocation } from 'react-router';
import { useHostServices } from '../host-services';

/**
 * Shown when the session cannot be renewed any more. The page underneath
 * stays as it is; signing in again brings the user back to it.
 */
export function SessionExpiredNotice() {
  const { session } = useHostServices();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <aside className="notice" role="alertdialog" aria-labelledby="session-expired-title" data-testid="session-expired">
      <strong id="session-expired-title">Your session has expired.</strong> Sign in again to continue; you will come back to this page.{' '}
      <button
        type="button"
        onClick={() =>
          void session.signIn(`${location.pathname}${location.search}${location.hash}`).catch((error: Error) => setFailure(error.message))
        }
      >
        Sign in again
      </button>
      {failure && <p role="alert">{failure}</p>}
    </aside>
  );
}
