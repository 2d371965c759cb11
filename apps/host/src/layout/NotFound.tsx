import { Link, useLocation } from 'react-router';

export function NotFound() {
  const location = useLocation();
  return (
    <div className="panel" data-testid="not-found">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{location.pathname}</code>. Check the address, or go back to the <Link to="/">home page</Link>.
      </p>
    </div>
  );
}
