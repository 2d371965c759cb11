// The host's first script. The shared singletons are provided eagerly (bundled into this script), so
// no async boundary is needed for them. The start-up waits until the boot script has asked for the
// opening area's files, which it could not do while the start-up's long task runs; never longer
// than BOOT_WAIT_MS. The opening area is then hydrated on its own (its island, opening-island.tsx;
// on a page rendered in the browser, rendered in the page's placeholder), and only after that is the
// shell's code (start.tsx, its own chunk) run, or requested on a prerendered page: the area works
// before the rest of the platform has started. The silent-renewal iframe only needs its callback.
import { SILENT_CALLBACK_PATH } from '@mfe/auth/paths';
import { bootPreloadsStarted, markHostStarted } from '../early-fetch';
import { federatedLoader } from '../remotes/federated-loader';
import { startOpeningIsland } from './opening-island';
import { sayShellUnavailable } from './shell-unavailable';

/** How long the host's start-up waits at most for the boot script's requests (its responses are usually in already). */
const BOOT_WAIT_MS = 50;

/**
 * Once the browser has painted the hydrated area (a click in that frame is the area's to answer, with
 * nothing else downloading or starting); a hidden tab, which paints nothing, goes on after a moment.
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });

/** How long the shell's code is waited for before it is asked for again, once (a dropped connection, a server restarting). */
const SHELL_RETRY_MS = 1_000;

/**
 * The shell's code, asked for again once if it fails; if that fails too, the page says so with a way
 * on (webpack forgets a chunk that failed, so the second import asks the network again).
 */
async function importShell(): Promise<typeof import('./start')> {
  const load = () => import(/* webpackChunkName: "shell" */ './start');
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, SHELL_RETRY_MS));
    return load().catch(async (error: unknown) => {
      await sayShellUnavailable();
      throw error;
    });
  }
}

/** How long a failed start-up waits to be said, in case the page is being left. */
const LEAVING_MS = 1_000;

/**
 * A page being left aborts its downloads, and Firefox then fails the shell's chunk as if it could not
 * be loaded: a failure is thrown (to the page's error reporting) only if the page is still here a
 * moment later, when it is a real one. A page that is left takes its timers with it.
 */
function unlessLeft(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, LEAVING_MS);
}

if (window.location.pathname === SILENT_CALLBACK_PATH) {
  void import('@mfe/auth/silent-callback').then((m) => m.completeSilentCallback());
} else {
  void bootPreloadsStarted(BOOT_WAIT_MS)
    .then(async () => {
      markHostStarted();
      const loader = federatedLoader();
      const island = await startOpeningIsland(loader);
      if (island) await afterNextPaint();
      const { start } = await importShell();
      return start(loader, island);
    })
    .catch(unlessLeft);
}
