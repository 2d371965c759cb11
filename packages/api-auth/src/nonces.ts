import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Server-provided DPoP nonces (RFC 9449 §8, §9) without server state: a nonce is an HMAC of the
 * current time window, so every instance sharing the secret accepts it, and it expires on its own.
 * A nonce from the current or the previous window is accepted, so one issued just before a window
 * turns still works for a full window.
 */
export interface NonceSource {
  /** The nonce to hand out now. */
  current(): string;
  /** Whether `nonce` was handed out in this window or the previous one. */
  accepts(nonce: string): boolean;
  /** The longest a nonce is accepted (two windows), so replays are remembered that long. */
  readonly lifetimeSeconds: number;
}

export interface NonceOptions {
  /** Shared by every instance of the service (default: random, so one process only). */
  readonly secret?: Uint8Array;
  /** How long a window lasts (default 300 s). */
  readonly windowSeconds?: number;
  readonly now?: () => number;
}

export function createNonceSource(options: NonceOptions = {}): NonceSource {
  const secret = options.secret ?? randomBytes(32);
  const windowMs = (options.windowSeconds ?? 300) * 1000;
  const now = options.now ?? Date.now;
  const nonceOf = (window: number) => createHmac('sha256', secret).update(`dpop-nonce:${window}`).digest('base64url');
  const window = () => Math.floor(now() / windowMs);
  return {
    lifetimeSeconds: (2 * windowMs) / 1000,
    current: () => nonceOf(window()),
    accepts(nonce) {
      const given = Buffer.from(nonce);
      return [window(), window() - 1].some((w) => {
        const expected = Buffer.from(nonceOf(w));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}
