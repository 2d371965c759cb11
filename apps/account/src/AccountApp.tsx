import { Route, Routes } from 'react-router';
import { AreaNavLink, usePageTitle } from '@mfe/context';
import { ClaimsPage } from './ClaimsPage';
import { RecentActivity } from './RecentActivity';
import { ProfilePage } from './ProfilePage';
import styles from './AccountApp.css';

function NotFound() {
  usePageTitle('Page not found');
  return <p role="alert">This account page does not exist.</p>;
}

/** Routes are relative to wherever the host mounts this remote. */
export function AccountApp() {
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        Your account
      </h1>
      <RecentActivity />
      <nav aria-label="Account sections" className="subnav">
        {/* From the area's root on every page of it, marking the page on screen (aria-current). */}
        <AreaNavLink to="">Claims</AreaNavLink>
        <AreaNavLink to="profile">Profile</AreaNavLink>
      </nav>
      <Routes>
        <Route index element={<ClaimsPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </section>
  );
}
