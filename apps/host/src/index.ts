// The host provides the shared singletons eagerly (bundled into this script), so no async
// boundary is needed before the app starts. The silent-renewal iframe only needs its callback.
import { SILENT_CALLBACK_PATH } from '@mfe/auth/paths';
import { start } from './bootstrap';

if (window.location.pathname === SILENT_CALLBACK_PATH) {
  void import('@mfe/auth/silent-callback').then((m) => m.completeSilentCallback());
} else {
  void start();
}
