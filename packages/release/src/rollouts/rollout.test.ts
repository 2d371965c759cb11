/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAudit } from '../store/audit';
import * as commands from '../commands';
import { parseDuration } from '../durations';
import { DirectoryStore } from '../store/directory-store';
import { commit, manifestOf, readCurrent, readHistory } from '../environments/revisions';
import { controlRollout, rolloutStatus, startRollout, tickRollout } from './rollout';
import type { ChangeOptions, ReleaseScope, Who } from '../environments/who';
import { setPolicy } from './rollout-policy';
import { startFakePrometheus, type FakePrometheus } from '../testing/prometheus';
import { startHost, tempDir, writeBuild } from '../testing/world';

// A rollout against a folder store, a host that serves it, and a stand-in for Prometheus's HTTP
// API whose counters the test sets (the browser test runs it against real Prometheus).
jest.setTimeout(60_000);
let storeDir = '';
let store: DirectoryStore;
let host: Awaited<ReturnType<typeof startHost>>;
let prometheus: FakePrometheus;
const builds = tempDir('rollout-builds');
const who = { actor: 'alice', reason: 'new list' };
/** The tests' clock: each test that reads it sets where it starts. */
let clock = 0;
/** The production environment, as `as` acts in it. */
const production = (as: Who = who, options: ChangeOptions = {}): ReleaseScope => ({
  store,
  env: 'production',
  who: as,
  options,
});
/** The same, on the tests' clock. */
const productionAtClock = (): ReleaseScope => production(who, { now: () => clock });

beforeAll(async () => {
  host = await startHost(() => storeDir);
  prometheus = await startFakePrometheus();
});
afterAll(async () => {
  await host.close();
  await prometheus.close();
});
beforeEach(async () => {
  host.slow = undefined;
  prometheus.answer = undefined;
  storeDir = tempDir('rollout-store');
  store = new DirectoryStore(storeDir);
  await commands.init(store, { publicUrl: `${host.url}/remotes`, hosts: { production: host.url } });
  for (const version of ['1.0.0', '1.1.0'])
    await commands.publish(store, writeBuild(builds, 'referrals', version), who);
  await commands.deploy(production(), 'referrals@1.0.0', {
    path: '/referrals',
    label: 'Referrals',
  });
});

const options = { steps: [25, 100], intervalMs: 60_000, prometheus: '', minLoads: 20 };
const share = async () => (await readCurrent(store, 'production'))!.remotes[0]!.candidate?.percent;

test('a healthy candidate moves through the shares after each interval and becomes stable; nothing is decided early', async () => {
  clock = 1_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 1_000_000) / 50, candidate: (at - 1_000_000) / 100 } : { stable: 0 };
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  expect(await share()).toBe(25);
  clock += 30_000;
  expect(await tickRollout(productionAtClock(), 'referrals')).toEqual(['referrals@1.1.0 at 25 %: next look in 30 s']);
  clock += 30_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /at 25 %: healthy, on to 100 %; candidate 0\.000 errors per load \(0\/600\), stable 0\.000 errors per load \(0\/1200\); difference 0\.000, interval \[-0\.00\d, 0\.00\d\]/,
  );
  expect(await share()).toBe(100);
  clock += 60_000;
  await tickRollout(productionAtClock(), 'referrals');
  const current = (await readCurrent(store, 'production'))!.remotes[0]!;
  expect(current.candidate).toBeUndefined();
  expect(current.entry).toContain('/referrals/1.1.0/');
  const last = (await readHistory(store, 'production')).at(-1)!;
  expect(last).toMatchObject({
    actor: 'rollout (started by alice)',
    action: { verb: 'canary-promote' },
    reason: expect.stringMatching(/^rollout: healthy at 100 %, now stable; candidate 0\.000 errors per load/),
  });
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toBe(
    'referrals@1.1.0 in production: promoted (RELEASE_ROLLOUT_PROMOTED), at 100 % (steps 25 → 100 %)',
  );
});

test('a candidate failing a third of its loads waits while there are too few loads, then is rolled back, with the figures in the revision', async () => {
  clock = 2_000_000;
  prometheus.counters = (metric, at) => {
    const seconds = (at - 2_000_000) / 1000;
    return metric === 'loads' ? { stable: seconds, candidate: seconds / 2 } : { candidate: Math.floor(seconds / 6) };
  };
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    ...options,
    intervalMs: 20_000,
    prometheus: prometheus.url,
  });
  clock += 20_000;
  // 10 candidate loads, 3 failing: too few to tell either way, so it waits (and never promotes).
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /waiting, not yet shown within the margin: candidate 0\.300 errors per load \(3\/10\)/,
  );
  clock += 100_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /worse, rolled back; candidate 0\.333 errors per load \(20\/60\), stable 0\.000 errors per load \(0\/120\); worse than stable/,
  );
  expect(await share()).toBeUndefined();
  expect((await readHistory(store, 'production')).at(-1)).toMatchObject({
    action: { verb: 'canary-abort' },
    reason: expect.stringContaining('rolled back automatically'),
  });
  // A later tick does nothing more.
  expect(await tickRollout(production(who, { now: () => clock + 60_000 }), 'referrals')).toEqual([
    'rollout of referrals@1.1.0 in production is rolled-back; nothing to do',
  ]);
});

