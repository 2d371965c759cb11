import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canUse, describeRequirement } from '../access';
import { useSessionSnapshot, useViewer } from '../host-services';
import type { RemoteEntry } from '../manifest';
import { RemoteSkeleton } from '../remotes/RemoteSkeleton';

/**
 * Renders the remote only for users who may use it; others get a "no access" page and nothing is
 * downloaded. While a session is being restored the area's skeleton waits for the user; a session
 * that expired keeps the page as it was (the expiry notice is shown over it).
 */
export function RequireAccess({ remote, children }: { readonly remote: RemoteEntry; readonly children?: ReactNode }) {
  const { restoring } = useSessionSnapshot(); // re-render when the user changes
  if (canUse(remote, useViewer())) return <>{children}</>;
  if (restoring) return <RemoteSkeleton remote={remote} />;
  return (
    <div role="alert" className="panel" data-testid="no-access" data-remote={remote.name}>
      <h1>No access to {remote.label}</h1>
      <p>
        {remote.label} needs {describeRequirement(remote)}, which your account does not have. Ask your administrator if you need it, or go back to
        the <Link to="/">home page</Link>.
      </p>
    </div>
  );
}
