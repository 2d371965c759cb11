import { useSyncExternalStore } from 'react';
import { useHostServices } from '../host-services/hooks';
import { entriesOf } from '../manifest';
import { contributionKey } from '../remotes/contribution-loader';
import { isOffered } from '../remotes/offered-slots';
import { DiagnosticsTable } from './DiagnosticsTable';

/**
 * The diagnostics page's slots: every contribution the manifest places, by slot, with what it did
 * in this page (waiting, loading, shown or failed; its remote's version, load time, failures against
 * its budget, last error) or "not placed" while no page offering its slot has been open, or that
 * no page offers its slot at all (offered-slots.ts).
 */
export function DiagnosticsSlots() {
  const { manifest, contributions, loader } = useHostServices();
  const entries = entriesOf(manifest);
  const records = useSyncExternalStore(contributions.subscribe, contributions.snapshot, contributions.snapshot);
  const byKey = new Map(records.map((record) => [contributionKey(record), record]));
  const listed = entries
    .flatMap((remote) => (remote.contributions ?? []).map((contribution) => ({ ...contribution, remote: remote.name })))
    .sort((a, b) => a.slot.localeCompare(b.slot) || a.order - b.order || a.remote.localeCompare(b.remote));
  if (listed.length === 0) return <p>No remote contributes to a slot.</p>;
  return (
    <DiagnosticsTable
      label="Slots"
      testId="diagnostics-slots"
      columns={['slot', 'remote', 'module', 'order', 'for', 'state', 'version', 'load time', 'failures', 'last error']}
    >
      {listed.map((contribution) => {
        const key = contributionKey(contribution);
        const record = byKey.get(key);
        const roles = contribution.requires?.roles?.join(' or ');
        return (
          <tr key={key} data-contribution={key}>
            <td>{contribution.slot}</td>
            <td>{contribution.remote}</td>
            <td>{contribution.module}</td>
            <td>{contribution.order}</td>
            <td>{[contribution.requiresAuth ? 'signed in' : 'everyone', roles].filter(Boolean).join(', ')}</td>
            <td data-testid="contribution-state">
              {record?.state ??
                (isOffered(contribution.slot, entries, (area) => loader.build(area).slots)
                  ? 'not placed'
                  : 'no page offers this slot')}
            </td>
            <td>{record?.version ?? '—'}</td>
            <td>{record?.loadMs !== undefined ? `${record.loadMs} ms` : '—'}</td>
            <td>{record?.failures ?? 0}</td>
            <td>{record?.lastError ? `${record.lastError.code}: ${record.lastError.message}` : '—'}</td>
          </tr>
        );
      })}
    </DiagnosticsTable>
  );
}
