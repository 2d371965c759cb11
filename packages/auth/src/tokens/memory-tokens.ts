import type { User as OidcUser } from 'oidc-client-ts';
import { PlatformError } from '@mfe/context';
import type { TokenState } from './renewal';
import type { SessionStatus } from '../session/session-store';

/**
 * The token set behind this tab's session and when it runs out. Its expiry is kept on the session
 * clock (clock.ts), so a device clock that jumps does not expire or prolong it.
 */
export class MemoryTokens {
  user: OidcUser | null = null;
  /** Scopes of the set behind the user on screen, kept while the session shows as expired. */
  grantedScopes: readonly string[] = [];
  /** When the access token expires, seconds on the session clock. */
  expiresAt = 0;
  /** Expired because the provider was unreachable: keep the refresh token and keep trying. */
  recovering = false;
  private lifetime = 0;

  constructor(private readonly now: () => number) {}

  /** Takes a validated set; `expires_in` is counted from now. */
  hold(user: OidcUser): void {
    this.user = user;
    this.grantedScopes = user.scopes;
    this.recovering = false;
    this.lifetime = Math.max(1, user.expires_in ?? 0);
    this.expiresAt = this.now() / 1000 + this.lifetime;
  }

  /** Forgets the set (and, unless the page stays on screen under the expiry notice, its scopes). */
  forget({ keepScopes = false }: { keepScopes?: boolean } = {}): void {
    this.user = null;
    if (!keepScopes) this.grantedScopes = [];
    this.recovering = false;
  }

  /** What the renewal schedule works from, when there is a set it may renew. */
  renewable(status: SessionStatus): TokenState | null {
    return this.user !== null && (status === 'active' || this.recovering)
      ? { expiresAt: this.expiresAt, lifetime: this.lifetime }
      : null;
  }

  /** Why no access token can be given now, if so: each message says what the person can do. */
  refusal(status: SessionStatus): PlatformError | null {
    if (status === 'expired' && !this.recovering)
      return new PlatformError('AUTH_REQUIRED', 'Your session has expired. Sign in again to continue.');
    if (!this.user) return new PlatformError('AUTH_REQUIRED', 'Nobody is signed in. Sign in to continue.');
    return null;
  }

  /** The access token once any due renewal is over, or the error that says why there is none. */
  accessToken(status: SessionStatus): string {
    if (!this.user || status !== 'active')
      throw new PlatformError('AUTH_REQUIRED', 'Your session has expired. Sign in again to continue.');
    if (this.expiresAt <= this.now() / 1000)
      throw new PlatformError(
        'AUTH_REQUIRED',
        'The sign-in provider cannot be reached to renew your session. Try again in a moment.',
      );
    return this.user.access_token;
  }
}
