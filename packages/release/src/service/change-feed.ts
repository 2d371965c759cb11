import type { ServerResponse } from 'node:http';
import { KEYS, listEnvironments } from '../store/layout';
import type { ObjectStore } from '../store/object-store';
import { rolloutsOf } from '../rollouts/rollout-state';

// Live updates for the console's pages, as server-sent events (`text/event-stream`, no extra
// dependency): while anyone listens, the store is looked at every `everyMs` (its environments'
// manifests and rollout states, by etag) and each change is sent as one `change` event naming what
// moved; the page then asks again for what it shows. Whatever changes the store (this service's
// controller, a CLI, another instance) is seen the same way.

/** What the store looks like, by the etags of what the console shows. */
type Fingerprint = ReadonlyMap<string, string>;

export class ChangeFeed {
  private readonly listeners = new Set<ServerResponse>();
  private timer: NodeJS.Timeout | undefined;
  private last: Fingerprint = new Map();
  /** The next look only notes what the store is (nobody was listening before it). */
  private baseline = true;
  private looking: Promise<void> | undefined;

  constructor(
    private readonly store: ObjectStore,
    private readonly everyMs: number,
  ) {}

  /** Keeps a response open as an event stream until the page goes away. */
  subscribe(res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // Not buffered by a proxy in front (nginx): each event goes out as it is written.
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: ${Math.max(1_000, this.everyMs)}\n: listening\n\n`);
    this.listeners.add(res);
    res.on('close', () => {
      this.listeners.delete(res);
      if (this.listeners.size === 0) this.pause();
    });
    if (!this.timer) {
      // What the store is now, from the moment a page listens: a change right after its first read
      // is then one to tell it (the page asks again on each reconnection for what it missed between).
      this.baseline = true;
      void this.look();
      this.loop();
    }
  }

  /** Looks now (after an action of this service), rather than at the next tick. */
  changed(): void {
    void this.look();
  }

  close(): void {
    this.pause();
    for (const res of this.listeners) res.end();
    this.listeners.clear();
  }

  private pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private loop(): void {
    this.timer = setTimeout(() => {
      void this.look().finally(() => {
        if (this.listeners.size > 0) this.loop();
      });
    }, this.everyMs);
  }

  private look(): Promise<void> {
    this.looking ??= (async () => {
      try {
        const now = await fingerprint(this.store);
        const moved = [...now].filter(([key, etag]) => this.last.get(key) !== etag).map(([key]) => key);
        const gone = [...this.last.keys()].filter((key) => !now.has(key));
        const first = this.baseline;
        this.baseline = false;
        this.last = now;
        if (first || moved.length + gone.length === 0) return;
        const data = JSON.stringify({ at: Date.now(), changed: [...moved, ...gone] });
        for (const res of this.listeners) res.write(`event: change\ndata: ${data}\n\n`);
      } catch {
        // The store did not answer this time: the next look tries again (the page keeps what it has).
      } finally {
        this.looking = undefined;
      }
    })();
    return this.looking;
  }
}

async function fingerprint(store: ObjectStore): Promise<Fingerprint> {
  const entries: Array<[string, string]> = [];
  for (const env of await listEnvironments(store)) {
    const manifest = await store.get(KEYS.manifest(env));
    if (manifest) entries.push([KEYS.manifest(env), manifest.etag]);
    for (const key of await store.list(rolloutsOf(env))) {
      if (!key.endsWith('.json')) continue;
      const rollout = await store.get(key);
      if (rollout) entries.push([key, rollout.etag]);
    }
  }
  return new Map(entries);
}
