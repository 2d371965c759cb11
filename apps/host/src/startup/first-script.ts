// The host provides the shared singletons eagerly (bundled into this script), so no async
// boundary is needed for them. The start-up itself (every module's first run, then the first
// render: one long task) waits until the boot script has asked for the opening area's files, which
// it could not do while that task runs; never longer than BOOT_WAIT_MS. The silent-renewal iframe
// only needs its callback.
import { SILENT_CALLBACK_PATH } from '@mfe/auth/paths';
import { bootPreloadsStarted } from '../early-fetch';

/** How long the host's start-up waits at most for the boot script's requests (its responses are usually in already). */
const BOOT_WAIT_MS = 50;

if (window.location.pathname === SILENT_CALLBACK_PATH) {
  void import('@mfe/auth/silent-callback').then((m) => m.completeSilentCallback());
} else {
  void bootPreloadsStarted(BOOT_WAIT_MS)
    .then(() => import(/* webpackMode: "eager" */ './start'))
    .then(({ start }) => start());
}
