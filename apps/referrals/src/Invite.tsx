import { useState, type FormEvent } from 'react';
import { AreaLink, useEvents, useIntl, usePageTitle } from '@mfe/context';
import { messages } from './messages';
import styles from './ReferralsApp.css';

export default function Invite() {
  const events = useEvents();
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.inviteSomeone));
  const [sent, setSent] = useState<{ email: string; at: Date } | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return;
    // No referrals service exists yet: the invitation is only announced, for other areas to react to.
    const at = new Date();
    events.emit('referrals:invite-sent', { email, sentAt: at.toISOString() });
    setSent({ email, at });
  };
  return (
    <div>
      <h2>{intl.formatMessage(messages.inviteSomeone)}</h2>
      <p data-testid="referrals-invite">{intl.formatMessage(messages.inviteExplained)}</p>
      <form onSubmit={submit}>
        <label>
          {intl.formatMessage(messages.email)} <input name="email" type="email" required />
        </label>{' '}
        <button type="submit">{intl.formatMessage(messages.send)}</button>
      </form>
      {sent && (
        <p role="status" data-testid="referrals-sent">
          {intl.formatMessage(messages.sent, { email: sent.email, sentAt: sent.at })}
        </p>
      )}
      <p>
        <AreaLink to="" className={styles.back}>
          {intl.formatMessage(messages.back)}
        </AreaLink>
      </p>
    </div>
  );
}
