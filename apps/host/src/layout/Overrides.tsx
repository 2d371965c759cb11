import { useHostServices } from '../host-services/hooks';
import { clearOverrides } from '../remotes/tab-choices';

/** Shown on every page while developer overrides are active: which remotes come from where, and a reset. */
export function OverridesBanner() {
  const { overrides = {} } = useHostServices();
  const active = Object.entries(overrides);
  if (active.length === 0) return null;
  return (
    <aside className="notice overrides" role="status" data-testid="overrides-banner">
      <strong>Developer overrides are active in this tab:</strong>
      <ul>
        {active.map(([name, entry]) => (
          <li key={name}>
            {name} → {entry}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          clearOverrides();
          window.location.reload();
        }}
      >
        Reset overrides
      </button>
    </aside>
  );
}
