/**
 * @jest-environment node
 */
import { loadPreview, requestedPreview } from './preview';
import { leavePreview, PREVIEW_KEY } from './tab-choices';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const config = { previews: { manifestBase: 'https://cdn.example/_preview/' } };
const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
};
const answer = (body: unknown, init: { status?: number; date?: string } = {}) =>
  jest.fn(
    async (_url: RequestInfo | URL) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status: init.status ?? 200,
        headers: init.date ? { Date: init.date } : {},
      }),
  );
const document = (expiresAt: string) => ({
  id: ID,
  remote: 'referrals',
  version: '1.3.0-pr.42',
  expiresAt,
  manifest: { schemaVersion: 1, remotes: [] },
});

test('a link asks for a preview once: kept for the tab and taken out of the address', () => {
  const storage = memory();
  const replaceState = jest.fn();
  expect(
    requestedPreview(
      { href: `https://app.example/referrals?x=1&mfe-preview=${ID}#top` },
      { replaceState, state: null },
      storage,
    ),
  ).toBe(ID);
  expect(replaceState).toHaveBeenCalledWith(null, '', '/referrals?x=1#top');
  expect(requestedPreview({ href: 'https://app.example/account' }, { replaceState, state: null }, storage)).toBe(ID);
  leavePreview(storage);
  expect(storage.values.has(PREVIEW_KEY)).toBe(false);
  expect(requestedPreview({ href: 'https://app.example/account' }, null, storage)).toBeNull();
});

test('a preview is read only from the store, and used while the store says it has not expired', async () => {
  const fetchImpl = answer(document('2026-12-01T00:00:00Z'), { date: 'Tue, 24 Nov 2026 10:00:00 GMT' });
  await expect(loadPreview(config, ID, fetchImpl)).resolves.toMatchObject({
    kind: 'active',
    remote: 'referrals',
    version: '1.3.0-pr.42',
  });
  expect(String(fetchImpl.mock.calls[0]![0])).toBe(`https://cdn.example/_preview/${ID}.json`);
});

test("expiry is judged by the store's clock: a device clock that is days behind does not keep an expired preview", async () => {
  const realNow = Date.now;
  Date.now = () => Date.parse('2026-01-01T00:00:00Z');
  try {
    const result = await loadPreview(
      config,
      ID,
      answer(document('2026-11-20T00:00:00Z'), { date: 'Tue, 24 Nov 2026 10:00:00 GMT' }),
    );
    expect(result).toEqual({
      kind: 'refused',
      message: expect.stringMatching(
        /^This preview link expired on Fri, 20 Nov 2026 00:00:00 GMT: showing the live app\. Ask for a new link\.$/,
      ),
    });
  } finally {
    Date.now = realNow;
  }
});

test('a forged, malformed or damaged link loads nothing and says why; so does a host without previews', async () => {
  expect(await loadPreview(config, ID, answer('', { status: 404 }))).toMatchObject({
    kind: 'refused',
    message: expect.stringMatching(/not valid or the preview was removed/),
  });
  const fetchImpl = answer(document('2030-01-01T00:00:00Z'));
  expect(await loadPreview(config, '../../remotes.json?', fetchImpl)).toMatchObject({
    kind: 'refused',
    message: expect.stringMatching(/not valid \(check that it was copied whole\)/),
  });
  expect(fetchImpl).not.toHaveBeenCalled();
  expect(await loadPreview(config, ID, answer({ ...document('2030-01-01T00:00:00Z'), id: 'another' }))).toMatchObject({
    kind: 'refused',
    message: expect.stringMatching(/damaged/),
  });
  expect(await loadPreview({}, ID, answer(document('2030-01-01T00:00:00Z')))).toMatchObject({
    kind: 'refused',
    message: expect.stringMatching(/does not open preview links/),
  });
});
