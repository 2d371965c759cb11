import { AreaLink, defineContribution, useIntl } from '@mfe/context';
import { catalogue } from '../catalogue';
import { messages } from '../messages';
import styles from './invite-tile.css';

/** A tile on the home page (the slot `home.tiles`), for everyone: what referring brings, and the way to it. */
export function InviteTile() {
  const intl = useIntl();
  return (
    <div data-testid="referrals-tile">
      <h2 className={styles.heading}>{intl.formatMessage(messages.cardTitle)}</h2>
      <p>{intl.formatMessage(messages.cardText)}</p>
      <p>
        <AreaLink to="/invite" className={styles.link}>
          {intl.formatMessage(messages.inviteSomeone)}
        </AreaLink>
      </p>
    </div>
  );
}

export default defineContribution('home.tiles', InviteTile, { messages: catalogue });
