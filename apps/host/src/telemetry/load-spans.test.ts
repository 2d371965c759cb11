import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { otlpSpans } from './load-spans';
import type { TelemetryRecord } from './record';

const record: TelemetryRecord = {
  kind: 'trace',
  name: 'area load',
  time: 1_800_000_000_000,
  route: '/referrals',
  remote: { name: 'referrals', version: '1.2.0', variant: 'candidate' },
  attributes: {},
  phases: [
    { name: 'manifest', start: 0, duration: 30 },
    { name: 'entry', start: 30, duration: 50 },
    { name: 'render', start: 80, duration: 20.5 },
  ],
};

const ms = ([seconds, nanos]: [number, number]) => seconds * 1_000 + nanos / 1e6;

test('a load trace becomes a span for the load and a child span per phase, at their times, attributed to the remote', async () => {
  const exporter = new InMemorySpanExporter();
  const spans = otlpSpans({ url: 'https://otel.example.com/v1/traces', serviceName: 'Product', exporter });
  spans.send(record);
  spans.flush();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const finished = exporter.getFinishedSpans();
  const load = finished.find((span) => span.name === 'area load')!;
  expect(load.attributes).toEqual({
    'mfe.route': '/referrals',
    'mfe.remote.name': 'referrals',
    'mfe.remote.version': '1.2.0',
    'mfe.remote.variant': 'candidate',
  });
  expect(load.resource.attributes['service.name']).toBe('Product');
  expect([ms(load.startTime), ms(load.endTime)]).toEqual([record.time, record.time + 100.5]);
  const phases = finished.filter((span) => span.parentSpanContext?.spanId === load.spanContext().spanId);
  expect(phases.map((span) => [span.name, ms(span.startTime) - record.time, ms(span.endTime) - record.time])).toEqual([
    ['manifest', 0, 30],
    ['entry', 30, 80],
    ['render', 80, 100.5],
  ]);
  expect(new Set(phases.map((span) => span.spanContext().traceId))).toEqual(new Set([load.spanContext().traceId]));
});
