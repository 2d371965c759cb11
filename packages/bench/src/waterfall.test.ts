import type { LoadFigures } from './measure';
import { drawWaterfall, typicalWaterfall } from './waterfall';

const load = (paintMs: number, url: string) =>
  ({
    paintMs,
    waterfall: { requests: [{ url, start: 0, end: paintMs / 2, fromCache: false }], longTasks: [], at: paintMs },
  }) as unknown as LoadFigures;

test('the typical load is the one whose measured time is the median', () => {
  expect(
    typicalWaterfall([load(900, 'https://a/slow'), load(300, 'https://a/fast'), load(500, 'https://a/middle')])
      ?.requests[0]?.url,
  ).toBe('https://a/middle');
  expect(typicalWaterfall([])).toBeUndefined();
});

test('a waterfall says each request and long task with its times and a bar on one time axis', () => {
  const text = drawWaterfall('page', {
    requests: [
      { url: 'https://x/main.js', start: 0, end: 500, fromCache: false },
      { url: 'https://x/chunk.js?v=1', start: 500, end: 1000, fromCache: true },
    ],
    longTasks: [{ start: 600, duration: 200 }],
    at: 1000,
  });
  const lines = text.split('\n');
  expect(lines[0]).toBe('page — measured moment at 1000 ms');
  expect(lines[1]).toMatch(/^ {2}\/main\.js +0–500 +\|█{30} {30}\|$/);
  expect(lines[2]).toMatch(/^ {2}\/chunk\.js\?… +500–1000 +\| {30}█{30}\| \(cache\)$/);
  expect(lines[3]).toMatch(/^ {2}long task +600–800 +\| {36}▒{12} {12}\|$/);
});
