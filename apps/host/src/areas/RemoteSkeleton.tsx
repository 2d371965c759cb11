import { useAreaLabel } from '../host-services/use-area-labels';
import { shellMessages } from '../i18n/shell-messages';
import { useShellIntl } from '../host-services/use-shell-intl';
import type { RemoteEntry } from '../manifest';

/**
 * The area's place while its session is restored or its code loads: its name as the page's
 * heading and a status, in a box that reserves the area's space (so nothing below it moves when
 * the area mounts). Shown from the first render the manifest allows.
 */
export function RemoteSkeleton({
  remote,
  what,
}: {
  readonly remote: Pick<RemoteEntry, 'name' | 'label' | 'labels'>;
  readonly what?: string;
}) {
  const intl = useShellIntl();
  const label = useAreaLabel(remote);
  return (
    <section
      className="remote-slot remote-skeleton"
      aria-labelledby={`skeleton-${remote.name}`}
      aria-busy="true"
      data-testid="remote-loading"
    >
      <h1 id={`skeleton-${remote.name}`}>{label}</h1>
      <p role="status">{what ?? intl.formatMessage(shellMessages.loadingArea, { label })}</p>
    </section>
  );
}
