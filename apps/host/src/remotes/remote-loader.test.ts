import { defineMountedArea, defineRemote } from '@mfe/context';
import type { RemoteEntry } from '../manifest';
import { report } from '../telemetry/queue';
import { preloadRemoteScripts, RemoteLoader, type FederationRuntime } from './remote-loader';

jest.mock('../telemetry/queue', () => ({ report: jest.fn(), pageRoute: () => '/' }));

const entry: RemoteEntry = {
  name: 'referrals',
  entry: 'https://cdn.example.com/referrals/mf-manifest.json',
  path: '/referrals',
  label: 'Referrals',
  order: 1,
  requiresAuth: true,
  timeoutMs: 10_000,
};
const remoteModule = defineRemote({ App: () => null });

function fakeRuntime(results: Array<() => Promise<unknown>>) {
  const calls: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      calls.push(id);
      const next = results.shift();
      if (!next) throw new Error('no more results');
      return next() as never;
    }),
  };
  return { runtime, calls };
}

const noSleep = async () => undefined;
const PROVIDED = { react: '19.3.1', '@mfe/context': '1.1.0' };

/** Serves the remote's mf-manifest.json with the given shared ranges. */
function manifestFetch(
  shared: Array<{ name: string; requiredVersion: string }> = [{ name: 'react', requiredVersion: '^19.0.0' }],
): typeof fetch {
  return (async () => ({ ok: true, status: 200, json: async () => ({ shared }) }) as Response) as typeof fetch;
}

/** Answers every request with `manifest` as its JSON (and an empty body), recording the URLs asked for. */
function recordingFetch(manifest: unknown): { fetched: string[]; fetchImpl: typeof fetch } {
  const fetched: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    fetched.push(String(input));
    return {
      ok: true,
      status: 200,
      json: async () => manifest,
      arrayBuffer: async () => new ArrayBuffer(0),
    } as unknown as Response;
  }) as typeof fetch;
  return { fetched, fetchImpl };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('registers remotes without loading any of them', () => {
  const { runtime, calls } = fakeRuntime([]);
  new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep).register([entry]);
  expect(runtime.registerRemotes).toHaveBeenCalledWith([
    { name: 'referrals', entry: 'https://cdn.example.com/referrals/remoteEntry.js' },
  ]);
  expect(calls).toEqual([]);
});

test('loads the exposed ./remote module once and caches it', async () => {
  const { runtime, calls } = fakeRuntime([async () => ({ default: remoteModule })]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).resolves.toBe(remoteModule);
  await expect(loader.load('referrals')).resolves.toBe(remoteModule);
  expect(calls).toEqual(['referrals/remote']);
});

test('a failed load is a REMOTE_LOAD_FAILED naming the area, and is not cached', async () => {
  const { runtime, calls } = fakeRuntime([
    async () => {
      throw new Error('RUNTIME-001 remoteEntry threw');
    },
    async () => remoteModule,
  ]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_LOAD_FAILED',
    message: expect.stringContaining('"Referrals"'),
  });
  await expect(loader.load('referrals')).resolves.toBe(remoteModule);
  expect(calls).toHaveLength(2);
});

test('a remote whose code began loading keeps its build when the manifest is registered again with another', async () => {
  const { runtime } = fakeRuntime([async () => ({ default: remoteModule })]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry], { referrals: { variant: 'candidate' } });
  const loading = loader.loadAhead('referrals');
  const other = { ...entry, entry: 'https://cdn.example.com/referrals-2/mf-manifest.json' };
  const held = loader.register([other, { ...entry, name: 'billing', path: '/billing' }]);
  expect(held.map((one) => one.entry)).toEqual([entry.entry, entry.entry]);
  expect(loader.describe('referrals')).toMatchObject({ variant: 'candidate' });
  await loading;
  // The same build, parsed whole, is taken: it is the same code.
  const parsed = { ...entry, label: 'Referrals (parsed)' };
  expect(loader.register([parsed])[0]).toBe(parsed);
});

