import type { SpanSender } from './load-spans';
import type { TelemetryAdapter, TelemetryRecord } from './record';

/**
 * Sends records to an OpenTelemetry collector as OTLP/HTTP JSON logs
 * (`POST <endpoint>` with `{ resourceLogs: [...] }`), batched: every 5 s, at
 * 20 records, and when the page is hidden or left (`fetch` with `keepalive`,
 * which outlives the page). A failed send is dropped, never retried in a loop.
 *
 * Each log record carries: `mfe.kind` (event | error | vital), `event.name`,
 * `mfe.route`, `mfe.remote.name`, `mfe.remote.version` and `mfe.remote.variant` (stable or
 * candidate, the canary side; all absent for the host),
 * `exception.type` / `exception.message` / `exception.stacktrace` /
 * `mfe.error.code` and `mfe.error.cause` (the cause chain) for errors, `mfe.vital.value` for web vitals, and the
 * record's own attributes as `mfe.attr.<name>` (JSON for non-strings). An area's load trace goes as
 * OpenTelemetry spans instead, to the traces endpoint (load-spans.ts).
 */
const BATCH_SIZE = 20;
const BATCH_DELAY_MS = 5_000;
/** keepalive requests may carry at most 64 KiB in all; stay well below. */
const MAX_BODY_BYTES = 48_000;

type AnyValue = { stringValue: string } | { doubleValue: number } | { boolValue: boolean };

function anyValue(value: unknown): AnyValue {
  if (typeof value === 'number') return { doubleValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return { stringValue: typeof value === 'string' ? value : JSON.stringify(value) };
}

function attribute(key: string, value: unknown): { key: string; value: AnyValue } {
  return { key, value: anyValue(value) };
}

export function otlpLogRecord(record: TelemetryRecord): Record<string, unknown> {
  const severity =
    record.kind === 'error'
      ? { severityNumber: 17, severityText: 'ERROR' }
      : { severityNumber: 9, severityText: 'INFO' };
  const attributes = [
    attribute('mfe.kind', record.kind),
    attribute('event.name', record.name),
    attribute('mfe.route', record.route),
    ...(record.remote
      ? [
          attribute('mfe.remote.name', record.remote.name),
          ...(record.remote.version ? [attribute('mfe.remote.version', record.remote.version)] : []),
          ...(record.remote.variant ? [attribute('mfe.remote.variant', record.remote.variant)] : []),
        ]
      : []),
    ...(record.error
      ? [
          attribute('exception.type', record.error.type),
          attribute('exception.message', record.error.message),
          ...(record.error.stack ? [attribute('exception.stacktrace', record.error.stack)] : []),
          ...(record.error.code ? [attribute('mfe.error.code', record.error.code)] : []),
          ...(record.error.cause ? [attribute('mfe.error.cause', record.error.cause)] : []),
        ]
      : []),
    ...(record.value !== undefined ? [attribute('mfe.vital.value', record.value)] : []),
    ...Object.entries(record.attributes).map(([key, value]) => attribute(`mfe.attr.${key}`, value)),
  ];
  return {
    timeUnixNano: `${record.time}000000`,
    ...severity,
    body: { stringValue: record.error ? `${record.error.type}: ${record.error.message}` : record.name },
    attributes,
  };
}

export function otlpLogsBody(
  records: readonly TelemetryRecord[],
  service: { readonly name: string; readonly version?: string },
): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: {
          attributes: [
            attribute('service.name', service.name),
            ...(service.version ? [attribute('service.version', service.version)] : []),
          ],
        },
        scopeLogs: [{ scope: { name: '@mfe/host' }, logRecords: records.map(otlpLogRecord) }],
      },
    ],
  });
}

export function collectorAdapter({
  endpoint,
  serviceName,
  spans,
  fetchImpl = (input, init) => fetch(input, init),
}: {
  endpoint: string;
  serviceName: string;
  /** Where `trace` records go, as spans (load-spans.ts, in the hub's later chunk); without it they are not sent. */
  spans?: SpanSender;
  fetchImpl?: typeof fetch;
}): TelemetryAdapter {
  let batch: TelemetryRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (batch.length > 0) {
      // Split so that each request stays under the keepalive limit.
      let count = batch.length;
      let body = otlpLogsBody(batch.slice(0, count), { name: serviceName });
      while (body.length > MAX_BODY_BYTES && count > 1)
        body = otlpLogsBody(batch.slice(0, (count = Math.ceil(count / 2))), { name: serviceName });
      batch = batch.slice(count);
      if (body.length > MAX_BODY_BYTES) continue; // one record too large to send: dropped
      void fetchImpl(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => undefined);
    }
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    window.addEventListener('pagehide', flush);
  }
  return {
    name: 'collector',
    consent: 'analytics',
    send(record) {
      if (record.kind === 'trace') return spans?.send(record);
      batch.push(record);
      if (batch.length >= BATCH_SIZE) flush();
      else timer ??= setTimeout(flush, BATCH_DELAY_MS);
    },
    flush: () => {
      flush();
      spans?.flush();
    },
  };
}
