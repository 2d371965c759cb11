/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { COMMANDS, GLOBAL_OPTIONS } from '@mfe/release/commands';

// The release pipeline the operations guide offers teams: it must parse as a workflow, and every
// mfe-release command it runs must be one the command knows, with options it takes.
const root = join(__dirname, '..', '..', '..');
const workflow = load(readFileSync(join(root, 'docs', 'operations', 'ci', 'release.yml'), 'utf8')) as {
  on?: unknown;
  jobs?: Record<string, { steps?: Array<{ run?: string; uses?: string }> }>;
};
const commands = Object.keys(COMMANDS);
/** The options a command takes: its own and every command's. */
const optionsOf = (command: string): readonly string[] => [...GLOBAL_OPTIONS, ...(COMMANDS[command]?.options ?? [])];
const runs = Object.values(workflow.jobs ?? {})
  .flatMap((job) => (job.steps ?? []).map((step) => step.run ?? ''))
  .join('\n');
const invocations = [...runs.matchAll(/\bexec mfe-release ([a-z-]+)((?:[^\n]|\\\n)*)/g)];

test('the example is a workflow with a job whose steps run', () => {
  expect(workflow.on).toBeDefined();
  expect(invocations.length).toBeGreaterThanOrEqual(4);
});

test('every mfe-release command of the example exists, with options it takes', () => {
  expect(commands).toEqual(expect.arrayContaining(['publish', 'deploy', 'promote', 'rollout', 'status']));
  const unknown = invocations.flatMap(([, command, rest]) => [
    ...(commands.includes(command!) ? [] : [`command ${command}`]),
    ...[...rest!.matchAll(/--([a-z-]+)/g)]
      .map(([, option]) => option!)
      .filter((option) => !optionsOf(command!).includes(option))
      .map((option) => `--${option} (${command})`),
  ]);
  expect(unknown).toEqual([]);
});

test('the example runs mfe-release from the lockfile, never by an unscoped name a registry may serve', () => {
  expect(runs).not.toMatch(/npx (-y )?mfe-release/);
});

test("the example's rollout does not live in the job: it starts it and leaves it to the release service", () => {
  const rollouts = invocations.filter(([, command, rest]) => command === 'rollout' && /^\s*start\b/.test(rest!));
  expect(rollouts.length).toBe(1);
  // A job that watches dies with its runner (hosted jobs stop at 6 h; a policy may take 8): no --watch.
  expect(rollouts[0]![2]).not.toMatch(/--watch/);
});
