import { trace, ROOT_CONTEXT, SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { TelemetryRecord } from './record';

/** Where an area's load traces go, as OpenTelemetry spans. */
export interface SpanSender {
  send(record: TelemetryRecord): void;
  flush(): void;
}

/**
 * Sends `trace` records (an area's load: remotes/load-trace.ts) as OpenTelemetry spans over
 * OTLP/HTTP (protobuf), with OpenTelemetry's own SDK and exporter: one span for the load, attributed
 * to the remote, its version and canary side and the (scrubbed) route, with a child span per phase.
 * Batched, and sent when the page is hidden (the SDK's batch processor does both).
 */
export function otlpSpans({
  url,
  serviceName,
  exporter = new OTLPTraceExporter({ url }),
}: {
  readonly url: string;
  readonly serviceName: string;
  readonly exporter?: SpanExporter;
}): SpanSender {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer('@mfe/host');
  return {
    send(record) {
      const phases = record.phases ?? [];
      const end = Math.max(0, ...phases.map((phase) => phase.start + phase.duration));
      const load = tracer.startSpan(record.name, {
        startTime: record.time,
        attributes: {
          'mfe.route': record.route,
          ...(record.remote
            ? {
                'mfe.remote.name': record.remote.name,
                ...(record.remote.version ? { 'mfe.remote.version': record.remote.version } : {}),
                ...(record.remote.variant ? { 'mfe.remote.variant': record.remote.variant } : {}),
              }
            : {}),
        },
      });
      const parent = trace.setSpan(ROOT_CONTEXT, load);
      for (const phase of phases)
        tracer
          .startSpan(
            phase.name,
            { startTime: record.time + phase.start, attributes: { 'mfe.phase': phase.name } },
            parent,
          )
          .end(record.time + phase.start + phase.duration);
      load.setStatus({ code: SpanStatusCode.OK });
      load.end(record.time + end);
    },
    flush() {
      void provider.forceFlush().catch(() => undefined);
    },
  };
}
