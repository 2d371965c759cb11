import { useState } from 'react';
import { AreaLink, defineContribution, useEvent, useIntl } from '@mfe/context';
import { catalogue } from '../catalogue';
import { messages } from '../messages';
import styles from './activity-count.css';

/**
 * In the shell's header (the slot `shell.header.end`, which keeps it mounted across navigation): how
 * many invitations the person sent in this session, from referrals' events, linking to the account
 * area where they are listed. The manifest shows it to signed-in people only.
 */
export function ActivityCount() {
  const intl = useIntl();
  // Each invitation once, however often it is delivered (replayLast: one sent before the header's
  // part had loaded still counts, and a replay to a new subscription is not a new invitation).
  const [sent, setSent] = useState<ReadonlySet<string>>(() => new Set());
  useEvent(
    'referrals:invite-sent',
    ({ email, sentAt }) =>
      setSent((before) => (before.has(`${sentAt} ${email}`) ? before : new Set(before).add(`${sentAt} ${email}`))),
    { replayLast: true },
  );
  const count = sent.size;
  return (
    <AreaLink to="" className={styles.link} data-testid="activity-count" data-count={count}>
      {intl.formatMessage(messages.activity)}{' '}
      {/* The badge is for the eye; the sentence after it says the same to a screen reader. */}
      <span className={styles.badge} aria-hidden="true">
        {intl.formatMessage(messages.activityBadge, { count })}
      </span>
      <span className={styles.spoken}>{intl.formatMessage(messages.activityCount, { count })}</span>
    </AreaLink>
  );
}

export default defineContribution('shell.header.end', ActivityCount, { messages: catalogue });
