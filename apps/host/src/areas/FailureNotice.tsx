import { useId, useState } from 'react';
import { useShellIntl } from '../host-services/use-shell-intl';
import { shellMessages } from '../i18n/shell-messages';

/**
 * A failed part, as its slot's owner has it shown: the notice with Retry, or (a header) a compact
 * control within the slot's box that opens the same notice below it. The text itself is announced by
 * the frame's status region.
 */
export function FailureNotice({
  label,
  text,
  canRetry,
  onRetry,
  compact,
}: {
  readonly label: string;
  readonly text: string;
  readonly canRetry: boolean;
  readonly onRetry: () => void;
  readonly compact: boolean;
}) {
  const intl = useShellIntl();
  const [open, setOpen] = useState(false);
  const details = useId();
  const notice = (
    <>
      <p>{text}</p>
      {canRetry ? (
        <button type="button" onClick={onRetry}>
          {intl.formatMessage(shellMessages.retry)}
        </button>
      ) : null}
    </>
  );
  if (!compact) {
    return (
      <div className="slot-failed" data-testid="contribution-failed">
        {notice}
      </div>
    );
  }
  const short = intl.formatMessage(shellMessages.contributionNotShown, { label });
  return (
    <div
      className="slot-failed slot-failed-compact"
      data-testid="contribution-failed"
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className="slot-failed-toggle"
        aria-expanded={open}
        aria-controls={details}
        title={short}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⚠</span>
        <span className="visually-hidden">{short}</span>
      </button>
      <div id={details} className="slot-failed-details" hidden={!open}>
        {notice}
      </div>
    </div>
  );
}
