import type { ReactNode } from 'react';

/**
 * A table of the diagnostics page: its header row from `columns`, its rows as given. It scrolls
 * sideways on its own at 320 px, so its region is named and reachable with a keyboard.
 */
export function DiagnosticsTable({
  label,
  columns,
  testId,
  children,
}: {
  readonly label: string;
  readonly columns: readonly string[];
  readonly testId?: string;
  readonly children: ReactNode;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
