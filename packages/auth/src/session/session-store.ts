import type { User } from '@mfe/context';
import { stableClaims } from '../tokens/user';

export type SessionStatus = 'signed-out' | 'active' | 'expired';

export interface SessionSnapshot {
  readonly user: User | null;
  readonly status: SessionStatus;
  /** Another tab signed out: show that, rather than sending the user to sign in. */
  readonly signedOutElsewhere: boolean;
  /**
   * The session of an earlier page load is being restored (from another tab, the stored refresh
   * token or the provider): pages that need a user wait for it instead of sending the visitor to
   * sign in.
   */
  readonly restoring: boolean;
}

/**
 * The session as a page rendered ahead of time shows it, and as the browser first renders when it
 * hydrates that page: not known yet (no user, restoring), so the HTML never shows signed-out chrome
 * to a signed-in visitor and hydration matches it; the real snapshot follows at once.
 */
export const SESSION_NOT_KNOWN: SessionSnapshot = Object.freeze({
  user: null,
  status: 'signed-out',
  signedOutElsewhere: false,
  restoring: true,
});

/** What React renders from: one immutable snapshot, replaced on every change (useSyncExternalStore). */
export class SessionStore {
  private snapshot: SessionSnapshot = { user: null, status: 'signed-out', signedOutElsewhere: false, restoring: false };
  private readonly listeners = new Set<() => void>();

  get = (): SessionSnapshot => this.snapshot;
  user = (): User | null => this.snapshot.user;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.listeners.forEach((listener) => listener());
  }

  /** Shows a signed-in user. A renewal with the same claims keeps the same object, so remotes do not re-render or re-fetch. */
  showActive(next: User): void {
    const { user: previous, status, signedOutElsewhere } = this.snapshot;
    const same = previous !== null && stableClaims(previous.claims) === stableClaims(next.claims);
    if (!same || status !== 'active' || signedOutElsewhere)
      this.update({ user: same ? previous : next, status: 'active', signedOutElsewhere: false });
  }
}
