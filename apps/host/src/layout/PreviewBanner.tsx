import { useHostServices } from '../host-services/hooks';
import { leavePreview } from '../remotes/tab-choices';
import { storageOrNull } from '../browser-storage';

/** What a preview link did: the branch build on screen and until when, or why nothing of it loaded. */
export function PreviewBanner() {
  const { preview } = useHostServices();
  if (!preview) return null;
  if (preview.kind === 'refused') {
    return (
      <aside className="notice" role="status" data-testid="preview-refused">
        {preview.message}
      </aside>
    );
  }
  return (
    <aside className="notice overrides" role="status" data-testid="preview-banner">
      <strong>
        Preview: {preview.remote} {preview.version}
      </strong>
      , everything else as live, until {new Date(preview.expiresAt).toUTCString()}.{' '}
      <button
        type="button"
        onClick={() => {
          leavePreview(storageOrNull('sessionStorage'));
          window.location.reload();
        }}
      >
        Leave the preview
      </button>
    </aside>
  );
}
