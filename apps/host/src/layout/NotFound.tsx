import { Link, useLocation } from 'react-router';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

export function NotFound() {
  const location = useLocation();
  const intl = useShellIntl();
  return (
    <div className="panel" data-testid="not-found">
      <h1>{intl.formatMessage(shellMessages.notFoundTitle)}</h1>
      <p>{intl.formatMessage(shellMessages.notFoundBody, { path: location.pathname })}</p>
      <p>
        <Link to="/">{intl.formatMessage(shellMessages.notFoundHome)}</Link>
      </p>
    </div>
  );
}
