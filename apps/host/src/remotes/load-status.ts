import type { RemoteBuild } from '@mfe/manifest/remote-build';
import type { RemoteIdentity, RemoteVariant } from '../telemetry/record';

/** Where a remote stands in this page, for its area and the diagnostics page. */
export type RemoteStatus =
  | { readonly state: 'not loaded' }
  | { readonly state: 'loading' }
  | { readonly state: 'loaded'; readonly loadMs: number }
  | { readonly state: 'failed'; readonly message: string; readonly code: string };

export interface RemoteFailure {
  readonly code: string;
  readonly message: string;
  readonly at: number;
}

/** What the page keeps of a remote's build once its manifest was read (nothing before). */
export type RecordedBuild = Partial<Pick<RemoteBuild, 'version' | 'contractRange' | 'slots' | 'mount'>>;

/**
 * What the page knows of each remote: its load status, what its build declared (once its
 * mf-manifest.json was read) and its last failure (kept after a successful retry).
 */
export class RemoteRecords {
  private readonly statuses = new Map<string, RemoteStatus>();
  private readonly builds = new Map<string, RecordedBuild>();
  private readonly lastErrors = new Map<string, RemoteFailure>();
  private readonly variants = new Map<string, RemoteVariant>();

  status(name: string): RemoteStatus {
    return this.statuses.get(name) ?? { state: 'not loaded' };
  }

  build(name: string): RecordedBuild {
    return this.builds.get(name) ?? {};
  }

  lastError(name: string): RemoteFailure | undefined {
    return this.lastErrors.get(name);
  }

  /** Name, version and canary side, for attributing telemetry. */
  describe(name: string): RemoteIdentity {
    const version = this.builds.get(name)?.version;
    const variant = this.variants.get(name);
    return { name, ...(version ? { version } : {}), ...(variant ? { variant } : {}) };
  }

  /** Which build of a remote this page loads (cohort.ts). */
  chose(name: string, variant: RemoteVariant): void {
    this.variants.set(name, variant);
  }

  loading(name: string): void {
    this.statuses.set(name, { state: 'loading' });
  }

  loaded(name: string, loadMs: number): void {
    this.statuses.set(name, { state: 'loaded', loadMs });
  }

  failed(name: string, code: string, message: string, at = Date.now()): void {
    this.statuses.set(name, { state: 'failed', message, code });
    this.lastErrors.set(name, { code, message, at });
  }

  built(name: string, build: RemoteBuild): void {
    this.builds.set(name, {
      ...(build.version ? { version: build.version } : {}),
      ...(build.contractRange ? { contractRange: build.contractRange } : {}),
      ...(build.slots ? { slots: build.slots } : {}),
      mount: build.mount,
    });
  }
}
