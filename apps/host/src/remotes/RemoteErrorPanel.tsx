interface Props {
  readonly label: string;
  readonly remoteName: string;
  readonly message: string;
  readonly onRetry: () => void;
  /** The remote was built for other versions: retrying will not help until it is rebuilt. */
  readonly needsUpdate?: boolean;
}

/** What a user sees instead of a feature area that failed; the rest of the app keeps working. */
export function RemoteErrorPanel({ label, remoteName, message, onRetry, needsUpdate = false }: Props) {
  return (
    <div role="alert" className="remote-slot panel error" data-testid="remote-error" data-remote={remoteName} data-needs-update={needsUpdate}>
      <h1>{needsUpdate ? `${label} needs an update` : `${label} is unavailable right now`}</h1>
      <p>{message}</p>
      <p>The rest of the app still works. You can retry, or use another area from the menu.</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
