/**
 * @jest-environment node
 */
import { createRateLimiter } from './rate-limit';

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
