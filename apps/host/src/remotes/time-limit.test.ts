import { TimeLimitExceeded, withinTimeLimit } from './time-limit';

test('work that finishes in time gives its result, and its failure as it is', async () => {
  await expect(withinTimeLimit(Promise.resolve('done'), 50)).resolves.toBe('done');
  await expect(withinTimeLimit(Promise.reject(new Error('broke')), 50)).rejects.toThrow('broke');
});

test('work that outlasts its limit is refused with TimeLimitExceeded', async () => {
  const never = new Promise<string>(() => undefined);
  await expect(withinTimeLimit(never, 20)).rejects.toBeInstanceOf(TimeLimitExceeded);
});