test('two ticks at the same moment act once; a paused rollout does nothing; abort goes back to stable', async () => {
  clock = 3_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 3_000_000) / 5, candidate: (at - 3_000_000) / 5 } : {};
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    steps: [10, 50, 100],
    intervalMs: 10_000,
    prometheus: prometheus.url,
    minLoads: 20,
  });
  clock += 10_000;
  const before = (await readHistory(store, 'production')).length;
  await Promise.all([tickRollout(productionAtClock(), 'referrals'), tickRollout(productionAtClock(), 'referrals')]);
  expect(await share()).toBe(50);
  expect((await readHistory(store, 'production')).length).toBe(before + 1);
  await controlRollout(production(), 'referrals', 'pause');
  clock += 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/is paused; nothing to do/);
  await controlRollout(production({ actor: 'carol', reason: 'not today' }), 'referrals', 'abort');
  expect(await share()).toBeUndefined();
  await expect(
    startRollout(production(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url }),
  ).resolves.toBeDefined();
  await expect(
    startRollout(production(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url }),
  ).rejects.toThrow(/A rollout of referrals@1\.1\.0 in production is running: abort it first/);
});

const vector = (at: number, values: Record<string, unknown>) => ({
  status: 'success',
  data: {
    resultType: 'vector',
    result: Object.entries(values).map(([variant, value]) => ({ metric: { variant }, value: [at / 1000, value] })),
  },
});

test.each([
  [
    'NaN values',
    (at: number) => vector(at, { stable: 'NaN', candidate: 'NaN' }),
    /answered .* with a stable value that is not a count \("NaN"\)/,
  ],
  [
    'words for values',
    (at: number) => vector(at, { stable: 'lots', candidate: 'none' }),
    /with a stable value that is not a count \("lots"\)/,
  ],
  [
    'infinite values',
    (at: number) => vector(at, { stable: '+Inf', candidate: '1' }),
    /with a stable value that is not a count \("\+Inf"\)/,
  ],
  [
    'negative values',
    (at: number) => vector(at, { stable: '10', candidate: '-5' }),
    /with a candidate value that is not a count \("-5"\)/,
  ],
  [
    'numbers where text belongs',
    (at: number) => vector(at, { stable: 10, candidate: 5 }),
    /with a stable value that is not a count \(10\)/,
  ],
  [
    'a result that is not a list',
    () => ({ status: 'success', data: { resultType: 'vector', result: { stable: 1 } } }),
    /with a result that is not a list of samples \(\{"stable":1\}\)/,
  ],
  ['no data at all', () => ({ status: 'success' }), /with a result that is not a list of samples \(nothing\)/],
  ['something that is not an answer', () => 'ok', /with something that is not a query answer/],
  ['a refusal', () => ({ status: 'error', error: 'bad_data' }), /with a refusal: bad_data/],
])('a tick on %s holds the rollout with one clear line and changes nothing', async (_what, body, message) => {
  clock = 5_000_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 1000, candidate: 1000 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    ...options,
    intervalMs: 10_000,
    prometheus: prometheus.url,
  });
  const rolloutFile = () =>
    JSON.parse(readFileSync(join(storeDir, 'envs/production/rollouts/referrals.json'), 'utf8')) as {
      status: string;
      step: number;
      held?: { since: number; why: string };
      log: string[];
    };
  const revisions = (await readHistory(store, 'production')).length;
  prometheus.answer = body;
  clock += 20_000;
  const look = () => tickRollout(productionAtClock(), 'referrals');
  await expect(look()).rejects.toMatchObject({ code: 'RELEASE_METRICS', message: expect.stringMatching(message) });
  // Held where it was: same share, same step, no revision; the state says since when and why.
  expect(rolloutFile()).toMatchObject({
    status: 'running',
    step: 0,
    held: { since: clock, why: expect.stringMatching(message) },
  });
  expect((await readHistory(store, 'production')).length).toBe(revisions);
  expect(await share()).toBe(25);
  // Said once per reason, not once a look: a second look held for the same reason writes nothing more.
  const logLines = rolloutFile().log.length;
  clock += 20_000;
  await expect(look()).rejects.toMatchObject({ code: 'RELEASE_METRICS' });
  expect(rolloutFile().log.length).toBe(logLines);
  expect((await readAudit(store)).filter((record) => record.kind === 'rollout-held')).toEqual([
    expect.objectContaining({ summary: expect.stringMatching(message) }),
  ]);
  // Past its hold limit (an hour by default), it goes back to the stable build rather than leave the candidate unwatched.
  clock += 60 * 60_000;
  expect((await look())[0]).toMatch(/gave up, back to the stable build; no figures for 1 h/);
  expect(await share()).toBeUndefined();
  expect(rolloutFile().status).toBe('gave-up');
});

