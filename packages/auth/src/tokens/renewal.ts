/**
 * Token renewal without races. At most one refresh-token request per
 * renewal, however many callers or tabs ask: callers in this tab share one
 * promise, tabs take turns through a cross-tab lock and first look for a
 * token set another tab already renewed. A refresh token is single-use
 * (rotation), so sending a spent one would make the provider revoke the
 * whole grant.
 */
export interface TokenState {
  /** Access token expiry, epoch seconds. */
  readonly expiresAt: number;
  /** Lifetime the provider granted, seconds (to place the renewal point). */
  readonly lifetime: number;
}

export type RenewalFailure = 'invalid_grant' | 'network';

/** Thrown by `refresh` so the renewer knows whether trying again can help. */
export class RenewalError extends Error {
  override readonly name = 'RenewalError';
  constructor(
    readonly kind: RenewalFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface RenewalDeps {
  /** Runs `fn` while holding the cross-tab renewal lock. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Gives other tabs a moment to hand over a newer token set. */
  syncFromPeers(): Promise<void>;
  current(): TokenState | null;
  /** Exactly one token request; throws `RenewalError`. */
  refresh(): Promise<void>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface RenewalOptions {
  readonly maxAttempts?: number;
  readonly baseDelayMs?: number;
}

/** fresh: nothing to do; renewed: new tokens; expired: sign in again; unavailable: provider unreachable for now. */
export type RenewalOutcome = 'fresh' | 'renewed' | 'expired' | 'unavailable';

/** Renew when a quarter of the lifetime (at most 60 s) is left. */
export function renewalMarginMs(lifetimeSeconds: number): number {
  return Math.min(60_000, Math.max(1_000, lifetimeSeconds * 250));
}

export function renewAtMs(state: TokenState): number {
  return state.expiresAt * 1000 - renewalMarginMs(state.lifetime);
}

export class TokenRenewer {
  private inflight: Promise<RenewalOutcome> | null = null;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;

  constructor(
    private readonly deps: RenewalDeps,
    options: RenewalOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 4;
    this.baseDelayMs = options.baseDelayMs ?? 1_000;
  }

  isDue(): boolean {
    const state = this.deps.current();
    return state !== null && this.deps.now() >= renewAtMs(state);
  }

  /**
   * Renews if `isStale()` (by default: the token is due) still holds once
   * this tab has the lock and has heard from its peers.
   */
  renew(isStale: () => boolean = () => this.isDue()): Promise<RenewalOutcome> {
    if (!this.inflight) {
      this.inflight = this.deps
        .withLock(() => this.renewHoldingLock(isStale))
        .finally(() => {
          this.inflight = null;
        });
    }
    return this.inflight;
  }

  private async renewHoldingLock(isStale: () => boolean): Promise<RenewalOutcome> {
    if (!isStale()) return 'fresh';
    await this.deps.syncFromPeers();
    if (!isStale()) return 'fresh';
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.deps.refresh();
        return 'renewed';
      } catch (error) {
        if (error instanceof RenewalError && error.kind === 'invalid_grant') return 'expired';
        // Bounded: a few tries with backoff, then report and let the caller decide.
        if (attempt >= this.maxAttempts) return 'unavailable';
        await this.deps.sleep(this.baseDelayMs * 2 ** (attempt - 1));
      }
    }
  }
}

/** Where a wake-up is heard (`online` on the window, `visibilitychange` on the document). */
interface WakeTarget {
  addEventListener(type: string, listener: () => void): void;
}

/** What the schedule needs from the session: its renewer, its expiry and how to say it expired. */
export interface RenewalScheduleDeps {
  readonly renewer: Pick<TokenRenewer, 'renew' | 'isDue'>;
  /** The token set that may be renewed now (null: nothing to renew). */
  current(): TokenState | null;
  /** The access token's expiry, epoch seconds on the session clock (also while not renewable). */
  expiresAt(): number;
  now(): number;
  /** The provider refused (`recoverable` false) or could not be reached past expiry (true). */
  expired(reason: string, recoverable: boolean): void;
  /** Where wake-ups come from (a laptop waking, a network coming back); default: this page. */
  readonly wake?: {
    readonly window: WakeTarget;
    readonly document: WakeTarget & { readonly visibilityState: DocumentVisibilityState };
  };
  /** After the provider was unreachable, when to try again. */
  readonly retryLaterMs?: number;
}

/**
 * When to renew: a timer at the renewal point of each token set, at once when the page wakes up
 * or comes back online past it, and again a little later after the provider was unreachable.
 */
export class RenewalSchedule {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: RenewalScheduleDeps) {
    const wake = deps.wake ?? (typeof window !== 'undefined' ? { window, document } : undefined);
    wake?.window.addEventListener('online', () => this.renewIfDue());
    wake?.document.addEventListener('visibilitychange', () => {
      if (wake.document.visibilityState === 'visible') this.renewIfDue();
    });
  }

  /** Sets the timer for the current token set (none when there is nothing to renew). */
  schedule(): void {
    this.stop();
    const state = this.deps.current();
    if (!state) return;
    const delay = Math.min(2 ** 31 - 1, Math.max(0, renewAtMs(state) - this.deps.now()));
    this.timer = setTimeout(() => void this.renewNow(), delay);
  }

  renewIfDue(): void {
    if (this.deps.current() && this.deps.renewer.isDue()) void this.renewNow();
  }

  async renewNow(isStale?: () => boolean): Promise<RenewalOutcome> {
    const outcome = await this.deps.renewer.renew(isStale);
    if (outcome === 'expired') this.deps.expired('the provider no longer accepts this session', false);
    if (outcome === 'unavailable') {
      // Provider or network down: once the access token is past its expiry the user is told,
      // but the refresh token is kept and renewal resumes on its own (timer, online, wake).
      if (this.deps.now() / 1000 >= this.deps.expiresAt()) this.deps.expired('the provider could not be reached', true);
      this.stop();
      this.timer = setTimeout(() => void this.renewNow(), this.deps.retryLaterMs ?? 10_000);
    }
    return outcome;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** What a session's renewal needs: the one token request, the lock name, its peers and its state. */
export interface SessionRenewalDeps {
  readonly renewLock: string;
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  askPeers(): Promise<void>;
  current(): TokenState | null;
  expiresAt(): number;
  refresh(): Promise<void>;
  now(): number;
  expired(reason: string, recoverable: boolean): void;
}

/** A session's renewer (one request per renewal across tabs) and its schedule, wired together. */
export function createSessionRenewal(deps: SessionRenewalDeps): { renewer: TokenRenewer; schedule: RenewalSchedule } {
  const renewer = new TokenRenewer({
    withLock: (fn) => deps.withLock(deps.renewLock, fn),
    syncFromPeers: deps.askPeers,
    current: deps.current,
    refresh: deps.refresh,
    now: deps.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const schedule = new RenewalSchedule({
    renewer,
    current: deps.current,
    expiresAt: deps.expiresAt,
    now: deps.now,
    expired: deps.expired,
  });
  return { renewer, schedule };
}
