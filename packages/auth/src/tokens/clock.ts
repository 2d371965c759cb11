/**
 * Time for the session, independent of the device's wall clock (often wrong by minutes or hours,
 * and changed under a running page by time zones, dual boot or NTP):
 * - `now()` runs on the page's monotonic clock (anchored at page start), so a wall-clock jump
 *   mid-session neither expires tokens early nor keeps them past their life;
 * - `providerNow()` is the provider's time, learned from the `iat` of each ID token the token
 *   endpoint just issued to this tab (fresh by construction: the answer to our own request over
 *   TLS, and for a sign-in bound to our nonce). Tokens from anywhere else (another tab) are judged
 *   against it.
 */
export interface SessionClock {
  /** Milliseconds, monotonic (like Date.now() at page start, then never jumps). */
  now(): number;
  /** The provider's time now, epoch seconds (the device's own until a token taught it). */
  providerNow(): number;
  /** Learns the provider's time from a fresh token's `iat` (epoch seconds). */
  learn(issuedAt: number): void;
  /** How far the device's wall clock is from the provider's, seconds (positive: device ahead). */
  deviceSkew(): number;
}

export interface ClockSources {
  /** The device's wall clock, ms. */
  readonly wall?: () => number;
  /** A monotonic clock, ms (performance.now()). */
  readonly monotonic?: () => number;
}

export function createSessionClock({
  wall = () => Date.now(),
  monotonic = () => performance.now(),
}: ClockSources = {}): SessionClock {
  const origin = wall() - monotonic();
  const now = () => origin + monotonic();
  /** Provider seconds minus monotonic-clock seconds. */
  let offset = 0;
  return {
    now,
    providerNow: () => now() / 1000 + offset,
    learn: (issuedAt) => {
      if (Number.isFinite(issuedAt)) offset = issuedAt - now() / 1000;
    },
    deviceSkew: () => wall() / 1000 - (now() / 1000 + offset),
  };
}

/** "2 hours ahead of", "5 minutes behind" — for messages that blame the clock. */
export function describeSkew(seconds: number): string {
  const abs = Math.abs(seconds);
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;
  const amount =
    abs >= 3570
      ? unit(Math.round(abs / 3600), 'hour')
      : abs >= 90
        ? unit(Math.round(abs / 60), 'minute')
        : unit(Math.round(abs), 'second');
  return `${amount} ${seconds > 0 ? 'ahead of' : 'behind'}`;
}
