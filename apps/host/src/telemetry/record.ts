import type { ConsentCategory } from '@mfe/context';

/**
 * Which remote a record belongs to: its name, the version its build declares, and which build this
 * page runs: a canary's side (cohort.ts), what error rates are compared by, or a preview's branch
 * build (preview.ts), kept out of both.
 */
export type RemoteVariant = 'stable' | 'candidate' | 'preview';

export interface RemoteIdentity {
  readonly name: string;
  readonly version?: string;
  readonly variant?: RemoteVariant;
}

/** A phase of a traced operation (an area's load: remotes/load-trace.ts), in ms from the record's `time`. */
export interface TracePhase {
  readonly name: string;
  readonly start: number;
  readonly duration: number;
}

/** One report, as every adapter receives it: already attributed and scrubbed. */
export interface TelemetryRecord {
  readonly kind: 'event' | 'error' | 'vital' | 'trace';
  /** Event name, error type, web-vital name (LCP, CLS, INP, FCP, TTFB) or traced operation. */
  readonly name: string;
  /** Epoch milliseconds. */
  readonly time: number;
  /** The page's path when it happened (no query string unless allowed). */
  readonly route: string;
  /** The remote it belongs to; absent for the host itself. */
  readonly remote?: RemoteIdentity;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly error?: {
    readonly type: string;
    readonly message: string;
    readonly code?: string;
    readonly stack?: string;
    readonly cause?: string;
  };
  /** A web-vital's value (ms, or unitless for CLS). */
  readonly value?: number;
  /** A trace's phases (kind `trace`), in the order they began. */
  readonly phases?: readonly TracePhase[];
}

/** Where records go. An adapter that sends to another origin needs consent first. */
export interface TelemetryAdapter {
  readonly name: string;
  /** The consent it needs; `null` when nothing leaves the page (the console). */
  readonly consent: ConsentCategory | null;
  send(record: TelemetryRecord): void;
  /** Sends whatever is batched, e.g. when the page is hidden. */
  flush?(): void;
}

/**
 * A reported error: the value that was thrown (described and scrubbed here, while still
 * structured), or fields the caller wrote itself; either with the platform's error code.
 */
export type ErrorInput = { readonly code?: string } & (
  { readonly thrown: unknown } | Omit<NonNullable<TelemetryRecord['error']>, 'code'>
);

/** What a caller reports; the hub adds the time and route (unless given: a report queued earlier) and scrubs it. */
export type TelemetryInput = Omit<TelemetryRecord, 'time' | 'route' | 'attributes' | 'error'> & {
  readonly time?: number;
  readonly route?: string;
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly error?: ErrorInput;
};