test('a remote not yet loading takes the build registered last', () => {
  const { runtime } = fakeRuntime([]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  const other = { ...entry, entry: 'https://cdn.example.com/referrals-2/mf-manifest.json' };
  expect(loader.register([other], { referrals: { variant: 'candidate' } })[0]).toBe(other);
  expect(loader.describe('referrals')).toMatchObject({ variant: 'candidate' });
});

describe("a load started ahead of its part (the opening page's area)", () => {
  const failures = () => jest.mocked(report).mock.calls.filter(([one]) => one.name === 'remote load failed');
  const failing = () => async () => {
    throw new Error('RUNTIME-001 remoteEntry threw');
  };
  beforeEach(() => jest.mocked(report).mockClear());

  test('is the load the part then asks for, run once', async () => {
    const { runtime, calls } = fakeRuntime([async () => remoteModule]);
    const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
    loader.register([entry]);
    const ahead = loader.loadAhead('referrals');
    expect(loader.load('referrals')).toBe(ahead);
    await expect(ahead).resolves.toBe(remoteModule);
    expect(calls).toEqual(['referrals/remote']);
  });

  test('keeps its failure for the part that asks after it failed: tried and reported once', async () => {
    const { runtime, calls } = fakeRuntime([failing(), async () => remoteModule]);
    const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
    loader.register([entry]);
    await loader.loadAhead('referrals').catch(() => undefined);
    await expect(loader.load('referrals')).rejects.toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
    expect(calls).toHaveLength(1);
    expect(failures()).toHaveLength(1);
    // Once shown, the failure is forgotten as any other: the next ask loads again.
    await expect(loader.load('referrals')).resolves.toBe(remoteModule);
    expect(calls).toHaveLength(2);
  });

  test('is dropped by Retry, which loads afresh', async () => {
    const { runtime, calls } = fakeRuntime([failing(), async () => remoteModule]);
    const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
    loader.register([entry]);
    await loader.loadAhead('referrals').catch(() => undefined);
    await expect(loader.retry('referrals')).resolves.toBe(remoteModule);
    expect(calls).toHaveLength(2);
  });
});

test('retry re-registers the remote with force so the runtime forgets the failed entry', async () => {
  const { runtime } = fakeRuntime([async () => remoteModule]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await loader.retry('referrals');
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'referrals', entry: 'https://cdn.example.com/referrals/remoteEntry.js' }],
    { force: true },
  );
});

test('a module that was not made with defineRemote is refused as REMOTE_INVALID', async () => {
  const { runtime } = fakeRuntime([async () => ({ default: () => null })]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({ code: 'REMOTE_INVALID' });
});

test('an unknown remote name fails without touching the runtime', async () => {
  const { runtime, calls } = fakeRuntime([]);
  await expect(new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep).load('nope')).rejects.toMatchObject({
    code: 'REMOTE_LOAD_FAILED',
  });
  expect(calls).toEqual([]);
});

test('a remote that does not answer within its timeout fails with a message naming the area and the budget', async () => {
  jest.useFakeTimers();
  try {
    const { runtime } = fakeRuntime([() => new Promise(() => undefined)]);
    const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
    loader.register([{ ...entry, timeoutMs: 2_000 }]);
    const result = loader.load('referrals');
    jest.advanceTimersByTime(2_000);
    await expect(result).rejects.toMatchObject({
      code: 'REMOTE_LOAD_FAILED',
      message: expect.stringContaining('took too long to load (over 2 s)'),
    });
  } finally {
    jest.useRealTimers();
  }
});

