import type { MountedAreaModule, RemoteModule } from '@mfe/context';
import type { RemoteBuild } from '@mfe/manifest/remote-build';
import type { ManifestEntry } from '../manifest';
import type { RemoteIdentity, RemoteVariant } from '../telemetry/record';
import { EntryUrl } from './entry-url';
import type { LoadTrace } from './load-trace';
import type { PinnedStylesheet } from './remote-styles';

/** An area's `./remote`: rendered in the host's React tree (`defineRemote`), or mounted into an element of its own (`defineMountedArea`). */
export type AreaModule = RemoteModule | MountedAreaModule;

/** Where a remote stands in this page, for its area and the diagnostics page: its statuses, declared once. */
export type RemoteStatus =
  | { readonly state: 'not loaded' }
  | { readonly state: 'loading' }
  | { readonly state: 'loaded'; readonly loadMs: number }
  | { readonly state: 'failed'; readonly message: string; readonly code: string };

export const NOT_LOADED: RemoteStatus = { state: 'not loaded' };

export const isLoaded = (status: RemoteStatus): status is Extract<RemoteStatus, { state: 'loaded' }> =>
  status.state === 'loaded';

export interface RemoteFailure {
  readonly code: string;
  readonly message: string;
  readonly at: number;
}

/** What the page keeps of a remote's build once its manifest was read (nothing before). */
export type RecordedBuild = Partial<Pick<RemoteBuild, 'version' | 'contractRange' | 'slots' | 'mount'>>;

/**
 * Everything the page knows and holds of one remote, made once from its manifest entry when the
 * manifest is registered: the entry and the build chosen for this page (its cohort's side), its
 * status, what its build declared, its last failure (kept after a successful retry), its module's
 * load, and what its next load must do again (files to fetch past the cache, stylesheets to add
 * back). The loader keeps one of these per remote, and nothing else per remote.
 */
export class RemoteRecord {
  status: RemoteStatus = NOT_LOADED;
  /** What its build declared, once its mf-manifest.json was read (remote-check.ts). */
  build: RecordedBuild = {};
  /** Its kind of area, once its mf-manifest.json was read ahead of any load (the idle prefetch). */
  kindAhead: Pick<RemoteBuild, 'mount'> | undefined;
  lastError: RemoteFailure | undefined;
  /** Its module's load, in flight or done; forgotten when it fails, so that a Retry starts afresh. */
  module: Promise<AreaModule> | undefined;
  /** Its module once loaded, for a render that must not wait a tick (hydrating a prerendered page). */
  ready: AreaModule | undefined;
  /** A load started ahead of the part that shows it (`loadAhead`), until that part asks. */
  ahead: Promise<AreaModule> | undefined;
  /** Files its last failed load could not use, fetched again from the network before its next (retries.ts). */
  stale: readonly string[] = [];
  /** Pinned stylesheets of the page its last load found refused: added again on its next. */
  refusedStyles: readonly PinnedStylesheet[] = [];
  /** Its area's latest load, phase by phase (load-trace.ts), for the diagnostics page and telemetry. */
  trace: LoadTrace | undefined;
  /** The URL its entry script is asked for (entry-url.ts). */
  readonly entryUrl = new EntryUrl();
  /** Its check before any of its code runs (remote-check.ts): its manifest read once, the check passed once. */
  readonly check: { read?: Promise<unknown>; passed?: Promise<unknown>; prefetched: boolean } = { prefetched: false };

  constructor(
    public entry: ManifestEntry,
    /** Which build of the remote this page loads (cohort.ts). */
    public variant: RemoteVariant = 'stable',
  ) {}

  get name(): string {
    return this.entry.name;
  }

  /** Name, version and canary side, for attributing telemetry. */
  describe(): RemoteIdentity {
    const { version } = this.build;
    return { name: this.name, ...(version ? { version } : {}), variant: this.variant };
  }

  loading(): void {
    this.status = { state: 'loading' };
  }

  loaded(loadMs: number): void {
    this.status = { state: 'loaded', loadMs };
  }

  failed(code: string, message: string, at = Date.now()): void {
    this.status = { state: 'failed', message, code };
    this.lastError = { code, message, at };
  }

  built(build: RemoteBuild): void {
    this.build = {
      ...(build.version ? { version: build.version } : {}),
      ...(build.contractRange ? { contractRange: build.contractRange } : {}),
      ...(build.slots ? { slots: build.slots } : {}),
      mount: build.mount,
    };
  }
}
