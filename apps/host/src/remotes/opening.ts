import { CALLBACK_PATH } from '@mfe/auth/paths';
import { mayHaveSession } from '@mfe/auth/signed-in-hint';

// Used by the boot script (startup/boot-script.ts) as well as start-up: nothing here may import more.

interface Routed {
  readonly path: string;
  readonly requiresAuth?: boolean;
  readonly requires?: unknown;
}

/** The remote whose page is being opened, if any. */
export function openingRemote<T extends Routed>(remotes: readonly T[], pathname: string): T | undefined {
  return remotes.find(
    (remote) => typeof remote.path === 'string' && (pathname === remote.path || pathname.startsWith(`${remote.path}/`)),
  );
}

/**
 * Whether the opening page's remote may start downloading before the session is known: not on the
 * sign-in callback, not when it is restricted to some roles (then it waits for the user), and not
 * when it needs a signed-in user and this tab had no session (the visitor is about to be sent to
 * sign in, and would download it for nothing).
 */
export function mayLoadBeforeSession(
  remote: Routed,
  pathname: string,
  hasSession: () => boolean = mayHaveSession,
): boolean {
  if (pathname === CALLBACK_PATH || remote.requires !== undefined) return false;
  return remote.requiresAuth === false || hasSession();
}