test('a remote built for another contract is refused as REMOTE_INCOMPATIBLE before any of its code runs', async () => {
  const { runtime, calls } = fakeRuntime([async () => remoteModule]);
  const loader = new RemoteLoader(
    runtime,
    PROVIDED,
    manifestFetch([{ name: '@mfe/context', requiredVersion: '^2.0.0' }]),
  );
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_INCOMPATIBLE',
    message: expect.stringContaining('needs an update'),
  });
  expect(calls).toEqual([]);
});

test('a pinned remote whose build records no integrity for its first files is refused as REMOTE_INVALID, naming them, before any of its code runs', async () => {
  const { runtime, calls } = fakeRuntime([async () => remoteModule, async () => remoteModule]);
  const listing = {
    shared: [],
    exposes: [
      { path: './remote', assets: { js: { sync: ['remote.1.js'], async: [] }, css: { sync: ['remote.1.css'] } } },
    ],
  };
  const serving = (manifest: unknown) =>
    (async () => ({ ok: true, status: 200, json: async () => manifest }) as Response) as typeof fetch;
  const pinned = { ...entry, integrity: 'sha384-pinned' };
  const loader = new RemoteLoader(runtime, PROVIDED, serving(listing), noSleep);
  loader.register([pinned]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_INVALID',
    message: expect.stringContaining('its build does not pin remote.1.js and remote.1.css with their integrity'),
    failure: { kind: 'unpinned', files: ['remote.1.js', 'remote.1.css'] },
  });
  expect(calls).toEqual([]);

  // The same build recording them loads; an unpinned entry (allowed by the host's config) is not asked to.
  const recorded = { ...listing, integrity: { 'remote.1.js': 'sha384-a', 'remote.1.css': 'sha384-b' } };
  const accepting = new RemoteLoader(runtime, PROVIDED, serving(recorded), noSleep);
  accepting.register([pinned]);
  await expect(accepting.load('referrals')).resolves.toBe(remoteModule);
  const unpinned = new RemoteLoader(runtime, PROVIDED, serving(listing), noSleep);
  unpinned.register([entry]);
  await expect(unpinned.load('referrals')).resolves.toBe(remoteModule);
});

test('a network failure is retried automatically with backoff, re-registering the remote each time', async () => {
  const sleeps: number[] = [];
  const { runtime, calls } = fakeRuntime([
    async () => {
      throw new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
    },
    async () => {
      throw new TypeError('Failed to fetch');
    },
    async () => remoteModule,
  ]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), async (ms) => void sleeps.push(ms));
  loader.register([entry]);
  await expect(loader.load('referrals')).resolves.toBe(remoteModule);
  expect(calls).toHaveLength(3);
  expect(sleeps).toEqual([300, 1_000]);
  expect(runtime.registerRemotes).toHaveBeenCalledWith(
    [{ name: 'referrals', entry: 'https://cdn.example.com/referrals/remoteEntry.js' }],
    { force: true },
  );
});

test("an entry script that ran and threw is not run again, and is named as the remote team's fault", async () => {
  const { runtime, calls } = fakeRuntime([
    async () => {
      // What the browser does when the script runs and throws: an error event naming the script.
      window.dispatchEvent(
        new ErrorEvent('error', {
          filename: 'https://cdn.example.com/referrals/remoteEntry.js',
          message: 'Uncaught Error: entry exploded',
        }),
      );
      throw new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
    },
    async () => remoteModule,
  ]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_INVALID',
    message: expect.stringContaining('its code threw: Uncaught Error: entry exploded'),
  });
  expect(calls).toHaveLength(1);
});

test('after a load timed out, Retry asks for the entry under a new URL instead of waiting on the hanging one', async () => {
  const { runtime, calls } = fakeRuntime([() => new Promise(() => undefined), async () => remoteModule]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([{ ...entry, timeoutMs: 30 }]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_LOAD_FAILED',
    message: expect.stringContaining('took too long'),
  });
  await expect(loader.retry('referrals')).resolves.toBe(remoteModule);
  expect(calls).toHaveLength(2);
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'referrals', entry: 'https://cdn.example.com/referrals/remoteEntry.js?mfe-attempt=1' }],
    { force: true },
  );
  // The preload hint follows the new URL too.
  expect(
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href),
  ).toContain('https://cdn.example.com/referrals/remoteEntry.js?mfe-attempt=1');
  document.head.replaceChildren();
});

