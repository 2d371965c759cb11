/** @jest-environment node */
import { budgets } from './budgets';
import type { Comparison } from './report';

const comparison = (failedLoads: readonly string[]): Comparison =>
  ({ scenario: 'not a planned scenario', profile: 'none', a: 'a', b: 'b', failedLoads }) as unknown as Comparison;

test('a run whose loads all finished says so', () => {
  const [check] = budgets([comparison([])]);
  expect(check).toMatchObject({ ok: true, measured: 'all did' });
});

test('a load that never painted is said, with where, and fails the run', () => {
  const [check] = budgets([comparison(['host: The page never painted "referrals-overview" within 60000 ms'])]);
  expect(check!.ok).toBe(false);
  expect(check!.measured).toBe(
    '1 did not: not a planned scenario (none): host: The page never painted "referrals-overview" within 60000 ms',
  );
});
