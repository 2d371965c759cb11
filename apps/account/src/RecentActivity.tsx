import { useState } from 'react';
import { useEvent, useIntl } from '@mfe/context';
import { messages } from './messages';

/** Reacts to other areas' events without importing them: here, invitations sent from referrals. */
export function RecentActivity() {
  const [invited, setInvited] = useState<string | null>(null);
  const intl = useIntl();
  // replayLast: the invitation was usually sent before this page was open.
  useEvent('referrals:invite-sent', ({ email }) => setInvited(email), { replayLast: true });
  if (!invited) return null;
  return <p data-testid="account-activity">{intl.formatMessage(messages.invited, { email: invited })}</p>;
}
