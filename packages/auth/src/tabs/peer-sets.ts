import { User as OidcUser, type UserManager } from 'oidc-client-ts';
import { createLogger } from '@mfe/context/runtime-utils';
import type { TokenChecks } from '../tokens/token-checks';

const log = createLogger('auth');

/** What taking a peer's token set needs from the session. */
export interface PeerSetDeps {
  readonly manager: UserManager;
  readonly checks: Pick<TokenChecks, 'fromPeer'>;
  now(): number;
  /** This tab's current set and when it expires (session-clock seconds), if it has one. */
  current(): { readonly user: OidcUser; readonly expiresAt: number } | null;
  /** The page is on its way to the provider: nothing more is taken. */
  leaving(): boolean;
  /** Takes the set as this tab's own (the session's `adopt`). */
  adopt(user: OidcUser): void;
}

/**
 * A token set another tab announced: taken only if it is newer than this tab's and passes the same
 * checks as one from the provider. Peers never send a refresh token: a tab that holds one keeps it.
 * Returns whether it was taken.
 */
export async function takePeerSet(serialized: string, deps: PeerSetDeps): Promise<boolean> {
  let incoming: OidcUser;
  try {
    incoming = OidcUser.fromStorageString(serialized);
  } catch {
    return false;
  }
  const expiresAt = () => deps.now() / 1000 + (incoming.expires_in ?? 0);
  const notNewer = () => {
    const current = deps.current();
    return current !== null && expiresAt() <= current.expiresAt;
  };
  if (notNewer()) return false;
  try {
    await deps.checks.fromPeer(incoming);
  } catch (error) {
    log.warn('A token set from another tab was refused.', { message: (error as Error).message });
    return false;
  }
  // Another, newer set may have arrived while this one was checked.
  if (notNewer() || deps.leaving()) return false;
  const own = deps.current()?.user.refresh_token ?? (await deps.manager.getUser())?.refresh_token;
  if (!incoming.refresh_token && own) incoming.refresh_token = own;
  // Keep oidc-client-ts's store in step: the next token request starts from this set.
  await deps.manager.storeUser(incoming);
  deps.adopt(incoming);
  return true;
}
