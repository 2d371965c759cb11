/**
 * @jest-environment node
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', 'commit-subjects.mjs');

function repoWith(subjects: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'subjects-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir });
  git('init', '-q');
  for (const subject of subjects) git('commit', '-q', '--allow-empty', '-m', subject, '-m', 'The why.');
  return dir;
}

test('a commit subject over 72 characters fails the lint, naming it; 72 or fewer pass', () => {
  const fine = spawnSync(process.execPath, [script], { cwd: repoWith(['Host: a short subject', 'x'.repeat(72)]) });
  expect(fine.status).toBe(0);
  const long = spawnSync(process.execPath, [script], {
    cwd: repoWith(['Host: fine', `Release: ${'a very long subject '.repeat(5)}`]),
    encoding: 'utf8',
  });
  expect(long.status).toBe(1);
  expect(long.stderr).toMatch(/\(\d+\) Release: a very long subject/);
  expect(long.stderr).not.toContain('Host: fine');
});

test("this repository's commits since the rule keep it", () => {
  expect(
    spawnSync(process.execPath, [script], { cwd: join(__dirname, '..', '..', '..'), encoding: 'utf8' }).status,
  ).toBe(0);
});
