import { usePageTitle, useUser } from '@mfe/context';

export function ClaimsPage() {
  const user = useUser();
  usePageTitle('Claims');
  if (!user) return <p>Nobody is signed in.</p>;
  return (
    <div>
      <p data-testid="account-greeting" {...({ elementtiming: 'account-greeting' } as Record<string, string>)}>Signed in as {user.name ?? user.sub}</p>
      <div className="table-scroll" role="region" aria-label="Your claims" tabIndex={0}>
      <table className="claims">
        <caption>Claims the host received for you</caption>
        <tbody>
          {Object.entries(user.claims).map(([claim, value]) => (
            <tr key={claim}>
              <th scope="row">{claim}</th>
              <td>{typeof value === 'string' ? value : JSON.stringify(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}
