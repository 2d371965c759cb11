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

test('the paint budget says what the same page reaches without its scripts, when that was measured', () => {
  const painted = (scenario: string, median: number) =>
    ({
      scenario,
      profile: 'cpu4x-40ms-10mbit',
      failedLoads: [],
      ...ratios(median, median - 0.1, median + 0.1),
    }) as unknown as Comparison;
  const paintCheck = (comparisons: Comparison[]) =>
    budgets(comparisons).find((check) => check.budget.startsWith('prerendered public page: content painted'));
  expect(paintCheck([painted('public page, cold', 1.16)])!.measured).toBe('1.16× (1.01–1.31)');
  expect(
    paintCheck([painted('public page, cold', 1.16), painted('the public page without scripts, cold', 0.91)])!.measured,
  ).toBe(
    '1.16× (1.01–1.31); the same page without its scripts: 0.91× (0.76–1.06), decided: its 97.8 % interval 0.81–1.01 is over 0.75×',
  );
});

test("the signed-in reload's budget against the plain page says what the federated floor's own reload reaches", () => {
  const reload = (scenario: string, median: number) =>
    ({
      scenario,
      profile: 'cpu4x-40ms-10mbit',
      failedLoads: [],
      aFigures: { paintMs: { median: 300, min: 280, max: 340 } },
      bFigures: { paintMs: { median: 170, min: 160, max: 180 } },
      ...ratios(median, median - 0.1, median + 0.1),
    }) as unknown as Comparison;
  const reloadCheck = (comparisons: Comparison[]) =>
    budgets(comparisons).find((check) => check.budget.startsWith("signed-in reload of the area's page"));
  const alone = reloadCheck([reload('signed-in reload, area interactive', 1.9)])!;
  expect(alone.measured).toBe('1.90× (1.75–2.05): 300 (280–340) ms vs 170 (160–180) ms');
  expect(
    reloadCheck([
      reload('signed-in reload, area interactive', 1.9),
      reload('federated floor reload, area interactive', 1.66),
    ])!.measured,
  ).toBe(
    `${alone.measured}; the federated floor's own reload: 1.66× (1.51–1.81), decided: its 97.8 % interval 1.56–1.76 is over 1.5×`,
  );
});
