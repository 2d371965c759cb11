import type { Who } from '../store/audit';
import type { ObjectStore } from '../store/object-store';

export type { Who } from '../store/audit';

/** How a command that changes an environment acts: its guards, and (in tests and the service) its clock and fetch. */
export interface ChangeOptions {
  /** The environment's host, overriding store.json's. */
  readonly host?: string;
  /** Refuse unless the environment is still at this revision (`--expect`): a pipeline's or a person's guard against racing someone else. */
  readonly expect?: number;
  /** Check and say what would change, and change nothing (`--dry-run`). */
  readonly dryRun?: boolean;
  /** The clock a rollout judges its windows by. */
  readonly now?: () => number;
  /** How the host, its pages and Prometheus are asked. */
  readonly fetchImpl?: typeof fetch;
}

/** Where, as whom and how a command that changes an environment acts. */
export interface ReleaseScope {
  readonly store: ObjectStore;
  readonly env: string;
  readonly who: Who;
  readonly options?: ChangeOptions;
}
