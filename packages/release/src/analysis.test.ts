import { DEFAULT_RULE, judge } from './analysis';

test('no decision before the candidate has the minimum number of loads, however bad they look', () => {
  expect(judge({ loads: 3, errors: 3 }, { loads: 500, errors: 0 })).toMatchObject({ kind: 'wait', why: expect.stringMatching(/^3 of the 100 candidate loads needed/) });
});

test('a candidate failing a third of its loads against a clean stable build is worse', () => {
  expect(judge({ loads: 30, errors: 10 }, { loads: 60, errors: 0 }, { ...DEFAULT_RULE, minLoads: 20 })).toMatchObject({ kind: 'worse', why: expect.stringContaining('candidate 0.333 errors per load (10/30), stable 0.000 errors per load (0/60)') });
});

test('the same error rate on both sides, or a small excess within the margin, is healthy', () => {
  expect(judge({ loads: 200, errors: 4 }, { loads: 800, errors: 16 }).kind).toBe('healthy');
  expect(judge({ loads: 200, errors: 2 }, { loads: 800, errors: 0 }).kind).toBe('healthy');
  expect(judge({ loads: 150, errors: 0 }, { loads: 0, errors: 0 }).kind).toBe('healthy');
});

test('a real but modest regression shows once the sample is large enough', () => {
  // 5 % against 1 %: not yet clear at 100 loads, clear at 1,000.
  expect(judge({ loads: 100, errors: 5 }, { loads: 900, errors: 9 }).kind).toBe('healthy');
  expect(judge({ loads: 1000, errors: 50 }, { loads: 9000, errors: 90 }).kind).toBe('worse');
});
