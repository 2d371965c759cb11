import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { usePageTitle, useRemote, useTelemetry, useUser } from '@mfe/context';
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
  return (
    <div>
      <div className={styles.intro}>
        <img className={styles.illustration} src={inviteIllustration} alt="" data-testid="referrals-illustration" />
        <p data-testid="referrals-overview" {...paintMarker('referrals-overview')}>
          Hello {user?.name ?? 'there'}. The referrals area is being built; this is where it will live.
        </p>
      </div>
      <button
        type="button"
        onClick={() => {
          telemetry.track('referrals.invite_opened');
          navigate('/invite');
        }}
      >
        Invite someone
      </button>
    </div>
  );
}

function NotFound() {
  usePageTitle('Page not found');
  return <p role="alert">This referrals page does not exist.</p>;
}

// Each nested page is its own chunk, loaded on first visit (the host's Suspense shows progress).
const Invite = lazy(() => import(/* webpackChunkName: "invite" */ './Invite'));

export function ReferralsApp() {
  return (
    <section aria-labelledby="referrals-title">
      <h1 id="referrals-title" className={styles.title}>
        Referrals
      </h1>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="invite" element={<Invite />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </section>
  );
}
