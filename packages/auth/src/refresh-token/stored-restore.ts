import { ErrorResponse, type User as OidcUser, type UserManager } from 'oidc-client-ts';
import { isPlatformError } from '@mfe/context';
import { exchangeStoredToken } from './stored-spend';
import { createLogger } from '@mfe/context/runtime-utils';
import type { RefreshStore } from './refresh-store';

const log = createLogger('auth');

export interface StoredRestoreDeps {
  readonly manager: Pick<UserManager, 'getUser' | 'storeUser' | 'signinSilent'>;
  readonly stored: RefreshStore;
  /** Runs `fn` under the cross-tab renewal lock. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether this tab has tokens already (another tab handed them over meanwhile). */
  hasTokens(): boolean;
  /** Checks and adopts a token set from the provider (throws when it is refused). */
  accept(user: OidcUser): Promise<void>;
  /** Forgets everything stored for this session (the provider said no). */
  forget(): Promise<void>;
}

/**
 * With DPoP: the session of an earlier page load restored with one refresh-token request using the
 * stored DPoP-bound token — no iframe, no provider cookie, unless the token is in doubt — under the renewal lock, so two tabs
 * opening at once do not spend the same token twice. False when nothing was stored or it failed; only
 * the provider's refusal forgets the stored token (a network failure leaves it for the next load).
 */
export async function restoreWithStoredToken(deps: StoredRestoreDeps): Promise<boolean> {
  return deps.withLock(async () => {
    if (deps.hasTokens()) return true;
    const token = await deps.stored.load();
    if (!token) return false;
    try {
      // One request, spending the stored token at most once (stored-spend.ts).
      const user = await exchangeStoredToken(deps.manager, deps.stored, token);
      await deps.accept(user);
      return true;
    } catch (error) {
      log.info('The stored session could not be restored; sign in again to continue.', {
        message: (error as Error).message,
      });
      if (error instanceof ErrorResponse || isPlatformError(error, 'AUTH_FAILED')) await deps.forget();
      return false;
    }
  });
}
