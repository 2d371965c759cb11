import { useState } from 'react';
import { useEvent } from '@mfe/context';

/** Reacts to other areas' events without importing them: here, invitations sent from referrals. */
export function RecentActivity() {
  const [invited, setInvited] = useState<string | null>(null);
  // replayLast: the invitation was usually sent before this page was open.
  useEvent('referrals:invite-sent', ({ email }) => setInvited(email), { replayLast: true });
  if (!invited) return null;
  return <p data-testid="account-activity">You invited {invited} during this session.</p>;
}
