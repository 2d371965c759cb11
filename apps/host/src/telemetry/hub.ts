import type { ConsentApi } from '@mfe/context';
import type { ErrorInput, TelemetryAdapter, TelemetryInput, TelemetryRecord } from './record';
import { scrubPath, scrubText, scrubValue } from './scrub';
import { describeThrown } from './thrown';
import { pageRoute } from './queue';

function errorFields(input: ErrorInput, allowedParams: readonly string[]): NonNullable<TelemetryRecord['error']> {
  const { code } = input;
  const details =
    'thrown' in input
      ? describeThrown(input.thrown, allowedParams)
      : {
          type: scrubText(input.type, allowedParams),
          message: scrubText(input.message, allowedParams),
          ...(input.stack ? { stack: scrubText(input.stack, allowedParams) } : {}),
          ...(input.cause ? { cause: scrubText(input.cause, allowedParams) } : {}),
        };
  return { ...details, ...(code ? { code: scrubText(code, allowedParams) } : {}) };
}

export interface TelemetryHubOptions {
  readonly adapters: readonly TelemetryAdapter[];
  readonly consent: ConsentApi;
  readonly allowedQueryParams: readonly string[];
  /** The page's current path and query (default: the browser's location). */
  readonly location?: () => string;
  readonly now?: () => number;
}

/** The page's path and query, as a record's route; none while a page is rendered ahead of time (Node). */
/** Records held for adapters until the user decides about consent; older ones are dropped first. */
const PENDING_LIMIT = 100;
const RECENT_LIMIT = 50;

/**
 * The one way out for telemetry: every record is scrubbed here, kept in a
 * short recent list (for /diagnostics), and handed to each adapter once the
 * consent it needs is given. Until the user decides, records wait (bounded);
 * if the user declines, that adapter gets nothing. An adapter that throws
 * never breaks the page or the other adapters.
 */
export class TelemetryHub {
  private readonly recentRecords: TelemetryRecord[] = [];
  private readonly pending = new Map<TelemetryAdapter, TelemetryRecord[]>();

  constructor(private readonly options: TelemetryHubOptions) {
    options.consent.subscribe(() => this.releasePending());
  }

  report(input: TelemetryInput): void {
    const { allowedQueryParams } = this.options;
    const record: TelemetryRecord = {
      kind: input.kind,
      name: scrubText(input.name, allowedQueryParams),
      time: input.time ?? (this.options.now ?? Date.now)(),
      route: scrubPath(input.route ?? (this.options.location ?? pageRoute)() ?? '', allowedQueryParams),
      ...(input.remote
        ? {
            remote: {
              name: scrubText(input.remote.name),
              ...(input.remote.version ? { version: scrubText(input.remote.version) } : {}),
              ...(input.remote.variant ? { variant: input.remote.variant } : {}),
            },
          }
        : {}),
      attributes: (scrubValue(input.attributes ?? {}, allowedQueryParams) ?? {}) as Record<string, unknown>,
      ...(input.error ? { error: errorFields(input.error, allowedQueryParams) } : {}),
      ...(input.value !== undefined ? { value: input.value } : {}),
      ...(input.phases
        ? {
            phases: input.phases.map(({ name, start, duration }) => ({ name: scrubText(name), start, duration })),
          }
        : {}),
    };
    this.recentRecords.push(record);
    if (this.recentRecords.length > RECENT_LIMIT) this.recentRecords.shift();
    const consent = this.options.consent.get();
    for (const adapter of this.options.adapters) {
      const given = adapter.consent === null ? true : consent[adapter.consent];
      if (given === true) this.deliver(adapter, record);
      else if (given === null) {
        const queue = this.pending.get(adapter) ?? [];
        queue.push(record);
        if (queue.length > PENDING_LIMIT) queue.shift();
        this.pending.set(adapter, queue);
      }
    }
  }

  /** The latest records (scrubbed), newest last. */
  recent(): readonly TelemetryRecord[] {
    return [...this.recentRecords];
  }

  flush(): void {
    for (const adapter of this.options.adapters) this.guard(adapter, () => adapter.flush?.());
  }

  private releasePending(): void {
    const consent = this.options.consent.get();
    for (const [adapter, queue] of [...this.pending]) {
      const given = adapter.consent === null ? true : consent[adapter.consent];
      if (given === null) continue;
      this.pending.delete(adapter);
      if (given) for (const record of queue) this.deliver(adapter, record);
    }
  }

  private deliver(adapter: TelemetryAdapter, record: TelemetryRecord): void {
    this.guard(adapter, () => adapter.send(record));
  }

  private guard(adapter: TelemetryAdapter, action: () => void): void {
    try {
      action();
    } catch (error) {
      // Telemetry must never break the page; say so once on the console and carry on.
      console.warn(`[mfe:telemetry] The "${adapter.name}" adapter failed: ${(error as Error)?.message}`);
    }
  }
}
