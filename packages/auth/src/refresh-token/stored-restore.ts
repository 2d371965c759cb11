import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import { isPlatformError } from '@mfe/context';
import { exchangeKeptToken } from './kept-spend';
import { createLogger } from '@mfe/context/runtime-utils';
import type { RefreshStore } from './refresh-store';

const log = createLogger('auth');

export interface KeptRestoreDeps {
  readonly manager: Pick<UserManager, 'getUser' | 'storeUser' | 'signinSilent'>;
  readonly kept: RefreshStore;
  /** Runs `fn` under the cross-tab renewal lock. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether this tab has tokens already (another tab handed them over meanwhile). */
  hasTokens(): boolean;
  /** Checks and adopts a token set from the provider (throws when it is refused). */
  accept(user: OidcUser): Promise<void>;
  /** Forgets everything kept for this session (the provider said no). */
  forget(): Promise<void>;
}

/**
 * With DPoP: the session of an earlier page load restored with one refresh-token request using the
 * kept DPoP-bound token — no iframe, no provider cookie, unless the token is in doubt — under the renewal lock, so two tabs
 * opening at once do not spend the same token twice. False when nothing was kept or it failed; only
 * the provider's refusal forgets the kept token (a network failure leaves it for the next load).
 */
export async function restoreWithKeptToken(deps: KeptRestoreDeps): Promise<boolean> {
  return deps.withLock(async () => {
    if (deps.hasTokens()) return true;
    const kept = await deps.kept.load();
    if (!kept) return false;
    try {
      // One request, spending the kept token at most once (kept-spend.ts).
      const user = await exchangeKeptToken(deps.manager, deps.kept, kept);
      await deps.accept(user);
      return true;
    } catch (error) {
      log.info('The kept session could not be restored; sign in again to continue.', {
        message: (error as Error).message,
      });
      if (error instanceof ErrorResponse || isPlatformError(error, 'AUTH_FAILED')) await deps.forget();
      return false;
    }
  });
}
