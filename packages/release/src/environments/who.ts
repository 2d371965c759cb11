import type { ObjectStore } from '../store/object-store';

/** What every command that changes an environment is told. */
export interface Who {
  readonly actor: string;
  readonly reason: string;
  /** The environment's host, overriding store.json's. */
  readonly host?: string;
  readonly fetchImpl?: typeof fetch;
  /** Refuse unless the environment is still at this revision (`--expect`): a pipeline's or a person's guard against racing someone else. */
  readonly expect?: number;
  /** Check and say what would change, and change nothing (`--dry-run`). */
  readonly dryRun?: boolean;
}

/** Where and as whom a command that changes an environment acts. */
export interface ReleaseScope {
  readonly store: ObjectStore;
  readonly env: string;
  readonly who: Who;
}
