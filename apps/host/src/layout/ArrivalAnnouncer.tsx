import { useEffect, useRef, useState } from 'react';
import { takeArrival } from '@mfe/auth';
import { useSessionSnapshot } from '../host-services/hooks';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

/**
 * After the round trip through the provider (signing in, or out), focus goes to the page's content
 * (`#main`, which holds its heading; an area's own heading may still be loading) and the change is
 * said in a status region, once the session is known. Other page loads keep the browser's focus.
 */
export function ArrivalAnnouncer() {
  const { user, restoring } = useSessionSnapshot();
  const intl = useShellIntl();
  const [message, setMessage] = useState('');
  const done = useRef(false);
  useEffect(() => {
    if (done.current || restoring) return;
    done.current = true;
    const arrival = takeArrival();
    if (!arrival) return;
    document.getElementById('main')?.focus();
    setMessage(
      arrival === 'signed-in' && user
        ? intl.formatMessage(shellMessages.signedInAs, { name: user.name ?? user.email ?? user.sub })
        : arrival === 'signed-out'
          ? intl.formatMessage(shellMessages.signedOut)
          : '',
    );
  }, [restoring, user, intl]);
  return (
    <div role="status" className="visually-hidden" data-testid="auth-announcement">
      {message}
    </div>
  );
}
