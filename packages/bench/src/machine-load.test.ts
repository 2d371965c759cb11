/** @jest-environment node */
import { spawn } from 'node:child_process';
import { describeLoad, LoadAccount, othersShare, startLoadWatch, wasLoaded, type ProcessTime } from './machine-load';

const p = (pid: number, parent: number, session: number, ticks: number, group = session): ProcessTime => ({
  pid,
  parent,
  group,
  session,
  ticks,
});

test("the others' time counts every process outside the bench's tree and its browsers' sessions, from the first reading on", () => {
  const account = new LoadAccount(10);
  account.add({
    cpuTicks: 1000,
    processes: [
      p(1, 0, 1, 50),
      p(10, 1, 5, 400), // the bench, in its terminal's session 5
      p(11, 10, 11, 100), // a Chromium, its own session
      p(12, 11, 11, 80), // its renderer
      p(20, 1, 20, 300), // another program, running before the bench started
      p(30, 2, 0, 900), // a kernel thread
    ],
  });
  const start = account.mark();
  account.add({
    cpuTicks: 2000,
    processes: [
      p(1, 0, 1, 60),
      p(10, 1, 5, 600),
      p(12, 1, 11, 180), // the browser closed: its renderer, left to process 1, is still the bench's
      p(20, 1, 20, 400), // +100
      p(30, 2, 0, 1900),
      p(40, 1, 40, 50), // born since: all of its time
      p(41, 1, 5, 30), // the terminal's session, outside the bench's tree: someone else's
    ],
  });
  // 10 (process 1) + 100 + 50 + 30 over 1000 ticks of the CPUs.
  expect(othersShare(start, account.mark())).toBeCloseTo(0.19);
});

test('with no reading, or no time between two, there is no share', () => {
  expect(othersShare(undefined, { cpuTicks: 1, othersTicks: 0 })).toBeUndefined();
  expect(othersShare({ cpuTicks: 5, othersTicks: 0 }, { cpuTicks: 5, othersTicks: 0 })).toBeUndefined();
});

test('a run with others above a tenth of the CPUs is said as loaded, and not a record', () => {
  const loaded = { cpus: 2, loadAverageAtStart: 1.4, othersShare: 0.27 };
  expect(wasLoaded(loaded)).toBe(true);
  expect(describeLoad(loaded)).toMatch(/LOADED: other processes took 27\.0 % of the CPUs.*not a record/);
  const idle = { cpus: 2, loadAverageAtStart: 0.1, othersShare: 0.02 };
  expect(wasLoaded(idle)).toBe(false);
  expect(describeLoad(idle)).toMatch(/took 2\.0 % .*idle enough for a record/);
});

test("a busy process that is not the bench's is seen on this machine", async () => {
  const watch = startLoadWatch();
  // `sh` starts a busy loop in the background and exits: the loop, left to process 1, is not ours.
  await new Promise((resolve) =>
    spawn('sh', ['-c', 'timeout 1.5 sh -c "while :; do :; done" >/dev/null 2>&1 &'], { stdio: 'ignore' }).on(
      'exit',
      resolve,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1600));
  const { othersShare: share, cpus } = watch.stop();
  expect(cpus).toBeGreaterThan(0);
  // One CPU of the machine's, for most of the time watched.
  expect(share).toBeGreaterThan(0.5 / cpus / 2);
  expect(share).toBeLessThanOrEqual(1);
});