test('a rollout does not start while Prometheus cannot answer, and nothing is written', async () => {
  const before = (await readHistory(store, 'production')).length;
  await expect(
    startRollout(production(), 'referrals@1.1.0', {
      ...options,
      prometheus: 'http://127.0.0.1:9/nothing',
    }),
  ).rejects.toMatchObject({ code: 'RELEASE_METRICS', message: expect.stringContaining('could not be queried') });
  expect((await readHistory(store, 'production')).length).toBe(before);
  await expect(rolloutStatus(store, 'production', 'referrals')).rejects.toMatchObject({ code: 'RELEASE_NOT_FOUND' });
});

test('durations read as people write them', () => {
  expect(parseDuration('10m')).toBe(600_000);
  expect(parseDuration('1.5s')).toBe(1_500);
  expect(() => parseDuration('ten minutes')).toThrow(/write 30s, 10m, 1h or 3d/);
});

test('where the store requires a reason, a rollout is not started or steered by hand without one, and nothing is written', async () => {
  await commands.init(
    store,
    { publicUrl: `${host.url}/remotes`, hosts: { production: host.url }, requireReason: ['production'] },
    who,
  );
  const before = await readHistory(store, 'production');
  const silent = { actor: 'bob', reason: ' ' };
  const started = startRollout(production(silent), 'referrals@1.1.0', {
    ...options,
    prometheus: prometheus.url,
  });
  await expect(started).rejects.toMatchObject({ code: 'RELEASE_USAGE' });
  await expect(started).rejects.toThrow('give --reason');
  await expect(rolloutStatus(store, 'production', 'referrals')).rejects.toMatchObject({ code: 'RELEASE_NOT_FOUND' });
  expect(await readHistory(store, 'production')).toEqual(before);

  await startRollout(production(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  expect(await share()).toBe(25);
  await expect(controlRollout(production(silent), 'referrals', 'abort')).rejects.toMatchObject({
    code: 'RELEASE_USAGE',
  });
  expect(await share()).toBe(25);
  await controlRollout(production({ actor: 'bob', reason: 'seen errors' }), 'referrals', 'abort');
  expect(await share()).toBeUndefined();
});

test('--expect guards the start only: the rollout moves on past its own revisions', async () => {
  clock = 5_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 5_000_000) / 50, candidate: (at - 5_000_000) / 100 } : { stable: 0 };
  // An earlier rollout's record (its log) is what a refused start must leave in place.
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  await controlRollout(production({ actor: 'bob', reason: 'not yet' }), 'referrals', 'abort');
  const head = (await readCurrent(store, 'production'))!.revision;
  const before = storeFiles();
  await expect(
    startRollout(production(who, { expect: head - 1 }), 'referrals@1.1.0', {
      ...options,
      prometheus: prometheus.url,
    }),
  ).rejects.toMatchObject({
    code: 'RELEASE_CONFLICT',
    message: expect.stringMatching(/Nothing was changed by this command/),
  });
  expect(storeFiles()).toEqual(before);
  await startRollout(
    {
      store,
      env: 'production',
      who,
      options: { expect: head, now: () => clock },
    },
    'referrals@1.1.0',
    { ...options, prometheus: prometheus.url },
  );
  expect(await share()).toBe(25);
  clock += 60_000;
  const said = await tickRollout(production(who, { expect: head, now: () => clock }), 'referrals');
  expect(said[0]).toMatch(/at 25 %: healthy, on to 100 %/);
  expect(await share()).toBe(100);
});

test("a person's rollback during a rollout stops it at once: its next look writes nothing over them", async () => {
  clock = 6_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 6_000_000) / 50, candidate: (at - 6_000_000) / 100 } : { stable: 0 };
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    steps: [5, 25, 50, 100],
    intervalMs: 60_000,
    prometheus: prometheus.url,
    minLoads: 20,
  });
  expect(await share()).toBe(5);
  // Someone rolls back, as the production guide says one may at any time.
  const said = await commands.rollback(production({ actor: 'bob', reason: 'pager at 3am' }), undefined);
  expect(said).toContain('  the rollout of referrals@1.1.0 stopped: the change took its candidate out');
  const afterRollback = (await readHistory(store, 'production')).length;
  expect(await share()).toBeUndefined();
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(
    /: stopped \(RELEASE_ROLLOUT_STOPPED\), at 5 %/,
  );
  expect((await rolloutStatus(store, 'production', 'referrals')).at(-1)).toMatch(
    /stopped: revision \d+ \(rollback to #\d+ by bob: pager at 3am\); the change took its candidate out$/,
  );
  clock += 60_000;
  expect(await tickRollout(productionAtClock(), 'referrals')).toEqual([
    'rollout of referrals@1.1.0 in production is stopped; nothing to do',
  ]);
  expect((await readHistory(store, 'production')).length).toBe(afterRollback);
  // A deploy of another remote is not a change to this one.
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  await commands.publish(store, writeBuild(builds, 'account', '1.0.0'), who);
  await commands.deploy(production(), 'account@1.0.0', { path: '/account', label: 'Account' });
  clock += 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/healthy, on to 100 %/);
});

