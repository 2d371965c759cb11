import { AreaLink, defineContribution, useIntl, useUser } from '@mfe/context';
import { catalogue } from '../catalogue';
import { messages } from '../messages';
import styles from './profile-tile.css';

/** A tile on the home page (the slot `home.tiles`): who the person is signed in as, and a way to their profile. */
export function ProfileTile() {
  const intl = useIntl();
  const user = useUser();
  return (
    <div data-testid="account-tile">
      <h2 className={styles.heading}>{intl.formatMessage(messages.title)}</h2>
      {user ? <p>{intl.formatMessage(messages.signedInAs, { name: user.name ?? user.sub })}</p> : null}
      <p>
        <AreaLink to="profile" className={styles.link}>
          {intl.formatMessage(messages.tileLink)}
        </AreaLink>
      </p>
    </div>
  );
}

export default defineContribution('home.tiles', ProfileTile, { messages: catalogue });
