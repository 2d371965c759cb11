import { entryScriptElement, EntryUrl } from './entry-url';

const remote = { name: 'referrals', entry: 'https://cdn.example.com/referrals/1.0.0/mf-manifest.json' };
const SCRIPT = 'https://cdn.example.com/referrals/1.0.0/remoteEntry.js';

test('the entry script beside the manifest, under a new URL for each attempt after a timeout', () => {
  const urls = new EntryUrl();
  expect(urls.url(remote)).toBe(SCRIPT);
  urls.rename();
  expect(urls.url(remote)).toBe(`${SCRIPT}?mfe-attempt=1`);
  urls.rename();
  expect(urls.url(remote)).toBe(`${SCRIPT}?mfe-attempt=2`);
  expect(new EntryUrl().url({ entry: 'https://cdn.example.com/x/remoteEntry.js?v=3' })).toBe(
    'https://cdn.example.com/x/remoteEntry.js?v=3',
  );
});

test('a load that failed after an early hint asks anew next time; one that succeeded does not', () => {
  const urls = new EntryUrl();
  urls.hintedEarly();
  urls.settled(true);
  expect(urls.url(remote)).toBe(SCRIPT);
  urls.hintedEarly();
  urls.settled(false);
  expect(urls.url(remote)).toBe(`${SCRIPT}?mfe-attempt=1`);
  urls.settled(false); // no hint this time: the URL stays
  expect(urls.url(remote)).toBe(`${SCRIPT}?mfe-attempt=1`);
});

test('a pinned remote loads only its own entry, with its integrity; any script is CORS-anonymous', () => {
  const pinned = { name: 'referrals', integrity: 'sha384-abc' };
  const script = entryScriptElement(pinned, SCRIPT, SCRIPT);
  expect(script).toMatchObject({ src: SCRIPT, crossOrigin: 'anonymous', integrity: 'sha384-abc' });
  expect(() => entryScriptElement(pinned, 'https://evil.example/remoteEntry.js', SCRIPT)).toThrow(
    /only its pinned entry/,
  );
  // Not pinned: no integrity set (jsdom has no integrity property; a browser answers '').
  expect(
    entryScriptElement({ name: 'open' }, 'https://cdn.example.com/open/remoteEntry.js', SCRIPT).integrity || '',
  ).toBe('');
});
