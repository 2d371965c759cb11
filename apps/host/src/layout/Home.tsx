import { Link } from 'react-router';
import { useHostServices, useSessionSnapshot, useUsableRemotes } from '../host-services';

export function Home() {
  const { config, session } = useHostServices();
  const usable = useUsableRemotes();
  const { user, restoring } = useSessionSnapshot();
  return (
    <div>
      <h1>Welcome to {config.productName}</h1>
      {user ? (
        <p data-testid="home-greeting">Hello, {user.name ?? user.sub}.</p>
      ) : restoring ? (
        <p role="status">Restoring your session…</p>
      ) : (
        <p>
          <button type="button" onClick={() => void session.signIn()} onMouseEnter={() => session.prepare()} onFocus={() => session.prepare()}>
            Sign in
          </button>{' '}
          to use the feature areas.
        </p>
      )}
      <ul className="area-list" aria-label="Feature areas">
        {usable.map((remote) => (
          <li key={remote.name}>
            <Link to={remote.path}>{remote.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