test('network failures stop after a bounded number of tries', async () => {
  const offline = async () => {
    throw new TypeError('Failed to fetch');
  };
  const { runtime, calls } = fakeRuntime([offline, offline, offline, offline]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
  expect(calls).toHaveLength(3);
});

test('a script that ran and threw is never run again automatically', async () => {
  const { runtime, calls } = fakeRuntime([
    async () => {
      throw new Error('RUNTIME-001 Failed to get remoteEntry exports.');
    },
  ]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
  expect(calls).toHaveLength(1);
});

test('a container without the ./remote module is REMOTE_INVALID, not a connection problem', async () => {
  const { runtime } = fakeRuntime([
    async () => {
      throw new Error('Module "./remote" does not exist in container.');
    },
  ]);
  const loader = new RemoteLoader(runtime, PROVIDED, manifestFetch(), noSleep);
  loader.register([entry]);
  await expect(loader.load('referrals')).rejects.toMatchObject({
    code: 'REMOTE_INVALID',
    message: expect.stringContaining('does not expose "./remote"'),
  });
});

describe('preloading a remote once its manifest is checked', () => {
  const chunk = '__federation_expose_remote.1234.js';
  const manifest = {
    exposes: [
      { path: './remote', assets: { js: { sync: [chunk, 'https://elsewhere.example/x.js'], async: ['lazy.js'] } } },
    ],
    integrity: { 'remoteEntry.js': 'sha384-entry', [chunk]: 'sha384-chunk' },
  };
  const hints = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
      href: link.href,
      integrity: link.getAttribute('integrity') ?? '',
      crossOrigin: link.crossOrigin,
    }));
  afterEach(() => document.head.replaceChildren());

  it('hints the entry and the exposed module’s first chunks together, chunks with their recorded hashes, only from the manifest’s origin', () => {
    preloadRemoteScripts(entry, manifest);
    expect(hints()).toEqual([
      { href: 'https://cdn.example.com/referrals/remoteEntry.js', integrity: '', crossOrigin: 'anonymous' },
      { href: `https://cdn.example.com/referrals/${chunk}`, integrity: 'sha384-chunk', crossOrigin: 'anonymous' },
    ]);
  });

  it('hints the exposed module’s stylesheets as styles, with their recorded hashes', () => {
    preloadRemoteScripts(entry, {
      exposes: [{ path: './remote', assets: { js: { sync: [chunk] }, css: { sync: ['remote.1234.css'] } } }],
      integrity: { 'remote.1234.css': 'sha384-css' },
    });
    const style = document.head.querySelector<HTMLLinkElement>('link[as="style"]');
    expect(style?.href).toBe('https://cdn.example.com/referrals/remote.1234.css');
    expect(style?.getAttribute('integrity')).toBe('sha384-css');
  });

  it('hints a pinned remote’s entry with the pinned hash, and only chunks whose hash is recorded', () => {
    preloadRemoteScripts(
      { ...entry, integrity: 'sha384-pinned' },
      { ...manifest, integrity: { [chunk]: 'sha384-chunk' } },
    );
    expect(hints().map((hint) => hint.integrity)).toEqual(['sha384-pinned', 'sha384-chunk']);
    document.head.replaceChildren();
    preloadRemoteScripts({ ...entry, integrity: 'sha384-pinned' }, { exposes: manifest.exposes });
    expect(hints().map((hint) => hint.href)).toEqual(['https://cdn.example.com/referrals/remoteEntry.js']);
  });

  it('adds no duplicate hints on a retry, and ignores malformed manifests and hashes', () => {
    preloadRemoteScripts(entry, manifest);
    preloadRemoteScripts(entry, manifest);
    preloadRemoteScripts(entry, { exposes: 'nonsense', integrity: 42 });
    expect(hints()).toHaveLength(2);
    document.head.replaceChildren();
    preloadRemoteScripts(entry, { ...manifest, integrity: { [chunk]: '"><script>' } });
    expect(hints().map((hint) => hint.integrity)).toEqual(['', '']);
  });
});

