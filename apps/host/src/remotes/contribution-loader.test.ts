import { defineContribution } from '@mfe/context';
import type { RemoteEntry } from '../manifest';
import { report } from '../telemetry';
import { ContributionLoader, contributionsTo, type PlacedContribution } from './contribution-loader';
import type { RemoteLoader } from './remote-loader';

jest.mock('../telemetry', () => ({ report: jest.fn() }));

const entry = (name: string, contributions: RemoteEntry['contributions']): RemoteEntry => ({
  name,
  entry: `https://cdn.example/${name}/mf-manifest.json`,
  path: `/${name}`,
  label: name,
  order: 1,
  requiresAuth: true,
  timeoutMs: 10_000,
  contributions,
});
const place = (slot: string, module: string, order = 100) => ({ slot, module, order, requiresAuth: true });

test("a slot's contributions come in the manifest's order, then by remote and module; other slots' are not listed", () => {
  const remotes = [
    entry('referrals', [place('home.tiles', 'b'), place('home.tiles', 'a'), place('shell.header.end', 'x', 1)]),
    entry('account', [place('home.tiles', 'z', 50)]),
  ];
  expect(contributionsTo(remotes, 'home.tiles').map((item) => `${item.remote}/${item.module}`)).toEqual([
    'account/z',
    'referrals/a',
    'referrals/b',
  ]);
  expect(contributionsTo(remotes, 'account.profile.aside')).toEqual([]);
});

describe('ContributionLoader', () => {
  const card: PlacedContribution = { ...place('home.tiles', 'card'), remote: 'referrals' };
  const fakeLoader = (exposed: () => Promise<unknown>) =>
    ({
      loadExposed: jest.fn(exposed),
      describe: (name: string) => ({ name, version: '2.1.0', variant: 'candidate' }),
      build: () => ({ version: '2.1.0' }),
      entryOf: () => entry('referrals', []),
    }) as unknown as RemoteLoader & { loadExposed: jest.Mock };

  beforeEach(() => (report as jest.Mock).mockClear());

  test('loads a contribution once, from ./contributions/<module>, and reports the load as its remote (version and canary side)', async () => {
    const module = defineContribution('home.tiles', () => null);
    const loader = fakeLoader(async () => ({ default: module }));
    const contributions = new ContributionLoader(loader);
    contributions.placed(card);
    expect(contributions.snapshot()).toMatchObject([{ state: 'waiting', remote: 'referrals', module: 'card' }]);
    const [first, second] = await Promise.all([contributions.load(card), contributions.load(card)]);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(loader.loadExposed).toHaveBeenCalledTimes(1);
    expect(loader.loadExposed).toHaveBeenCalledWith('referrals', 'contributions/card');
    expect(contributions.loadedModule(card)).toBe(module);
    expect(contributions.snapshot()[0]).toMatchObject({ state: 'shown', version: '2.1.0', failures: 0 });
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'event',
        name: 'remote loaded',
        remote: { name: 'referrals', version: '2.1.0', variant: 'candidate' },
        attributes: expect.objectContaining({ slot: 'home.tiles', module: 'card' }),
      }),
    );
  });

  test('a failed load is counted against its budget, reported as its remote, and tried again on the next load', async () => {
    let fail = true;
    const module = defineContribution('home.tiles', () => null);
    const loader = fakeLoader(async () => {
      if (fail) throw Object.assign(new Error('unreachable'), { code: 'REMOTE_LOAD_FAILED' });
      return module;
    });
    const contributions = new ContributionLoader(loader);
    await expect(contributions.load(card)).rejects.toThrow('unreachable');
    expect(contributions.record(card)).toMatchObject({
      state: 'failed',
      failures: 1,
      lastError: { code: 'REMOTE_LOAD_FAILED', message: 'unreachable' },
    });
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'error',
        name: 'remote load failed',
        remote: expect.objectContaining({ name: 'referrals' }),
      }),
    );
    fail = false;
    await expect(contributions.load(card)).resolves.toBe(module);
    expect(contributions.record(card)).toMatchObject({ state: 'shown', failures: 1 });
  });

  test('a module written for another slot, or not a contribution, is refused as the remote being invalid', async () => {
    const elsewhere = new ContributionLoader(
      fakeLoader(async () => defineContribution('shell.header.end', () => null)),
    );
    await expect(elsewhere.load(card)).rejects.toMatchObject({ code: 'REMOTE_INVALID' });
    const plain = new ContributionLoader(fakeLoader(async () => ({ default: () => null })));
    await expect(plain.load(card)).rejects.toMatchObject({ code: 'REMOTE_INVALID' });
  });

  test('subscribers hear each change, and the snapshot stays the same object between changes', async () => {
    const contributions = new ContributionLoader(fakeLoader(async () => defineContribution('home.tiles', () => null)));
    const heard = jest.fn();
    const stop = contributions.subscribe(heard);
    contributions.placed(card);
    const snapshot = contributions.snapshot();
    expect(contributions.snapshot()).toBe(snapshot);
    await contributions.load(card);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    contributions.failed(card, 'REMOTE_RENDER_FAILED', 'threw');
    expect(heard).toHaveBeenCalledTimes(3);
    expect(contributions.record(card)).toMatchObject({ failures: 1, lastError: { code: 'REMOTE_RENDER_FAILED' } });
  });

  test('settles once no contribution is loading (a failed one too), including one started in the meantime', async () => {
    const pending: Array<{ resolve: () => void; reject: () => void }> = [];
    const contributions = new ContributionLoader(
      fakeLoader(
        () =>
          new Promise((resolve, reject) =>
            pending.push({ resolve: () => resolve(defineContribution('home.tiles', () => null)), reject }),
          ),
      ),
    );
    expect(await Promise.race([contributions.settled().then(() => 'settled'), later(50)])).toBe('settled');
    const other = { ...card, module: 'other' };
    void contributions.load(card);
    let settled = false;
    void contributions.settled().then(() => (settled = true));
    void contributions.load(other).catch(() => undefined);
    await later(50);
    pending[0]!.resolve();
    await later(50);
    expect(settled).toBe(false);
    pending[1]!.reject();
    await later(50);
    expect(settled).toBe(true);
  });
});

const later = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('later'), ms));
