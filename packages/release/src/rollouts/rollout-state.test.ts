import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDINGS, TERMINAL } from './rollout-state';

test("the releases guide's table of rollout endings is the command's own: codes and exit statuses, each distinct", () => {
  const guide = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'operations', 'releases.md'), 'utf8');
  const table = guide.slice(guide.indexOf('<!-- rollout endings -->'), guide.indexOf('<!-- /rollout endings -->'));
  const rows = [...table.matchAll(/^\| `([a-z-]+)` +\| `([A-Z_]+)` +\| (\d+) +\| (.+?) +\|$/gm)].map(
    ([, ending, code, exit, means]) => [ending, { code, exit: Number(exit), means }],
  );
  expect(Object.fromEntries(rows)).toEqual(ENDINGS);
  expect(new Set(Object.values(ENDINGS).map((ending) => ending.exit)).size).toBe(TERMINAL.length);
  // 1 and 2 are every command's "refused" and "bad usage": no ending may be read as either.
  expect(Object.values(ENDINGS).map((ending) => ending.exit)).not.toEqual(expect.arrayContaining([1]));
  expect(Object.values(ENDINGS).map((ending) => ending.exit)).not.toEqual(expect.arrayContaining([2]));
});
