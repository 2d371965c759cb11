/** @jest-environment node */
import { budgets, ratioDecision } from './budgets';
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

const ratios = (median: number, low: number, high: number, pairs = 10) => ({
  pairs,
  paintRatio: { median, min: low - 0.05, max: high + 0.05 },
  paintRatioInterval: { low, high, confidence: 0.9785 },
});

test('a ratio whose interval lies under the limit is decided within, one above it decided over', () => {
  expect(ratioDecision(ratios(1.02, 0.98, 1.08), 1.1)).toBe('decided: its 97.8 % interval 0.98–1.08 is within 1.1×');
  expect(ratioDecision(ratios(1.3, 1.18, 1.4), 1.1)).toBe('decided: its 97.8 % interval 1.18–1.40 is over 1.1×');
});

test('a ratio whose interval holds the limit is not decided, with about how many pairs would decide it', () => {
  // 0.14 above the median against a margin of 0.08: (0.14 / 0.08)² × 10 = 30.6.
  expect(ratioDecision(ratios(1.02, 0.95, 1.16), 1.1)).toBe(
    'not decided: its 97.8 % interval 0.95–1.16 holds 1.1×; about 31 pairs would decide it (`--loads 31`)',
  );
});

test('too few pairs for an interval are said, not judged decided', () => {
  expect(ratioDecision({ pairs: 3, paintRatio: { median: 1, min: 1, max: 1 } }, 1.1)).toMatch(
    /not decided: 3 pairs give no 95 % interval/,
  );
});

const measured = (scenario: string, median: number) =>
  ({
    scenario,
    profile: 'cpu4x-40ms-10mbit',
    failedLoads: [],
    aFigures: { paintMs: { median: 900, min: 850, max: 990 } },
    bFigures: { paintMs: { median: 800, min: 760, max: 870 } },
    ...ratios(median, median - 0.1, median + 0.1),
  }) as unknown as Comparison;

test('a public page is judged against each peer pair by pair, with both pages against the plain React page said', () => {
  const checks = budgets([
    measured('public page interactive', 1.7),
    measured('single-spa interactive', 1.6),
    measured('public page interactive vs single-spa', 1.06),
  ]);
  const peer = checks.find((check) => check.budget.includes('ahead of single-spa'))!;
  expect(peer.budget).toBe(
    'prerendered public page: the area works ahead of single-spa (≤ 1× its page), pair by pair (throttled)',
  );
  expect(peer.ok).toBe(false);
  expect(peer.measured).toBe(
    '1.06× (0.91–1.21): 900 (850–990) ms vs 800 (760–870) ms; vs the plain React page: prerendered public page 1.70× (1.55–1.85), single-spa 1.60× (1.45–1.75)',
  );
  expect(peer.decision).toMatch(/^not decided: its 97.8 % interval 0.96–1.16 holds 1×/);
  const goal = checks.find((check) => check.budget.startsWith('prerendered public page: the area works (its button'))!;
  expect(goal).toMatchObject({ ok: false });
  expect(goal.budget).toContain('≤ 1.25× the plain React page');
});

test('a page ahead of its peer is within, and no page is judged on its bytes', () => {
  const checks = budgets([
    measured('public page rendered in the browser, interactive', 1.3),
    measured('public page rendered in the browser, interactive vs the Module Federation example', 0.8),
  ]);
  expect(checks.find((check) => check.budget.includes("ahead of Module Federation's example"))).toMatchObject({
    ok: true,
  });
  expect(checks.find((check) => check.budget.includes('≤ 1.35× the plain React page'))).toMatchObject({ ok: true });
  expect(checks.filter((check) => /KiB|JS requested/.test(check.budget))).toEqual([]);
});

test("the signed-in reload is judged against the federated floor's own reload, and the DPoP reload as a ratio", () => {
  const checks = budgets([
    measured("signed-in reload vs the federated floor's reload, area interactive", 1.2),
    measured('signed-in reload vs public reload', 1.1),
  ]);
  expect(checks.find((check) => check.budget.includes("the federated floor's own reload"))).toMatchObject({
    ok: false,
    budget:
      "signed-in reload of the area's page: the area works ≤ 1.15× the federated floor's own reload, pair by pair (throttled)",
  });
  expect(checks.find((check) => check.budget.startsWith('signed-in reload of a deep link (DPoP)'))).toMatchObject({
    ok: true,
    budget:
      "signed-in reload of a deep link (DPoP): content ≤ 1.25× the public page's reload, pair by pair (throttled)",
  });
});
