import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canUse, describeRequirement } from '../access';
import { useSessionSnapshot, useViewer } from '../host-services/hooks';
import type { RemoteEntry } from '../manifest';
import { RemoteSkeleton } from '../areas/RemoteSkeleton';
import { useAreaLabel } from '../host-services/use-area-labels';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * Renders the remote only for users who may use it; others get a "no access" page and nothing is
 * downloaded. While a session is being restored the area's skeleton waits for the user; a session
 * that expired keeps the page as it was (the expiry notice is shown over it).
 */
export function RequireAccess({ remote, children }: { readonly remote: RemoteEntry; readonly children?: ReactNode }) {
  const { restoring } = useSessionSnapshot(); // re-render when the user changes
  const intl = useShellIntl();
  const label = useAreaLabel(remote);
  if (canUse(remote, useViewer())) return <>{children}</>;
  if (restoring) return <RemoteSkeleton remote={remote} />;
  return (
    <div role="alert" className="panel" data-testid="no-access" data-remote={remote.name}>
      <h1>{intl.formatMessage(shellMessages.noAccessTitle, { label })}</h1>
      <p>{intl.formatMessage(shellMessages.noAccess, { label, requirement: describeRequirement(remote, intl) })}</p>
      <p>
        <Link to="/">{intl.formatMessage(shellMessages.notFoundHome)}</Link>
      </p>
    </div>
  );
}
