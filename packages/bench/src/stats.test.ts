/** @jest-environment node */
import { medianInterval, pairsToDecide, summarize } from './stats';

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test('a median of an even list is the mean of its middle two', () => {
  expect(summarize([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
});

test("ten values: the median's 95 % interval runs from the 2nd smallest to the 2nd largest", () => {
  const interval = medianInterval([...oneToN(10)].reverse());
  expect(interval).toMatchObject({ low: 2, high: 9 });
  // 1 − 2 × (1 + 10) / 1024
  expect(interval!.confidence).toBeCloseTo(0.9785, 4);
});

test('more values give a narrower interval by rank', () => {
  expect(medianInterval(oneToN(30))).toMatchObject({ low: 10, high: 21 });
});

test('too few values for 95 % give no interval rather than a false one', () => {
  expect(medianInterval(oneToN(5))).toBeUndefined();
  expect(medianInterval(oneToN(6))).toMatchObject({ low: 1, high: 6 });
});

test('an interval straddling the limit says about how many pairs would clear it', () => {
  // Median 1.07 against 1.10: the interval reaches 1.13, twice the margin above it: four times the pairs.
  expect(pairsToDecide(10, 1.07, { low: 1.0, high: 1.13, confidence: 0.98 }, 1.1)).toBe(40);
  expect(pairsToDecide(10, 1.2, { low: 1.15, high: 1.3, confidence: 0.98 }, 1.1)).toBeUndefined();
  expect(pairsToDecide(10, 1.1, { low: 1.0, high: 1.2, confidence: 0.98 }, 1.1)).toBeUndefined();
});
