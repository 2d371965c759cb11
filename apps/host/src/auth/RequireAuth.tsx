import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useHostServices, useSessionSnapshot } from '../host-services';

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

  useEffect(() => {
    if (user || signedOutElsewhere || restoring || session.isLeaving()) return;
    session.signIn(returnTo).catch((error: Error) => setFailure(error.message));
  }, [user, signedOutElsewhere, restoring, session, returnTo, attempt]);

  if (user) return <>{children}</>;
  if (restoring) return <>{pending ?? <p role="status" aria-busy="true">Restoring your session…</p>}</>;
  if (signedOutElsewhere) {
    return (
      <div role="alert" className="panel" data-testid="signed-out-elsewhere">
        <h2>You signed out</h2>
        <p>You signed out of the app in another tab, so this page is closed too.</p>
        <button type="button" onClick={() => void session.signIn(returnTo).catch((error: Error) => setFailure(error.message))}>
          Sign in again
        </button>
      </div>
    );
  }
  if (failure) {
    return (
      <div role="alert" className="panel error" data-testid="sign-in-error">
        <h2>Sign-in is unavailable</h2>
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
