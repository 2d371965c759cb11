import { Route, Routes } from 'react-router';
import { AreaNavLink, useIntl, usePageTitle } from '@mfe/context';
import { messages } from './messages';
import { ClaimsPage } from './ClaimsPage';
import { RecentActivity } from './RecentActivity';
import { ProfilePage } from './ProfilePage';
import styles from './AccountApp.css';

function NotFound() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.notFoundTitle));
  return <p role="alert">{intl.formatMessage(messages.notFound)}</p>;
}

/** Routes are relative to wherever the host mounts this remote. */
export function AccountApp() {
  const intl = useIntl();
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        {intl.formatMessage(messages.title)}
      </h1>
      <RecentActivity />
      <nav aria-label={intl.formatMessage(messages.sections)} className="subnav">
        {/* From the area's root on every page of it, marking the page on screen (aria-current). */}
        <AreaNavLink to="">{intl.formatMessage(messages.claims)}</AreaNavLink>
        <AreaNavLink to="profile">{intl.formatMessage(messages.profile)}</AreaNavLink>
      </nav>
      <Routes>
        <Route index element={<ClaimsPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </section>
  );
}
