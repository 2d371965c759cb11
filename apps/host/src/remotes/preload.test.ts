import { prefetchRemote } from './preload';

const entry = { entry: 'https://referrals.example/mf-manifest.json' };
const manifest = {
  exposes: [{ path: './remote', assets: { js: { sync: ['remote.1234.js'] }, css: { sync: ['remote.1234.css'] } } }],
};

function fakeFetch(body: unknown) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return { ok: true, status: 200, json: async () => body, arrayBuffer: async () => new ArrayBuffer(0) } as Response;
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const hints = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => `${link.rel} ${link.href}`);

afterEach(() => {
  document.head.innerHTML = '';
});

test('prefetching fetches the manifest and the first files into the HTTP cache (stable names revalidated on the visit), with integrity, running nothing', async () => {
  const { calls, fetchImpl } = fakeFetch({ ...manifest, integrity: { 'remote.1234.js': 'sha384-chunk' } });
  await prefetchRemote(entry, () => true, fetchImpl);
  expect(calls.map((call) => `${call.url} ${call.init?.cache ?? 'default'} ${call.init?.integrity ?? '-'}`)).toEqual([
    'https://referrals.example/mf-manifest.json no-cache -',
    'https://referrals.example/remoteEntry.js no-cache -',
    'https://referrals.example/remote.1234.js default sha384-chunk',
    'https://referrals.example/remote.1234.css default -',
  ]);
  expect(hints()).toEqual([]);
  expect(document.querySelectorAll('script')).toHaveLength(0);
});

test('a remote the host would refuse (its contract) is not prefetched beyond its manifest', async () => {
  const { calls, fetchImpl } = fakeFetch(manifest);
  await prefetchRemote(entry, () => false, fetchImpl);
  expect(calls.map((call) => call.url)).toEqual(['https://referrals.example/mf-manifest.json']);
  expect(hints()).toEqual([]);
});
