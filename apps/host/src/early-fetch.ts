// Responses the boot script requested before the host's script ran, handed over once each.
// Used by the boot script as well as the host: nothing here may import more.

const EARLY = '__mfeEarlyResponses';
const STARTED = '__mfeHostStarted';

/** Host side: the host's own start-up has begun; a late boot script then does nothing. */
export function markHostStarted(): void {
  (window as unknown as Record<string, boolean>)[STARTED] = true;
}

/** Boot side: whether the host started first (the boot script arrived late), so nothing is requested twice. */
export function hostStarted(): boolean {
  return (window as unknown as Record<string, boolean | undefined>)[STARTED] === true;
}

const PRELOADS = '__mfeBootPreloads';

/**
 * Boot side: the opening area's downloads will be started once the config and manifest are read
 * (`started` settles then, or when the boot script gives up). The host's script waits for it before
 * its own start-up, which runs as one long task and would otherwise hold that reading back until it
 * is over (measured: the area's files asked for 280 ms later, throttled, on a page rendered in the browser).
 */
export function announcePreloads(started: Promise<unknown>): void {
  (window as unknown as Record<string, Promise<void>>)[PRELOADS] = started.then(
    () => undefined,
    () => undefined,
  );
}

/** Host side: waits for the boot script's announced downloads to have started, never longer than `limitMs`. */
export function bootPreloadsStarted(limitMs: number): Promise<void> {
  const started = (window as unknown as Record<string, Promise<void> | undefined>)[PRELOADS];
  if (!started) return Promise.resolve();
  return Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}

/** A response's JSON body, or an error naming its HTTP status (the boot script's reads and the island's alike). */
export function jsonOf(response: Response): Promise<unknown> {
  return response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`));
}

type Held = Map<string, Promise<Response>>;

function held(): Held {
  const scope = window as unknown as Record<string, Held | undefined>;
  return (scope[EARLY] ??= new Map());
}

/** Boot side: fetches `url` now (GET) and holds the response for the host's first request of it. */
export function fetchEarly(url: string, init: RequestInit = {}): Promise<Response> {
  const href = new URL(url, window.location.href).href;
  const response = fetch(href, init);
  // Unhandled if nobody takes it (the host found it invalid): never an unhandled rejection.
  response.catch(() => undefined);
  held().set(href, response);
  // The boot script reads a copy; the host reads the original.
  return response.then((r) => r.clone());
}

/**
 * Host side: a copy of the response the boot script holds for `url`, which stays held for the first
 * request of it; undefined when the boot script made none.
 */
export function peekEarly(url: string): Promise<Response> | undefined {
  return held()
    .get(new URL(url, window.location.href).href)
    ?.then((response) => response.clone());
}

/**
 * Host side: a `fetch` that answers a GET the boot script already made from its held response (once;
 * if the early request failed, it is made again), and anything else from `fetchImpl`.
 */
export function fetchEarlyOr(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    if (typeof input === 'string' && (!init?.method || init.method === 'GET')) {
      const href = new URL(input, window.location.href).href;
      const early = held().get(href);
      if (early) {
        held().delete(href);
        return early.catch(() => fetchImpl(input, init));
      }
    }
    return fetchImpl(input, init);
  };
}
