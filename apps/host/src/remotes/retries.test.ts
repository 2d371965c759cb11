import { PlatformError } from '@mfe/context';
import { filesOf, isTransient, refreshFromNetwork, withRetries } from './retries';

const entry = { name: 'referrals', label: 'Referrals' };
const noSleep = jest.fn(async () => undefined);
const quiet = () => jest.spyOn(console, 'warn').mockImplementation(() => undefined);

test('a transient failure is tried again after re-registering, up to two more times', async () => {
  quiet();
  const again = jest.fn();
  const attempt = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('module');
  await expect(withRetries(entry, 'https://cdn.example/remoteEntry.js', attempt, again, noSleep)).resolves.toBe(
    'module',
  );
  expect(again).toHaveBeenCalledTimes(1);
  const failing = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  await expect(withRetries(entry, 'https://cdn.example/remoteEntry.js', failing, again, noSleep)).rejects.toThrow(
    'Failed to fetch',
  );
  expect(failing).toHaveBeenCalledTimes(3);
});

test('an entry script that ran and threw is never run again, and says its team must fix it', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const script = 'https://cdn.example/referrals/remoteEntry.js';
  const attempt = jest.fn(async () => {
    window.dispatchEvent(new ErrorEvent('error', { filename: `${script}?v=2`, message: 'boom' }));
    throw new Error('[ Federation Runtime ]: RUNTIME-008');
  });
  await expect(withRetries(entry, script, attempt, jest.fn(), noSleep)).rejects.toMatchObject({
    code: 'REMOTE_INVALID',
    message: expect.stringContaining('its code threw: boom'),
  });
  expect(attempt).toHaveBeenCalledTimes(1);
});

test('a platform error or a script error is not transient', async () => {
  const attempt = jest.fn().mockRejectedValue(new PlatformError('REMOTE_INCOMPATIBLE', 'needs an update'));
  await expect(withRetries(entry, 'x', attempt, jest.fn(), noSleep)).rejects.toMatchObject({
    code: 'REMOTE_INCOMPATIBLE',
  });
  expect(attempt).toHaveBeenCalledTimes(1);
  expect(isTransient(new Error('RUNTIME-008: script failed'))).toBe(true);
  expect(isTransient(new SyntaxError('x'))).toBe(false);
  // webpack's ChunkLoadError: a chunk that could not be fetched, not one that arrived and was not the chunk.
  const chunkError = (type: string) =>
    Object.assign(new Error('Loading chunk 415 failed.'), { name: 'ChunkLoadError', type });
  expect(isTransient(chunkError('error'))).toBe(true);
  expect(isTransient(chunkError('missing'))).toBe(false);
});

test('the files a failed load could not use are named from its error: a chunk, a stylesheet, the entry script', () => {
  const entryScript = 'https://cdn.example/referrals/1.0.0/remoteEntry.js';
  const chunk = Object.assign(
    new Error('Loading chunk 58 failed.\n(error: https://cdn.example/referrals/1.0.0/expose.0123abcd.js)'),
    { name: 'ChunkLoadError', type: 'error', request: 'https://cdn.example/referrals/1.0.0/expose.0123abcd.js' },
  );
  expect(filesOf(chunk, entryScript)).toEqual(['https://cdn.example/referrals/1.0.0/expose.0123abcd.js']);
  const sheet = new Error('Loading CSS chunk 7 failed.\n(https://cdn.example/referrals/1.0.0/7.89abcdef.css)');
  expect(filesOf(new Error('wrapped', { cause: sheet }), entryScript)).toEqual([
    'https://cdn.example/referrals/1.0.0/7.89abcdef.css',
  ]);
  expect(filesOf(new Error('[ Federation Runtime ]: RUNTIME-008'), entryScript)).toEqual([entryScript]);
  expect(filesOf(new TypeError('Failed to fetch'), entryScript)).toEqual([]);
});

test('before an automatic retry, the files the failure names are fetched again past the HTTP cache', async () => {
  quiet();
  const fetched: Array<[string, RequestInit | undefined]> = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    fetched.push([String(url), init]);
    return new Response('');
  }) as unknown as typeof fetch;
  const failure = Object.assign(new Error('Loading chunk 1 failed.\n(error: https://cdn.example/a.0123abcd.js)'), {
    name: 'ChunkLoadError',
    type: 'error',
  });
  const attempt = jest.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('module');
  const again = jest.fn(async (error: unknown) => refreshFromNetwork(filesOf(error, 'x'), fetchImpl));
  await expect(withRetries(entry, 'x', attempt, again, noSleep)).resolves.toBe('module');
  expect(fetched).toEqual([
    ['https://cdn.example/a.0123abcd.js', { cache: 'reload', mode: 'cors', credentials: 'same-origin' }],
  ]);
});
