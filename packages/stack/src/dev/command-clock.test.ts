import { spawnSync } from 'node:child_process';
import { msSinceCommandStarted } from './command-clock';

describe("the dev command's clock", () => {
  it('counts at least from this process start', () => {
    expect(msSinceCommandStarted()).toBeGreaterThanOrEqual(performance.now() - 1);
  });

  it('counts from the first launcher above it, not from the process that reads it', () => {
    // A launcher (a shell named like one) that waits a second before starting the process that reads the clock.
    const script = `sleep 1; node -e "require('tsx/cjs'); console.log(require('./command-clock.ts').msSinceCommandStarted())"`;
    const result = spawnSync('bash', ['-c', `exec -a pnpm bash -c ${JSON.stringify(script)}`], {
      cwd: __dirname,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(Number(result.stdout)).toBeGreaterThanOrEqual(1000);
  });
});
