/** @jest-environment node */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLoad, othersShare, readCpu, wasLoaded } from './machine-load';

/** A /proc with the machine's CPU line and processes given as [pid, command, parent, utime, stime, cutime, cstime]. */
function fakeProc(cpu: number[], processes: Array<[number, string, number, number, number, number, number]>): string {
  const proc = mkdtempSync(join(tmpdir(), 'proc-'));
  writeFileSync(join(proc, 'stat'), `cpu  ${cpu.join(' ')} 0 0\ncpu0 1 2 3\n`);
  for (const [pid, command, parent, ...times] of processes) {
    mkdirSync(join(proc, String(pid)));
    // state, ppid, then fields 5–13, then utime stime cutime cstime, then the rest.
    const fields = ['S', parent, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...times, 20, 0];
    writeFileSync(join(proc, String(pid), 'stat'), `${pid} (${command}) ${fields.join(' ')}\n`);
  }
  return proc;
}

test("the bench's tree is its own time, its live descendants' and what they reaped; other processes are not in it", () => {
  const proc = fakeProc(
    [100, 0, 50, 800, 50, 0, 0, 0],
    [
      [10, 'node', 1, 5, 5, 30, 10],
      [11, 'chrome (renderer) x', 10, 7, 3, 0, 0],
      [12, 'grandchild', 11, 1, 1, 0, 0],
      [20, 'elsewhere', 1, 400, 400, 0, 0],
    ],
  );
  expect(readCpu(10, proc)).toEqual({ busy: 150, total: 1000, ours: 5 + 5 + 30 + 10 + 7 + 3 + 1 + 1 });
});

test("the others' share is the machine's busy time less the bench's, over all the CPUs' time", () => {
  const start = { busy: 100, total: 1000, ours: 40 };
  const end = { busy: 700, total: 2000, ours: 540 };
  expect(othersShare(start, end)).toBeCloseTo(0.1);
  expect(othersShare(undefined, end)).toBeUndefined();
});

test('a run with others above a tenth of the CPUs is said as loaded, and not a record', () => {
  const loaded = { cpus: 2, loadAverageAtStart: 1.4, othersShare: 0.27 };
  expect(wasLoaded(loaded)).toBe(true);
  expect(describeLoad(loaded)).toMatch(/LOADED: other processes took 27\.0 % of the CPUs.*not a record/);
  const idle = { cpus: 2, loadAverageAtStart: 0.1, othersShare: 0.02 };
  expect(wasLoaded(idle)).toBe(false);
  expect(describeLoad(idle)).toMatch(/took 2\.0 % .*idle enough for a record/);
});

test('this machine can be read, and the share is a fraction', () => {
  const start = readCpu();
  let spin = 0;
  for (const until = Date.now() + 50; Date.now() < until;) spin += 1;
  const share = othersShare(start, readCpu());
  expect(spin).toBeGreaterThan(0);
  expect(share).toBeGreaterThanOrEqual(0);
  expect(share).toBeLessThanOrEqual(1);
});
