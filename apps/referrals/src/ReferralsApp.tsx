import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { useIntl, usePageTitle, useRemote, useTelemetry, useUser } from '@mfe/context';
import { messages } from './messages';
import styles from './ReferralsApp.css';
import inviteIllustration from './invite.svg';

// Placeholder for the product's first feature area. No business rules are
// specified yet, so this shows only the wiring: nested routes, the signed-in
// user from the host, navigation relative to the mount point, telemetry.

/** Element Timing marker: the benchmark measures when this text is painted. */
const paintMarker = (id: string) => ({ elementtiming: id }) as Record<string, string>;

function Overview() {
  const user = useUser();
  const { navigate } = useRemote();
  const telemetry = useTelemetry();
  const intl = useIntl();
  return (
    <div>
      <div className={styles.intro}>
        <img className={styles.illustration} src={inviteIllustration} alt="" data-testid="referrals-illustration" />
        <p data-testid="referrals-overview" {...paintMarker('referrals-overview')}>
          {intl.formatMessage(messages.overview, { anonymous: user?.name ? 'no' : 'yes', name: user?.name ?? '' })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => {
          telemetry.track('referrals.invite_opened');
          navigate('/invite');
        }}
      >
        {intl.formatMessage(messages.inviteSomeone)}
      </button>
    </div>
  );
}

function NotFound() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.notFoundTitle));
  return <p role="alert">{intl.formatMessage(messages.notFound)}</p>;
}

// Each nested page is its own chunk, loaded on first visit (the host's Suspense shows progress).
const Invite = lazy(() => import(/* webpackChunkName: "invite" */ './Invite'));

export function ReferralsApp() {
  const intl = useIntl();
  return (
    <section aria-labelledby="referrals-title">
      <h1 id="referrals-title" className={styles.title}>
        {intl.formatMessage(messages.title)}
      </h1>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="invite" element={<Invite />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </section>
  );
}
