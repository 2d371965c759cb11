/**
 * @jest-environment node
 */
import * as commands from '../commands';
import { DirectoryStore } from '../store/directory-store';
import { readCurrent, readHistory } from '../environments/revisions';
import { rolloutStatus, startRollout } from '../rollouts/rollout';
import { startFakePrometheus, type FakePrometheus } from '../testing/prometheus';
import { startHost, tempDir, writeBuild } from '../testing/world';
import { RolloutController } from './controller';

// The controller against a folder store, a host that serves it and a stand-in for Prometheus, on the
// test's clock: rollouts move with no watcher, several controllers never act twice on one step, and a
// controller started afresh goes on from the store (the browser test runs the service for real).
jest.setTimeout(60_000);
let host: Awaited<ReturnType<typeof startHost>>;
let prometheus: FakePrometheus;
let storeDir = '';
let store: DirectoryStore;
let clock = 0;
const builds = tempDir('controller-builds');
const alice = { actor: 'alice', reason: 'new list' };

beforeAll(async () => {
  host = await startHost(() => storeDir);
  prometheus = await startFakePrometheus();
});
afterAll(async () => {
  await host.close();
  await prometheus.close();
});
beforeEach(async () => {
  storeDir = tempDir('controller-store');
  store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { production: host.url, staging: host.url } });
  for (const version of ['1.0.0', '1.1.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), alice);
  for (const env of ['production', 'staging'])
    await commands.deploy({ store, env, who: alice }, 'referrals@1.0.0', { path: '/referrals', label: 'Referrals' });
});

const controller = (log: string[] = []) =>
  new RolloutController({
    store,
    lookEveryMs: 1_000,
    actor: 'release service',
    log: (line) => log.push(line),
    changeOptions: { now: () => clock, fetchImpl: fetch },
  });
const start = (env: string, steps: number[]) =>
  startRollout({ store, env, who: alice, options: { now: () => clock } }, 'referrals@1.1.0', {
    steps,
    intervalMs: 60_000,
    minLoads: 20,
    prometheus: prometheus.url,
  });
const share = async (env: string) => (await readCurrent(store, env))!.remotes[0]!.candidate?.percent;

test('with no watcher, the controller takes every running rollout of every environment to its end by its figures', async () => {
  clock = 1_000_000;
  // Healthy everywhere: a candidate as good as stable, plenty of loads.
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 1_000_000) / 50, candidate: (at - 1_000_000) / 100 } : {};
  await start('production', [25, 100]);
  await start('staging', [50, 100]);
  const log: string[] = [];
  const looking = controller(log);
  await looking.lookOnce();
  expect(looking.status()).toMatchObject({ running: { production: 1, staging: 1 }, looks: 1, failedLooks: 0 });
  expect([await share('production'), await share('staging')]).toEqual([25, 50]);
  for (let minute = 1; minute <= 3; minute += 1) {
    clock += 60_000;
    await looking.lookOnce();
  }
  for (const env of ['production', 'staging']) {
    expect((await rolloutStatus(store, env, 'referrals'))[0]).toMatch(/: promoted \(RELEASE_ROLLOUT_PROMOTED\)/);
    expect((await readCurrent(store, env))!.remotes[0]!.entry).toContain('/referrals/1.1.0/');
  }
  expect(looking.status()).toMatchObject({ running: {}, acted: 4 });
  expect(log.filter((line) => line.includes('healthy, on to 100 %'))).toHaveLength(2);
});

test('a failing candidate is rolled back by the controller alone', async () => {
  clock = 2_000_000;
  prometheus.counters = (metric, at) => {
    const seconds = (at - 2_000_000) / 1000;
    return metric === 'loads'
      ? { stable: seconds * 4, candidate: seconds }
      : { candidate: Math.floor(seconds / 3), stable: 0 };
  };
  await start('production', [25, 100]);
  clock += 60_000;
  await controller().lookOnce();
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(/: rolled-back/);
  expect(await share('production')).toBeUndefined();
});

test('two controllers looking at the same moment act once on each step: one revision per step, whoever wins', async () => {
  clock = 3_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 3_000_000) / 50, candidate: (at - 3_000_000) / 100 } : {};
  await start('production', [25, 50, 100]);
  const [one, two] = [controller(), controller()];
  for (let minute = 1; minute <= 4; minute += 1) {
    clock += 60_000;
    await Promise.all([one.lookOnce(), two.lookOnce(), one.lookOnce()]);
  }
  const steps = (await readHistory(store, 'production')).filter((revision) =>
    revision.actor.startsWith('rollout (started by alice)'),
  );
  // The start's share, then one revision per step.
  expect(steps.map((revision) => revision.action.verb)).toEqual(['canary', 'canary', 'canary', 'canary-promote']);
  expect(steps.map((revision) => (revision.action as { percent?: number }).percent)).toEqual([25, 50, 100, undefined]);
  expect(one.status().failedLooks + two.status().failedLooks).toBe(0);
});

test('a controller started afresh goes on from where the store says, and a held rollout is counted as held', async () => {
  clock = 4_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 4_000_000) / 50, candidate: (at - 4_000_000) / 100 } : {};
  await start('production', [25, 50, 100]);
  clock += 60_000;
  await controller().lookOnce();
  expect(await share('production')).toBe(50);
  // Another instance (the first one gone): Prometheus answers garbage for one look, then figures again.
  const restarted = controller();
  prometheus.answer = () => ({ status: 'error', error: 'bad_data' });
  clock += 60_000;
  await restarted.lookOnce();
  expect(restarted.status()).toMatchObject({ heldLooks: 1, failedLooks: 0 });
  expect(await share('production')).toBe(50);
  prometheus.answer = undefined;
  clock += 60_000;
  await restarted.lookOnce();
  expect(await share('production')).toBe(100);
});

test('start() looks at once and then on schedule, never two looks at a time; stop() waits for the look in progress', async () => {
  clock = 5_000_000;
  const looking = new RolloutController({ store, lookEveryMs: 50, actor: 'release service' });
  let overlapping = 0;
  let inLook = 0;
  const original = looking.lookOnce.bind(looking);
  looking.lookOnce = async () => {
    inLook += 1;
    overlapping = Math.max(overlapping, inLook);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await original();
    inLook -= 1;
  };
  looking.start();
  await new Promise((resolve) => setTimeout(resolve, 400));
  await looking.stop();
  const looks = looking.status().looks;
  expect(looks).toBeGreaterThanOrEqual(2);
  expect(overlapping).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(looking.status().looks).toBe(looks);
});