test('prefetching waits for the loads in flight (the page its own remote first), and never runs the prefetched remote', async () => {
  let finish: () => void = () => undefined;
  const { runtime, calls } = fakeRuntime([
    () => new Promise((resolve) => (finish = () => resolve({ default: remoteModule }))),
  ]);
  const { fetched, fetchImpl } = recordingFetch({ shared: [] });
  const account: RemoteEntry = {
    ...entry,
    name: 'account',
    entry: 'https://cdn.example.com/account/mf-manifest.json',
    path: '/account',
    label: 'Account',
  };
  const loader = new RemoteLoader(runtime, PROVIDED, fetchImpl, noSleep);
  loader.register([entry, account]);
  const opening = loader.load('referrals');
  const ahead = loader.prefetch('account');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetched.filter((url) => url.includes('/account/'))).toEqual([]);
  finish();
  await opening;
  await ahead;
  expect(fetched.filter((url) => url.includes('/account/'))).toEqual([
    'https://cdn.example.com/account/mf-manifest.json',
    'https://cdn.example.com/account/remoteEntry.js',
  ]);
  expect(calls).toEqual(['referrals/remote']);
});

describe('a visit to a remote prefetched', () => {
  const account: RemoteEntry = {
    ...entry,
    name: 'account',
    entry: 'https://cdn.example.com/account/mf-manifest.json',
    path: '/account',
    label: 'Account',
  };
  const built = {
    shared: [{ name: 'react', requiredVersion: '^19.0.0' }],
    exposes: [
      { path: './remote', assets: { js: { sync: ['__federation_expose_remote.abcdef12.js'] }, css: { sync: [] } } },
    ],
  };
  const hinted = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
  beforeEach(() => document.head.replaceChildren());

  /** Answers the prefetch at once; the visit's manifest request waits for `release`. */
  function setUp(manifest: unknown) {
    let release: () => void = () => undefined;
    let visits = 0;
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = {
        ok: true,
        status: 200,
        json: async () => manifest,
        arrayBuffer: async () => new ArrayBuffer(0),
      } as unknown as Response;
      if (url.endsWith('/mf-manifest.json') && (init as { priority?: string } | undefined)?.priority !== 'low') {
        visits += 1;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return body;
    }) as typeof fetch;
    const { runtime, calls } = fakeRuntime([async () => ({ default: remoteModule })]);
    const loader = new RemoteLoader(runtime, PROVIDED, fetchImpl, noSleep);
    loader.register([account]);
    return { loader, calls, release: () => release(), visits: () => visits };
  }

  test('asks for its entry while its manifest is revalidated (its chunks are cached), and runs nothing before the check', async () => {
    const { loader, calls, release, visits } = setUp(built);
    await loader.prefetch('account');
    const visit = loader.load('account');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(visits()).toBe(1);
    expect(hinted()).toEqual(['https://cdn.example.com/account/remoteEntry.js']);
    expect(calls).toEqual([]);
    release();
    await expect(visit).resolves.toBe(remoteModule);
    expect(calls).toEqual(['account/remote']);
  });

  test('after a failed visit, Retry asks for the entry under a new URL (the browser may answer the old one with the failed hint)', async () => {
    const { runtime } = fakeRuntime([]);
    let manifestUp = false;
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const ok = manifestUp || !String(input).endsWith('/mf-manifest.json');
      return {
        ok,
        status: ok ? 200 : 404,
        json: async () => built,
        arrayBuffer: async () => new ArrayBuffer(0),
      } as unknown as Response;
    }) as typeof fetch;
    const loader = new RemoteLoader(runtime, PROVIDED, fetchImpl, noSleep);
    loader.register([account]);
    manifestUp = true;
    await loader.prefetch('account');
    manifestUp = false;
    await expect(loader.load('account')).rejects.toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
    expect(hinted()).toEqual(['https://cdn.example.com/account/remoteEntry.js']);
    manifestUp = true;
    await loader.retry('account').catch(() => undefined);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'account', entry: 'https://cdn.example.com/account/remoteEntry.js?mfe-attempt=1' }],
      { force: true },
    );
    expect(hinted()).toContain('https://cdn.example.com/account/remoteEntry.js?mfe-attempt=1');
  });

  test('a pinned one whose build records no integrity for its first files is not prefetched', async () => {
    const { fetched, fetchImpl } = recordingFetch(built);
    const loader = new RemoteLoader(fakeRuntime([]).runtime, PROVIDED, fetchImpl, noSleep);
    loader.register([{ ...account, integrity: 'sha384-pinned' }]);
    await loader.prefetch('account');
    expect(fetched).toEqual(['https://cdn.example.com/account/mf-manifest.json']);
  });

  test('one the contract check refused ahead is not hinted before its manifest is read again', async () => {
    const { loader, release } = setUp({ ...built, shared: [{ name: 'react', requiredVersion: '^18.0.0' }] });
    await loader.prefetch('account');
    const visit = loader.load('account');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hinted()).toEqual([]);
    release();
    await expect(visit).rejects.toMatchObject({ code: 'REMOTE_INCOMPATIBLE' });
  });
});

