import { fetchEarly, fetchEarlyOr, hostStarted, jsonOf, markHostStarted } from './early-fetch';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  delete (window as unknown as Record<string, unknown>).__mfeEarlyResponses;
  delete (window as unknown as Record<string, unknown>).__mfeHostStarted;
});

test('a boot script that arrives after the host started can tell, and stays out of the way', () => {
  expect(hostStarted()).toBe(false);
  markHostStarted();
  expect(hostStarted()).toBe(true);
});

function stubFetch(...answers: Array<() => Promise<Response>>) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return answers.shift()!();
  }) as typeof fetch;
  return calls;
}

const response = (body: string) =>
  ({ ok: true, status: 200, clone: () => response(body), text: async () => body }) as unknown as Response;

test("the host's first GET of a URL the boot script fetched is answered from it, once, without a second request", async () => {
  const calls = stubFetch(
    async () => response('{"a":1}'),
    async () => response('{"a":2}'),
  );
  const early = await fetchEarly('/config.json');
  expect(await early.text()).toBe('{"a":1}');
  const host = fetchEarlyOr();
  expect(await (await host('/config.json')).text()).toBe('{"a":1}');
  expect(calls).toEqual(['http://localhost/config.json']);
  // Taken once: the next request goes to the network.
  expect(await (await host('/config.json')).text()).toBe('{"a":2}');
  expect(calls).toHaveLength(2);
});

test('a failed early request is made again by the host, and other URLs and methods are never answered early', async () => {
  const calls = stubFetch(
    async () => Promise.reject(new TypeError('network down')),
    async () => response('again'),
    async () => response('other'),
    async () => response('posted'),
  );
  await expect(fetchEarly('/remotes.json')).rejects.toThrow('network down');
  const host = fetchEarlyOr();
  expect(await (await host('/remotes.json')).text()).toBe('again');
  expect(await (await host('/other.json')).text()).toBe('other');
  expect(await (await host('/remotes.json', { method: 'POST' })).text()).toBe('posted');
  expect(calls).toEqual(['http://localhost/remotes.json', '/remotes.json', '/other.json', '/remotes.json']);
});

test("a read file's JSON is its body, and a refused one says its HTTP status", async () => {
  const answered = (status: number, body: unknown) =>
    ({ ok: status < 400, status, json: async () => body }) as unknown as Response;
  await expect(jsonOf(answered(200, { a: 1 }))).resolves.toEqual({ a: 1 });
  await expect(jsonOf(answered(404, { a: 1 }))).rejects.toThrow('HTTP 404');
});
