import { Link, Route, Routes } from 'react-router';
import { ClaimsPage } from './ClaimsPage';
import { RecentActivity } from './RecentActivity';
import { UserInfoPage } from './UserInfoPage';
import styles from './AccountApp.css';

/** Routes are relative to wherever the host mounts this remote. */
export function AccountApp() {
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        Your account
      </h1>
      <RecentActivity />
      <nav aria-label="Account sections" className="subnav">
        <Link to="">Claims</Link>
        <Link to="userinfo">Provider profile</Link>
      </nav>
      <Routes>
        <Route index element={<ClaimsPage />} />
        <Route path="userinfo" element={<UserInfoPage />} />
        <Route path="*" element={<p role="alert">This account page does not exist.</p>} />
      </Routes>
    </section>
  );
}
