/**
 * @jest-environment node
 */
import { createRateLimiter } from './rate-limit';
import { RATE_LIMIT } from './service';

test('a client gets its burst at once, then the rate; others are not affected', () => {
  const limiter = createRateLimiter({ perMinute: 60, burst: 3 });
  expect([0, 1, 2, 3].map(() => limiter.take('a', 1_000))).toEqual([0, 0, 0, 1]);
  expect(limiter.take('b', 1_000)).toBe(0);
  // One token a second comes back.
  expect(limiter.take('a', 2_000)).toBe(0);
  expect(limiter.take('a', 2_000)).toBe(1);
  expect(limiter.take('a', 60_000)).toBe(0);
});

test('the table of clients stays bounded, forgetting the longest idle first', () => {
  const limiter = createRateLimiter({ perMinute: 1, burst: 1, maxClients: 2 });
  expect(limiter.take('a', 0)).toBe(0);
  expect(limiter.take('b', 0)).toBe(0);
  expect(limiter.take('a', 0)).toBeGreaterThan(0);
  limiter.take('c', 0);
  expect(limiter.size).toBe(2);
  // b was idle longest and forgotten; a, still known, is still limited.
  expect(limiter.take('b', 0)).toBe(0);
  expect(limiter.take('c', 0)).toBeGreaterThan(0);
});

test('by default, 600 visits a minute behind one address pass (two posts each); one client flooding is refused', () => {
  const shared = createRateLimiter(RATE_LIMIT);
  // 1,200 posts spread evenly over a minute from one address.
  const refusedVisits = Array.from({ length: 1_200 }, (_, i) => shared.take('nat', (i * 60_000) / 1_200)).filter(
    (wait) => wait > 0,
  );
  expect(refusedVisits).toEqual([]);
  // 100 posts a second for ten seconds from one client: its burst, then 20 a second.
  const flood = createRateLimiter(RATE_LIMIT);
  const accepted = Array.from({ length: 1_000 }, (_, i) => flood.take('flooder', i * 10)).filter((wait) => wait === 0);
  expect(accepted.length).toBeLessThan(300 + 10 * 20 + 2);
  expect(accepted.length).toBeGreaterThan(300);
});
