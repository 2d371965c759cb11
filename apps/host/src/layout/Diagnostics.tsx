import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CONTRACT_VERSION } from '@mfe/context';
import { canSeeDiagnostics } from '../access';
import { describeProblem, entriesOf } from '../manifest';
import { describeChoice } from '../remotes/cohort';
import { isLoaded } from '../remotes/remote-record';
import { useHostServices, useSessionSnapshot } from '../host-services/hooks';
import { recentTelemetry, telemetryReady } from '../telemetry';
import { OverrideForm } from './OverrideForm';
import { DiagnosticsLoads } from './DiagnosticsLoads';
import { DiagnosticsSlots } from './DiagnosticsSlots';
import { DiagnosticsTable } from './DiagnosticsTable';

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * `/diagnostics`: what this host was composed from and how each remote is
 * doing, for platform engineers and support. Open to the configured roles
 * (everyone in development). Shows no tokens or personal data.
 */
export function Diagnostics() {
  const { config, session } = useHostServices();
  const { user } = useSessionSnapshot();
  if (!canSeeDiagnostics(config.diagnostics, session.onScreen)) {
    return (
      <div className="panel" data-testid="diagnostics-refused">
        <h1>Diagnostics</h1>
        <p>
          This page is for platform engineers: it needs the role{' '}
          {config.diagnostics.roles.join(' or ') || '(none configured)'}.{' '}
          {user ? 'Your account does not have it.' : 'Sign in with an account that has it.'}
        </p>
        <Link to="/">Back to the home page</Link>
      </div>
    );
  }
  return <DiagnosticsDetails />;
}

function DiagnosticsDetails() {
  const { config, manifest, loader, events, overrides, builds } = useHostServices();
  // Read after commit: the page we came from ends its subscriptions in the same commit.
  const [subscriptions, setSubscriptions] = useState<number | null>(null);
  useEffect(() => setSubscriptions(events.subscriptionCount()), [events]);
  // The telemetry hub loads once the page works: on this page opened directly, its records follow.
  const [, setTelemetryHere] = useState(false);
  useEffect(() => void telemetryReady().then(() => setTelemetryHere(true)), []);
  const showTelemetry = config.telemetry.adapters.some(
    (adapter) => adapter.type === 'console' || adapter.type === 'collector',
  );
  const telemetry = showTelemetry ? recentTelemetry().slice(-20).reverse() : [];
  return (
    <div data-testid="diagnostics" className="diagnostics">
      <h1>Diagnostics</h1>
      <h2>Host</h2>
      <ul>
        <li>Contract (@mfe/context): {CONTRACT_VERSION}</li>
        <li>
          Sign-in provider: {config.auth.authority} (client {config.auth.clientId})
        </li>
        <li>Remote origins allowed: {config.allowedRemoteOrigins.join(', ') || 'only this origin'}</li>
        <li>API origins: {config.apiOrigins.join(', ') || 'none'}</li>
        <li>Telemetry: {config.telemetry.adapters.map((adapter) => adapter.type).join(', ') || 'off'}</li>
        <li>
          Event subscriptions: <span data-testid="event-subscriptions">{subscriptions ?? '…'}</span>
        </li>
      </ul>
      <OverrideForm />
      <h2>Remotes</h2>
      <DiagnosticsTable
        label="Remotes"
        columns={[
          'name',
          'path',
          'origin',
          'entry',
          'version',
          'build',
          'contract',
          'status',
          'load time',
          'last error',
        ]}
      >
        {entriesOf(manifest).map((remote) => {
          const status = loader.status(remote.name);
          const build = loader.build(remote.name);
          const lastError = loader.lastError(remote.name);
          return (
            <tr key={remote.name} data-remote={remote.name}>
              <td>{remote.name}</td>
              <td>{remote.path ?? '— (contributions only)'}</td>
              <td>{originOf(remote.entry)}</td>
              <td>
                {remote.entry}
                {remote.integrity ? ' (pinned)' : ''}
                {overrides?.[remote.name] ? ' (override for this tab)' : ''}
              </td>
              <td data-testid="remote-version">{build.version ?? '—'}</td>
              <td data-testid="remote-build">
                {overrides?.[remote.name] ? 'override for this tab' : describeChoice(builds?.[remote.name])}
              </td>
              <td>{build.contractRange ?? '—'}</td>
              <td data-testid="remote-status">{status.state}</td>
              <td>{isLoaded(status) ? `${status.loadMs} ms` : '—'}</td>
              <td data-testid="remote-last-error">{lastError ? `${lastError.code}: ${lastError.message}` : '—'}</td>
            </tr>
          );
        })}
      </DiagnosticsTable>
      <h2>Loads</h2>
      <DiagnosticsLoads />
      <h2>Slots</h2>
      <DiagnosticsSlots />
      <h2>Shared singletons</h2>
      <DiagnosticsTable
        label="Shared singletons"
        testId="diagnostics-shared"
        columns={['package', 'version', 'provided by', 'loaded', 'used by']}
      >
        {loader.sharedModules().map((shared) => (
          <tr key={`${shared.name}@${shared.version}`} data-shared={shared.name}>
            <td>{shared.name}</td>
            <td>{shared.version}</td>
            <td>{shared.from}</td>
            <td>{shared.loaded ? 'yes' : 'no'}</td>
            <td>{shared.usedBy.join(', ') || '—'}</td>
          </tr>
        ))}
      </DiagnosticsTable>
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
      {showTelemetry && (
        <>
          <h2>Recent telemetry</h2>
          {telemetry.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul data-testid="diagnostics-telemetry">
              {telemetry.map((record, index) => (
                <li key={`${record.time}-${index}`}>
                  {new Date(record.time).toISOString().slice(11, 19)} {record.kind}{' '}
                  {record.remote
                    ? `${record.remote.name}${record.remote.version ? `@${record.remote.version}` : ''}`
                    : 'host'}{' '}
                  {record.name}
                  {record.error ? ` (${record.error.code ?? record.error.type}: ${record.error.message})` : ''}
                  {record.value !== undefined ? ` ${Math.round(record.value * 1000) / 1000}` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
