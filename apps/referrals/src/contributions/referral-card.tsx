import { useState } from 'react';
import { AreaLink, defineContribution, useIntl, type ContributionProps } from '@mfe/context';
import { catalogue } from '../catalogue';
import { messages } from '../messages';
import styles from './referral-card.css';

/**
 * "Refer a friend", beside the person's profile in the account area (the slot
 * `account.profile.aside`): a link into this area's invitation page, and a code to share that
 * works the moment it shows.
 */
export function ReferralCard({ params }: ContributionProps<'account.profile.aside'>) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.card} data-testid="referral-card">
      <h3 className={styles.heading}>{intl.formatMessage(messages.cardTitle)}</h3>
      <p>{intl.formatMessage(messages.cardText)}</p>
      <p>
        <button type="button" onClick={() => setShown(true)} aria-expanded={shown}>
          {intl.formatMessage(messages.cardShowCode)}
        </button>
      </p>
      {shown ? (
        <p data-testid="referral-code">
          {intl.formatMessage(messages.cardCode, { code: referralCode(params.userId) })}
        </p>
      ) : null}
      <p>
        <AreaLink to="/invite" className={styles.link}>
          {intl.formatMessage(messages.inviteSomeone)}
        </AreaLink>
      </p>
    </div>
  );
}

/** A short code from the person's id (no referrals service exists yet to issue one). */
export function referralCode(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36).toUpperCase().padStart(6, '0').slice(-6);
}

export default defineContribution('account.profile.aside', ReferralCard, { messages: catalogue });
