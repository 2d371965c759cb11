/**
 * For unit tests: the provider's endpoints behind a stand-in `fetch` whose answers wait until
 * `release()`, so requests made close together overlap as they do over a real network. `answer`
 * makes each response (or throws, as a network failure does); `requests` lists the URLs asked for.
 */
export function heldProvider(answer: (url: string) => Response | Promise<Response>) {
  const requests: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    requests.push(String(url));
    await released;
    return answer(String(url));
  }) as typeof fetch;
  return { requests, release };
}
