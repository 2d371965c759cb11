import { Link } from 'react-router';
import { useHostServices, useSessionSnapshot, useUsableRemotes } from '../host-services/hooks';
import { useLocalizedRemotes } from '../host-services/use-area-labels';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';
import { SlotOutlet } from '../areas/SlotOutlet';

// The same object on every render: new parameters would reach a tile still hydrating from the HTML.
const NO_PARAMS = Object.freeze({});
/**
 * The tiles in the first view on any screen (a phone at 320 px shows the first): their scripts are
 * hinted in the page; the boot script hints those a wider screen shows, as it measures them.
 */
const TILES_IN_FIRST_VIEW = 1;

export function Home() {
  const { config, session } = useHostServices();
  const usable = useLocalizedRemotes(useUsableRemotes());
  const { user, restoring } = useSessionSnapshot();
  const intl = useShellIntl();
  return (
    <div>
      <h1>{intl.formatMessage(shellMessages.welcome, { productName: config.productName })}</h1>
      {user ? (
        <p data-testid="home-greeting">{intl.formatMessage(shellMessages.hello, { name: user.name ?? user.sub })}</p>
      ) : restoring ? (
        <p role="status">{intl.formatMessage(shellMessages.restoring)}</p>
      ) : (
        <p>
          {intl.formatMessage(shellMessages.signInToUse)}{' '}
          <button
            type="button"
            onClick={() => void session.signIn()}
            onMouseEnter={() => session.prepare()}
            onFocus={() => session.prepare()}
          >
            {intl.formatMessage(shellMessages.signIn)}
          </button>
        </p>
      )}
      <ul className="area-list" aria-label={intl.formatMessage(shellMessages.featureAreas)}>
        {usable.map((remote) => (
          <li key={remote.name}>
            <Link to={remote.path}>{remote.label}</Link>
          </li>
        ))}
      </ul>
      {/* Tiles other teams put on the home page, as the manifest composes them. */}
      <SlotOutlet
        name="home.tiles"
        params={NO_PARAMS}
        firstView={TILES_IN_FIRST_VIEW}
        presentation={{
          partLabel: (label) => intl.formatMessage(shellMessages.contributionOnHome, { label }),
        }}
      />
    </div>
  );
}