test("a person's deploy during a rollout stops it and takes its candidate out in the same revision, said everywhere", async () => {
  clock = 6_500_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.1'), who);
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  expect(await share()).toBe(25);
  const bob = production({ actor: 'bob', reason: 'hotfix' });
  // A dry run says what would become of the rollout, and changes nothing.
  expect(await commands.deploy(production(bob.who, { dryRun: true }), 'referrals@1.0.1')).toContain(
    '  the rollout of referrals@1.1.0 would stop: its candidate at 25 % would be removed with it',
  );
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(/: running, at 25 %/);
  const said = await commands.deploy(bob, 'referrals@1.0.1');
  expect(said).toContain('  ~ referrals 1.0.0 → 1.0.1, canary 1.1.0 at 25 % → none');
  expect(said).toContain('  the rollout of referrals@1.1.0 stopped: its candidate at 25 % was removed with it');
  const current = (await readCurrent(store, 'production'))!.remotes[0]!;
  expect(current.entry).toContain('/referrals/1.0.1/');
  expect(current.candidate).toBeUndefined();
  const last = (await readHistory(store, 'production')).at(-1)!;
  expect(last).toMatchObject({
    actor: 'bob',
    action: { verb: 'deploy', version: '1.0.1' },
    stopped: [{ remote: 'referrals', version: '1.1.0', candidateRemoved: 25 }],
  });
  expect((await commands.history(store, 'production')).at(-1)).toMatch(
    /bob: deploy referrals@1\.0\.1 — hotfix; the rollout of referrals@1\.1\.0 stopped: its candidate at 25 % was removed with it$/,
  );
  const status = await rolloutStatus(store, 'production', 'referrals');
  expect(status[0]).toMatch(/: stopped \(RELEASE_ROLLOUT_STOPPED\)/);
  expect(status.at(-1)).toMatch(
    /stopped: revision \d+ \(deploy referrals@1\.0\.1 by bob: hotfix\); its candidate at 25 % was removed with it$/,
  );
  // Its next look does nothing: the person's deploy stands.
  clock += 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/is stopped; nothing to do/);
  expect((await readHistory(store, 'production')).at(-1)!.revision).toBe(last.revision);
});

test("a person who sets the canary's share themselves takes it over: the rollout stops, the candidate stays at their share, and status says nothing judges it", async () => {
  clock = 6_700_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  expect((await commands.status(store, ['production'])).at(-1)).toMatch(/canary 1\.1\.0 at 25 % \(rollout running\)$/);
  const said = await commands.canary(production({ actor: 'bob', reason: 'hold it here' }), 'referrals', {
    kind: 'share',
    percent: 50,
  });
  expect(said).toContain(
    '  the rollout of referrals@1.1.0 stopped: its candidate stays at 50 % as set by hand, judged by nothing until a person promotes or aborts it',
  );
  expect(await share()).toBe(50);
  expect((await commands.status(store, ['production'])).at(-1)).toMatch(
    /canary 1\.1\.0 at 50 % \(set by hand: no rollout judges it\)$/,
  );
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(/: stopped/);
});

test('a change made around the commands (an older tool, a store edited by hand) stops the rollout at its next look, and its candidate goes with it', async () => {
  clock = 6_900_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  // A revision committed without the commands' own stop (as a tool that knows nothing of rollouts would).
  await commit(store, 'production', {
    action: { verb: 'deploy', remote: 'referrals', version: '1.0.0' },
    actor: 'carol',
    reason: 'relabel',
    rebase: true,
    apply: (current) => ({
      action: { verb: 'deploy', remote: 'referrals', version: '1.0.0' },
      manifest: manifestOf(current.remotes.map((entry) => ({ ...entry, label: 'Invite' }))),
    }),
    check: async () => [],
  });
  expect(await share()).toBe(25);
  clock += 60_000;
  const said = await tickRollout(productionAtClock(), 'referrals');
  expect(said[0]).toMatch(
    /stopped: referrals was changed by someone else since its revision \d+: revision \d+ \(deploy referrals@1\.0\.0 by carol: relabel\); the rollout does not write over it; its candidate at 25 % goes with it$/,
  );
  expect(await share()).toBeUndefined();
  expect((await readCurrent(store, 'production'))!.remotes[0]!.label).toBe('Invite');
  expect((await readHistory(store, 'production')).at(-1)).toMatchObject({
    actor: 'rollout (started by alice)',
    action: { verb: 'canary-abort' },
    reason: expect.stringMatching(/^rollout stopped: referrals was changed by someone else/),
  });
});