describe('an area built to render in a root of its own', () => {
  /** Serves a build that recorded `mount: 'own-root'` (its own React, nothing shared). */
  const ownRoot = (fetched: string[] = []) =>
    (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return {
        ok: true,
        status: 200,
        json: async () => ({ shared: [], mount: 'own-root' }),
        arrayBuffer: async () => new ArrayBuffer(0),
      } as unknown as Response;
    }) as typeof fetch;

  test('loads its mounted module', async () => {
    const mounted = defineMountedArea({ mount: () => ({ update: () => undefined, unmount: () => undefined }) });
    const { runtime } = fakeRuntime([async () => ({ default: mounted })]);
    const loader = new RemoteLoader(runtime, PROVIDED, ownRoot(), noSleep);
    loader.register([entry]);
    await expect(loader.load('referrals')).resolves.toBe(mounted);
    expect(loader.build('referrals').mount).toBe('own-root');
  });

  test("is refused, naming why, when it exposes a module for the host's tree", async () => {
    const { runtime } = fakeRuntime([async () => ({ default: remoteModule })]);
    const loader = new RemoteLoader(runtime, PROVIDED, ownRoot(), noSleep);
    loader.register([entry]);
    // The panel and telemetry say the true reason, not that it lacks a module it has.
    await expect(loader.load('referrals')).rejects.toMatchObject({
      code: 'REMOTE_INVALID',
      failure: { kind: 'wrong-mount', expose: './remote' },
      message: expect.stringContaining(
        'was built to run in a root of its own, but its "./remote" renders in this app\'s tree',
      ),
    });
    expect(loader.lastError('referrals')?.message).not.toContain('defineRemote(...)');
  });

  test('is not prefetched beyond its manifest: its own React waits for a page that shows it', async () => {
    const fetched: string[] = [];
    const { runtime, calls } = fakeRuntime([]);
    const loader = new RemoteLoader(runtime, PROVIDED, ownRoot(fetched), noSleep);
    loader.register([entry]);
    await loader.prefetch('referrals');
    expect(fetched).toEqual(['https://cdn.example.com/referrals/mf-manifest.json']);
    expect(calls).toEqual([]);
  });
});
