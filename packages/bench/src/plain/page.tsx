// BENCH FIXTURE: the public referrals page's content (header, heading, text, illustration, button),
// written for React alone: the plain React page (index.tsx) renders it, and so does the same page on
// the platform's fixed choices (../fixed-choices), and the federated floor's area (../federated-floor).
import styles from '@mfe/referrals/ReferralsApp.css';
import inviteIllustration from '@mfe/referrals/invite.svg';
import { PlainHeader } from './header';

const paintMarker = (id: string) => ({ elementtiming: id }) as Record<string, string>;

/** The referrals area's content: the federated floor loads it as a remote (../federated-floor). */
export function PlainArea() {
  return (
    <main id="main">
      <section aria-labelledby="referrals-title">
        <h1 id="referrals-title" className={styles.title}>
          Referrals
        </h1>
        <div className={styles.intro}>
          <img className={styles.illustration} src={inviteIllustration} alt="" />
          <p data-testid="referrals-overview" {...paintMarker('referrals-overview')}>
            Hello there. The referrals area is being built; this is where it will live.
          </p>
        </div>
        {/* As the area's button: its handler goes to the invitation (the interactive-time scenario waits for it). */}
        <button type="button" onClick={() => history.pushState(null, '', '/referrals/invite')}>
          Invite someone
        </button>
      </section>
    </main>
  );
}

/** The public referrals page's content, as the area shows it: what every reference page renders. */
export function PlainPage() {
  return (
    <>
      <PlainHeader />
      <PlainArea />
    </>
  );
}