test('an abort by hand is recorded under the person who aborted, and resume of a running rollout changes nothing', async () => {
  clock = 7_100_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  const stored = () => JSON.parse(readFileSync(join(storeDir, 'envs/production/rollouts/referrals.json'), 'utf8'));
  const before = stored();
  clock += 30_000;
  await expect(controlRollout(productionAtClock(), 'referrals', 'resume')).rejects.toMatchObject({
    code: 'RELEASE_NOTHING_TO_DO',
    message: expect.stringContaining('already running'),
  });
  expect(stored()).toEqual(before);
  await controlRollout(production({ actor: 'bob', reason: 'not today' }), 'referrals', 'abort');
  expect((await readHistory(store, 'production')).at(-1)).toMatchObject({
    actor: 'bob',
    action: { verb: 'canary-abort' },
    reason: 'rollout aborted by hand: not today',
  });
  expect(stored().status).toBe('aborted');
});

test('a dry run of each rollout command writes nothing, the rollout state included', async () => {
  const snapshot = storeFiles;
  const rolloutOptions = { ...options, prometheus: prometheus.url };
  let before = snapshot();
  const planned = await startRollout(production(who, { dryRun: true }), 'referrals@1.1.0', rolloutOptions);
  expect(planned.at(-1)).toMatch(/^dry run: a rollout of referrals@1\.1\.0 would start: 25 → 100 %/);
  expect(snapshot()).toEqual(before);
  await startRollout(production(), 'referrals@1.1.0', rolloutOptions);
  before = snapshot();
  for (const action of ['pause', 'resume', 'abort'] as const) {
    expect((await controlRollout(production(who, { dryRun: true }), 'referrals', action))[0]).toMatch(/^dry run: /);
    expect(snapshot()).toEqual(before);
  }
  await expect(tickRollout(production(who, { dryRun: true }), 'referrals')).rejects.toThrow(/without --dry-run/);
  expect(snapshot()).toEqual(before);
});

test('errors of another build (a tab still on a rolled-back one) are not counted against the candidate', async () => {
  clock = 7_000_000;
  const since = (at: number) => (at - 7_000_000) / 1000;
  prometheus.counters = (metric, at) =>
    metric === 'loads'
      ? { stable: since(at) * 2, candidate: since(at), 'candidate@1.0.9': since(at) / 4 }
      : { 'candidate@1.0.9': Math.floor(since(at) / 4) };
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  clock += 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /at 25 %: (waiting|healthy)[^;]*[;:] candidate 0\.000 errors per load \(0\/60\), stable 0\.000 errors per load \(0\/120\)/,
  );
});

test('a collector restarted mid-rollout (its counters from zero again) is counted through, as increase() would', async () => {
  clock = 8_000_000;
  // Counting up from the start; at 30 s the collector restarts and counts from zero again.
  const count = (at: number, perSecond: number) => {
    const seconds = (at - 8_000_000) / 1000;
    return seconds < 30 ? 1000 + seconds * perSecond : (seconds - 30) * perSecond;
  };
  prometheus.counters = (metric, at) => (metric === 'loads' ? { stable: count(at, 2), candidate: count(at, 1) } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: `${prometheus.url}/prom/` });
  clock += 60_000;
  // 25 s before the restart and 30 s after (samples every 5 s): 55 candidate loads, 110 stable.
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /at 25 %: (waiting|healthy)[^;]*[;:] candidate 0\.000 errors per load \(0\/55\), stable 0\.000 errors per load \(0\/110\)/,
  );
  // A Prometheus behind a path prefix is asked there.
  expect(new Set(prometheus.queried.filter((path) => path.startsWith('/prom/')))).toEqual(
    new Set(['/prom/api/v1/query']),
  );
});

test('looks that keep waiting at a share leave one line with the latest figures, not one a look', async () => {
  clock = 9_000_000;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 9_000_000) / 10_000, candidate: (at - 9_000_000) / 20_000 } : {};
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  for (let look = 0; look < 10; look += 1) {
    clock += 60_000;
    await tickRollout(productionAtClock(), 'referrals');
  }
  const lines = (await rolloutStatus(store, 'production', 'referrals')).filter((line) => line.includes('waiting'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(new Date(clock).toISOString());
  // What it still needs, in loads and, at the traffic so far (3 candidate loads a minute), in time.
  expect(lines[0]).toMatch(
    /; needs about \d+ more candidate loads, about \d+(\.\d)? (min|h) at the 3\.0 candidate loads a minute so far; at this share's longest time, in \d+(\.\d)? h, it moves on if its estimate is still within the margin \(it is now\), else goes back$/,
  );
});

test('a share that has lasted its longest time with nothing shown moves on when not estimated worse, or waits if told to', async () => {
  clock = 10_000_000;
  // 75 candidate loads an hour with no error, too few for the interval to close within the margin.
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - 10_000_000) / 24_000, candidate: (at - 10_000_000) / 48_000 } : {};
  const rolloutOptions = { ...options, prometheus: prometheus.url, maxStepMs: 2 * 60 * 60_000 };
  await startRollout(productionAtClock(), 'referrals@1.1.0', rolloutOptions);
  clock += 60 * 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/waiting/);
  clock += 60 * 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(
    /healthy, on to 100 %; not shown worse in the step's longest time, and estimated within the margin of 0\.01 \(difference 0\.000\)/,
  );
  expect(await share()).toBe(100);
  await controlRollout(production(), 'referrals', 'abort');
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...rolloutOptions, atMaxStep: 'wait' });
  clock += 3 * 60 * 60_000;
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/waiting/);
  expect(await share()).toBe(25);
});

