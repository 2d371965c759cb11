import { formatDuration, parseDuration } from './durations';

test('a duration is said in the largest unit it fills, never as a long fraction of another', () => {
  expect(formatDuration(parseDuration('20s'))).toBe('20 s');
  expect(formatDuration(parseDuration('10m'))).toBe('10 min');
  expect(formatDuration(parseDuration('90m'))).toBe('1.5 h');
  expect(formatDuration(parseDuration('7d'))).toBe('7 days');
  expect(formatDuration(parseDuration('1d'))).toBe('1 day');
  expect(formatDuration(0)).toBe('0 ms');
  expect(formatDuration(20_000 / 3)).toBe('6.7 s');
  expect(() => parseDuration('soon')).toThrow(/is not a duration: write 30s, 10m, 1h or 3d/);
});
