import { useIntl, usePageTitle, useUser } from '@mfe/context';
import { messages } from './messages';

export function ClaimsPage() {
  const user = useUser();
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.claims));
  if (!user) return <p>{intl.formatMessage(messages.nobody)}</p>;
  return (
    <div>
      <p data-testid="account-greeting" {...({ elementtiming: 'account-greeting' } as Record<string, string>)}>
        {intl.formatMessage(messages.signedInAs, { name: user.name ?? user.sub })}
      </p>
      <div className="table-scroll" role="region" aria-label={intl.formatMessage(messages.yourClaims)} tabIndex={0}>
        <table className="claims">
          <caption>{intl.formatMessage(messages.claimsCaption)}</caption>
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