test("an environment's policy is what a rollout starts with; its own options win, and a margin of either kind replaces the other", async () => {
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 0 } : {});
  const before = storeFiles();
  const shown = await setPolicy(production(who, { dryRun: true }), { steps: [10, 100], relativeMargin: 0.5 }, {});
  expect(shown.at(-1)).toBe('dry run: nothing was written');
  expect(storeFiles()).toEqual(before);
  await setPolicy(production(), { steps: [10, 100], relativeMargin: 0.5, maxStepMs: 4 * 3_600_000 }, {});
  expect(await setPolicy(production(), {}, {})).toEqual(
    expect.arrayContaining([
      "  steps 10 → 100 % (production's policy)",
      expect.stringContaining("margin of 50 % of stable's rate (production's policy)"),
      expect.stringContaining("at most 4 h (production's policy), then promote (default)"),
    ]),
  );
  expect((await readAudit(store)).at(-1)).toMatchObject({ kind: 'settings', actor: 'alice' });
  await startRollout(production(), 'referrals@1.1.0', {
    prometheus: prometheus.url,
    intervalMs: 30_000,
  });
  const started = JSON.parse(readFileSync(join(storeDir, 'envs/production/rollouts/referrals.json'), 'utf8'));
  expect(started).toMatchObject({ steps: [10, 100], intervalMs: 30_000, maxStepMs: 4 * 3_600_000 });
  expect(started.rule).toMatchObject({ relativeMargin: 0.5, minLoads: 100 });
  expect(await share()).toBe(10);
  await controlRollout(production(), 'referrals', 'abort');
  // An absolute margin given at start drops the environment's relative one.
  await startRollout(production(), 'referrals@1.1.0', { prometheus: prometheus.url, margin: 0.02 });
  const second = JSON.parse(readFileSync(join(storeDir, 'envs/production/rollouts/referrals.json'), 'utf8'));
  expect(second.rule.margin).toBe(0.02);
  expect(second.rule.relativeMargin).toBeUndefined();
  await controlRollout(production(), 'referrals', 'abort');
  await expect(setPolicy(production(), { steps: [50, 20] }, {})).rejects.toMatchObject({
    code: 'RELEASE_USAGE',
  });
  await setPolicy(production(), {}, { reset: true });
  expect(await setPolicy(production(), {}, {})).toContain('  steps 5 → 25 → 50 → 100 % (default)');
});

/** Every file of the store with its text, to compare it before and after. */
test("a person's abort while the rollout's next share is being checked wins: the late step takes nothing, says so, and writes into no later rollout", async () => {
  await healthyRolloutFrom(8_000_000);
  expect(await share()).toBe(10);
  // The share step's check is held between judging and committing (a CDN slow to answer).
  const { late, held, stored } = await lookHeldAtNextShare();
  await controlRollout(production({ actor: 'carol', reason: 'x' }), 'referrals', 'abort');
  const abortedAt = (await readHistory(store, 'production')).at(-1)!;
  // A new rollout of the remote starts before the late step commits: the step must not write into it.
  clock += 1_000;
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  held.release();
  const said = await late;
  expect(said.at(-1)).toMatch(
    new RegExp(
      `the step to 50 %, judged on revision ${abortedAt.revision - 1}, lost to revision ${abortedAt.revision} \\(abort canary referrals@1\\.1\\.0 by carol\\), revision ${abortedAt.revision + 1} \\(canary referrals@1\\.1\\.0 at 25 % by rollout \\(started by alice\\)\\): nothing taken$`,
    ),
  );
  // The new rollout's share stands, its record holds nothing of the old one's step, and history has no late step.
  expect(await share()).toBe(25);
  expect(stored()).toMatchObject({ status: 'running', step: 0, startedAt: clock });
  expect(JSON.stringify(stored().log)).not.toMatch(/lost to/);
  expect((await readHistory(store, 'production')).map((revision) => revision.action)).not.toContainEqual(
    expect.objectContaining({ verb: 'canary', percent: 50 }),
  );
});

