/**
 * Requests per client, as a token bucket: `burst` at once, then `perMinute` spread over a minute.
 * Each collector instance keeps its own buckets (nothing shared, so instances stay stateless behind
 * a load balancer; a client spread over N instances gets up to N times the rate). The table of
 * clients is bounded: past `maxClients` the longest idle are forgotten (they start full again).
 */
export interface RateLimiter {
  /** Takes one request's token: 0 when allowed, else the seconds until one is free. */
  take(client: string, now?: number): number;
  readonly size: number;
}

export function createRateLimiter({
  perMinute,
  burst,
  maxClients = 100_000,
}: {
  perMinute: number;
  burst: number;
  maxClients?: number;
}): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;
  return {
    take(client, now = Date.now()) {
      const bucket = buckets.get(client) ?? { tokens: burst, at: now };
      // Re-inserted on every use, so the map's order is least recently used first.
      buckets.delete(client);
      bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * refillPerMs);
      bucket.at = now;
      buckets.set(client, bucket);
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
    },
    get size() {
      return buckets.size;
    },
  };
}
