import { useState, type FormEvent } from 'react';
import { AreaLink, useEvents, usePageTitle } from '@mfe/context';
import styles from './ReferralsApp.css';

export default function Invite() {
  const events = useEvents();
  usePageTitle('Invite someone');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return;
    // No referrals service exists yet: the invitation is only announced, for other areas to react to.
    events.emit('referrals:invite-sent', { email, sentAt: new Date().toISOString() });
    setSentTo(email);
  };
  return (
    <div>
      <h2>Invite someone</h2>
      <p data-testid="referrals-invite">Sending will reach the referrals service once it exists; for now the invitation is announced to the other areas.</p>
      <form onSubmit={submit}>
        <label>
          Email <input name="email" type="email" required />
        </label>{' '}
        <button type="submit">Send invitation</button>
      </form>
      {sentTo && <p role="status">Invitation to {sentTo} announced.</p>}
      <p>
        <AreaLink to="" className={styles.back}>
          Back to referrals
        </AreaLink>
      </p>
    </div>
  );
}