test("a person's abort while the step is checked, with no rollout after it: the aborted rollout's log ends with the step that lost", async () => {
  await healthyRolloutFrom(8_500_000);
  const { late, held, stored } = await lookHeldAtNextShare();
  await controlRollout(production({ actor: 'carol', reason: 'x' }), 'referrals', 'abort');
  held.release();
  await late;
  expect(await share()).toBeUndefined();
  expect((await readHistory(store, 'production')).at(-1)).toMatchObject({
    actor: 'carol',
    action: { verb: 'canary-abort' },
  });
  expect(stored().status).toBe('aborted');
  expect(stored().log.slice(-2)).toEqual([
    expect.stringMatching(/ abort by carol: x$/),
    expect.stringMatching(
      / the step to 50 %, judged on revision \d+, lost to revision \d+ \(abort canary referrals@1\.1\.0 by carol\): nothing taken$/,
    ),
  ]);
  // Its next look does nothing more.
  clock += 60_000;
  expect(await tickRollout(productionAtClock(), 'referrals')).toEqual([
    'rollout of referrals@1.1.0 in production is aborted; nothing to do',
  ]);
  expect(await share()).toBeUndefined();
});

test('a step that lost to a change of another remote takes nothing and is judged again at the next look', async () => {
  await commands.publish(store, writeBuild(builds, 'account', '1.0.0'), who);
  await healthyRolloutFrom(8_700_000);
  const { late, held, stored } = await lookHeldAtNextShare();
  // The held request stays held; the deploy's own check is answered at once.
  await commands.deploy(production({ actor: 'dan', reason: 'new area' }), 'account@1.0.0', {
    path: '/account',
    label: 'Account',
  });
  held.release();
  const lateSaid = await late;
  expect(lateSaid.at(-1)).toMatch(
    /the step to 50 %, judged on revision \d+, lost to revision \d+ \(deploy account@1\.0\.0 by dan\): nothing taken$/,
  );
  expect(await share()).toBe(10);
  expect(stored()).toMatchObject({ status: 'running', step: 0 });
  expect(stored().pending).toBeUndefined();
  expect((await tickRollout(productionAtClock(), 'referrals'))[0]).toMatch(/at 10 %: healthy, on to 50 %/);
  expect(await share()).toBe(50);
});

test("a look that sees a person's rollback before their command marked the rollout stops it in their words, once", async () => {
  clock = 8_800_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    ...options,
    intervalMs: 3_600_000,
    prometheus: prometheus.url,
  });
  const key = join(storeDir, 'envs/production/rollouts/referrals.json');
  const running = readFileSync(key, 'utf8');
  await commands.rollback(production({ actor: 'bob', reason: 'a person steps in' }), undefined);
  const afterRollback = (await readHistory(store, 'production')).length;
  // As if their command had committed its revision and not yet marked the rollout (or died there).
  writeFileSync(key, running);
  clock += 1_000;
  const said = await tickRollout(productionAtClock(), 'referrals');
  expect(said).toEqual([
    expect.stringMatching(
      /stopped: revision \d+ \(rollback to #\d+ by bob: a person steps in\); the change took its candidate out$/,
    ),
  ]);
  const status = await rolloutStatus(store, 'production', 'referrals');
  expect(status[0]).toMatch(/: stopped \(RELEASE_ROLLOUT_STOPPED\)/);
  expect(status.filter((line) => line.includes('stopped:'))).toHaveLength(1);
  expect((await readHistory(store, 'production')).length).toBe(afterRollback);
  expect(await tickRollout(productionAtClock(), 'referrals')).toEqual([
    'rollout of referrals@1.1.0 in production is stopped; nothing to do',
  ]);
});

test('a step whose revision landed before its look stopped is finished by the next look without a second revision', async () => {
  await healthyRolloutFrom(8_900_000);
  const key = join(storeDir, 'envs/production/rollouts/referrals.json');
  const judged = (await readCurrent(store, 'production'))!.revision;
  clock += 60_000;
  await tickRollout(productionAtClock(), 'referrals');
  const revisions = (await readHistory(store, 'production')).length;
  // As if the look had stopped between its revision and clearing its step.
  const state = JSON.parse(readFileSync(key, 'utf8'));
  writeFileSync(
    key,
    JSON.stringify({
      ...state,
      revision: judged,
      pending: { kind: 'share', percent: 50, reason: 'rollout: on to 50 %', judgedRevision: judged },
    }),
  );
  expect(await tickRollout(productionAtClock(), 'referrals')).toEqual([
    `✔ production: canary referrals@1.1.0 at 50 % was already done (revision ${judged + 1})`,
  ]);
  expect((await readHistory(store, 'production')).length).toBe(revisions);
  expect(JSON.parse(readFileSync(key, 'utf8'))).toMatchObject({ revision: judged + 1, status: 'running', step: 1 });
});

test('a hand edit of the served manifest (no revision records it) stops the rollout at its next look, long before its interval ends', async () => {
  clock = 9_100_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    ...options,
    intervalMs: 3_600_000,
    prometheus: prometheus.url,
  });
  const path = join(storeDir, 'envs/production/manifest.json');
  const served = JSON.parse(readFileSync(path, 'utf8'));
  served.remotes[0].candidate.percent = 60;
  writeFileSync(path, JSON.stringify(served));
  clock += 60_000;
  const said = await tickRollout(productionAtClock(), 'referrals');
  expect(said[0]).toMatch(
    /stopped: referrals was changed by someone else since its revision \d+: an edit of envs\/production\/manifest\.json that no revision records; the rollout does not write over it; its candidate at 60 % goes with it$/,
  );
  expect(await share()).toBeUndefined();
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(/: stopped \(RELEASE_ROLLOUT_STOPPED\)/);
});

