import { useEffect, useState } from 'react';
import { CONTRACT_VERSION } from '@mfe/context';
import { describeProblem } from '../manifest';
import { useHostServices } from '../host-services';
import { OverrideForm } from './Overrides';

/**
 * `/diagnostics`: what this host was composed from, for platform engineers
 * and support. Shows no tokens or personal data.
 */
export function Diagnostics() {
  const { config, manifest, loader, events } = useHostServices();
  // Read after commit: the page we came from ends its subscriptions in the same commit.
  const [subscriptions, setSubscriptions] = useState<number | null>(null);
  useEffect(() => setSubscriptions(events.subscriptionCount()), [events]);
  return (
    <div data-testid="diagnostics">
      <h1>Diagnostics</h1>
      <h2>Host</h2>
      <ul>
        <li>Contract (@mfe/context): {CONTRACT_VERSION}</li>
        <li>Provides: {Object.entries(__MFE_PROVIDED_VERSIONS__).map(([name, version]) => `${name} ${version}`).join(', ')}</li>
        <li>Sign-in provider: {config.auth.authority} (client {config.auth.clientId})</li>
        <li>Remote origins allowed: {config.allowedRemoteOrigins.join(', ') || 'only this origin'}</li>
        <li>API origins: {config.apiOrigins.join(', ') || 'none'}</li>
        <li>
          Event subscriptions: <span data-testid="event-subscriptions">{subscriptions ?? '…'}</span>
        </li>
      </ul>
      <OverrideForm />
      <h2>Remotes</h2>
      <table className="claims">
        <thead>
          <tr>
            <th>name</th>
            <th>path</th>
            <th>entry</th>
            <th>status</th>
          </tr>
        </thead>
        <tbody>
          {manifest.remotes.map((remote) => {
            const status = loader.status(remote.name);
            return (
              <tr key={remote.name} data-remote={remote.name}>
                <td>{remote.name}</td>
                <td>{remote.path}</td>
                <td>
                  {remote.entry}
                  {remote.integrity ? ' (pinned)' : ''}
                </td>
                <td>{status.state === 'failed' ? `failed: ${status.message}` : status.state}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2>Refused manifest entries</h2>
      {manifest.problems.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul data-testid="diagnostics-problems">
          {manifest.problems.map((problem) => (
            <li key={problem.index}>{describeProblem(problem)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
