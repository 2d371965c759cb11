import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';

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
  const intl = useShellIntl();
  return (
    <div
      role="alert"
      className="remote-slot panel error"
      data-testid="remote-error"
      data-remote={remoteName}
      data-needs-update={needsUpdate}
    >
      <h1>
        {intl.formatMessage(needsUpdate ? shellMessages.areaNeedsUpdate : shellMessages.areaUnavailable, { label })}
      </h1>
      <p>{message}</p>
      <p>{intl.formatMessage(shellMessages.restOfAppWorks)}</p>
      <button type="button" onClick={onRetry}>
        {intl.formatMessage(shellMessages.retry)}
      </button>
    </div>
  );
}