test('a start whose first share is refused by its check leaves the store as it was, the earlier rollout included', async () => {
  clock = 9_300_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  await controlRollout(production({ actor: 'bob', reason: 'not yet' }), 'referrals', 'abort');
  await commands.publish(store, writeBuild(builds, 'referrals', '2.0.0', { contract: '^9.0.0' }), who);
  const before = storeFiles();
  await expect(
    startRollout(productionAtClock(), 'referrals@2.0.0', { ...options, prometheus: prometheus.url }),
  ).rejects.toMatchObject({ code: 'RELEASE_CHECK_FAILED' });
  expect(storeFiles()).toEqual(before);
});

test("a plain rollback after a person's deploy stopped a rollout leaves the candidate out, says so first, and brings it back only when asked", async () => {
  clock = 9_500_000;
  prometheus.counters = (metric) => (metric === 'loads' ? { stable: 10, candidate: 5 } : {});
  await commands.publish(store, writeBuild(builds, 'referrals', '1.0.1'), who);
  await startRollout(productionAtClock(), 'referrals@1.1.0', { ...options, prometheus: prometheus.url });
  const bob = production({ actor: 'bob', reason: 'hotfix' });
  await commands.deploy(bob, 'referrals@1.0.1');
  expect(await share()).toBeUndefined();
  const planned = await commands.rollback(production(bob.who, { dryRun: true }), undefined);
  expect(planned[0]).toMatch(
    /^dry run: production would become revision \d+: rollback to #\d+, leaving out canary referrals@1\.1\.0 at 25 % \(no rollout would judge it; --with-canaries brings it back\)/,
  );
  await commands.rollback(bob, undefined);
  const current = (await readCurrent(store, 'production'))!.remotes[0]!;
  expect(current.entry).toContain('/referrals/1.0.0/');
  expect(current.candidate).toBeUndefined();
  expect((await rolloutStatus(store, 'production', 'referrals'))[0]).toMatch(/: stopped/);
  // Asked for, it comes back, and the revision says nothing judges it.
  await commands.deploy(bob, 'referrals@1.0.1');
  const withCandidate = (await readHistory(store, 'production')).find((revision) => revision.action.verb === 'canary')!;
  const said = await commands.rollback(bob, withCandidate.revision, { withCanaries: true });
  expect(said[0]).toMatch(/rollback to #\d+, with canary referrals@1\.1\.0 at 25 % live again, judged by no rollout$/);
  expect(await share()).toBe(25);
});

/** A rollout of referrals@1.1.0 at 10 → 50 → 100 %, its candidate healthy, on the tests' clock from `start`. */
async function healthyRolloutFrom(start: number): Promise<void> {
  clock = start;
  prometheus.counters = (metric, at) =>
    metric === 'loads' ? { stable: (at - start) / 50, candidate: (at - start) / 100 } : { stable: 0 };
  await startRollout(productionAtClock(), 'referrals@1.1.0', {
    steps: [10, 50, 100],
    intervalMs: 3_000,
    prometheus: prometheus.url,
    minLoads: 20,
  });
}

/** A look a minute on that has decided the step to 50 % and is held at its check (holdCandidateFiles). */
async function lookHeldAtNextShare() {
  const held = holdCandidateFiles();
  clock += 60_000;
  const late = tickRollout(productionAtClock(), 'referrals');
  const stored = () => JSON.parse(readFileSync(join(storeDir, 'envs/production/rollouts/referrals.json'), 'utf8'));
  await held.whenHeld();
  expect(stored().pending).toMatchObject({ kind: 'share', percent: 50 });
  return { late, held, stored };
}

/**
 * Holds a look's check between judging and committing: the first request for the candidate's files
 * waits until `release`; once one is held (`whenHeld`), every other request is answered at once.
 */
function holdCandidateFiles(): { whenHeld(): Promise<void>; release(): void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  host.slow = (path) => {
    if (!path.includes('/referrals/1.1.0/')) return 0;
    held = true;
    return gate;
  };
  return {
    whenHeld: async () => {
      while (!held) await new Promise((resolve) => setTimeout(resolve, 10));
      host.slow = undefined;
    },
    release,
  };
}

function storeFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[path.slice(storeDir.length)] = readFileSync(path, 'utf8');
    }
  };
  walk(storeDir);
  return files;
}

test("an environment's policy says each duration as one (20 s, not 0.333 min)", async () => {
  const shown = await setPolicy(
    production(who, { dryRun: true }),
    { intervalMs: 20_000, holdLimitMs: 90 * 60_000 },
    {},
  );
  expect(shown).toContain("  each at least 20 s (production's policy), at most 2 h (default), then promote (default)");
  expect(shown).toContain("  back to the stable build after 1.5 h without figures (production's policy)");
});
