import { Link } from 'react-router';
import { useHostServices, useSessionUser, useUsableRemotes } from '../host-services';

export function Home() {
  const { config, session } = useHostServices();
  const usable = useUsableRemotes();
  const user = useSessionUser();
  return (
    <div>
      <h1>Welcome to {config.productName}</h1>
      {user ? <p data-testid="home-greeting">Hello, {user.name ?? user.sub}.</p> : (
        <p>
          <button type="button" onClick={() => void session.signIn()}>
            Sign in
          </button>{' '}
          to use the feature areas.
        </p>
      )}
      <ul>
        {usable.map((remote) => (
          <li key={remote.name}>
            <Link to={remote.path}>{remote.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
