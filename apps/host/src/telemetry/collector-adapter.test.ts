import { collectorAdapter, otlpLogRecord } from './collector-adapter';
import type { TelemetryRecord } from './record';

const error: TelemetryRecord = {
  kind: 'error',
  name: 'TypeError',
  time: 1_700_000_000_000,
  route: '/referrals/invite',
  remote: { name: 'referrals', version: '1.4.0' },
  attributes: { attempt: 2, component: 'Invite' },
  error: { type: 'TypeError', message: 'x is undefined', code: 'REMOTE_RENDER_FAILED', stack: 'at Invite' },
};

test('a record becomes an OTLP log record with the remote, route and exception attributes', () => {
  const log = otlpLogRecord(error);
  expect(log).toMatchObject({
    timeUnixNano: '1700000000000000000',
    severityNumber: 17,
    severityText: 'ERROR',
    body: { stringValue: 'TypeError: x is undefined' },
  });
  const attributes = Object.fromEntries(
    (log.attributes as Array<{ key: string; value: Record<string, unknown> }>).map(({ key, value }) => [
      key,
      Object.values(value)[0],
    ]),
  );
  expect(attributes).toEqual({
    'mfe.kind': 'error',
    'event.name': 'TypeError',
    'mfe.route': '/referrals/invite',
    'mfe.remote.name': 'referrals',
    'mfe.remote.version': '1.4.0',
    'exception.type': 'TypeError',
    'exception.message': 'x is undefined',
    'exception.stacktrace': 'at Invite',
    'mfe.error.code': 'REMOTE_RENDER_FAILED',
    'mfe.attr.attempt': 2,
    'mfe.attr.component': 'Invite',
  });
});

test('records are batched: one keepalive POST at 20 records or after 5 s, and flush sends the rest', () => {
  jest.useFakeTimers();
  const fetchImpl = jest.fn(async () => new Response('{}'));
  const adapter = collectorAdapter({
    endpoint: 'https://otel.example.com/v1/logs',
    serviceName: 'mfe-host',
    fetchImpl,
  });
  for (let i = 0; i < 25; i += 1) adapter.send({ ...error, name: `e${i}` });
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('https://otel.example.com/v1/logs');
  expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
  expect(JSON.parse(init.body as string).resourceLogs[0].scopeLogs[0].logRecords).toHaveLength(20);
  jest.advanceTimersByTime(5_000);
  expect(fetchImpl).toHaveBeenCalledTimes(2);
  adapter.send(error);
  adapter.flush?.();
  expect(fetchImpl).toHaveBeenCalledTimes(3);
  jest.useRealTimers();
});

test('a batch too large for a keepalive request is split, and a failed send is dropped quietly', async () => {
  const bodies: string[] = [];
  const fetchImpl = jest.fn(async (_url: unknown, init?: RequestInit) => {
    bodies.push(init?.body as string);
    throw new TypeError('offline');
  });
  const adapter = collectorAdapter({
    endpoint: 'https://otel.example.com/v1/logs',
    serviceName: 'mfe-host',
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  for (let i = 0; i < 10; i += 1) adapter.send({ ...error, attributes: { blob: 'x'.repeat(8_000) } });
  adapter.flush?.();
  await Promise.resolve();
  expect(bodies.length).toBeGreaterThan(1);
  expect(bodies.every((body) => body.length < 48_000)).toBe(true);
  expect(bodies.reduce((sum, body) => sum + JSON.parse(body).resourceLogs[0].scopeLogs[0].logRecords.length, 0)).toBe(
    10,
  );
});

test('an area load trace goes to the spans sender, never into the logs', () => {
  const posted: string[] = [];
  const sent: TelemetryRecord[] = [];
  let flushed = 0;
  const adapter = collectorAdapter({
    endpoint: 'https://collector.example.com/v1/logs',
    serviceName: 'mfe-host',
    spans: { send: (record) => sent.push(record), flush: () => (flushed += 1) },
    fetchImpl: (async (_url: RequestInfo | URL, init?: RequestInit) => {
      posted.push(String(init?.body));
      return new Response('{}');
    }) as typeof fetch,
  });
  const trace: TelemetryRecord = {
    kind: 'trace',
    name: 'area load',
    time: 1,
    route: '/referrals',
    attributes: {},
    phases: [{ name: 'module', start: 0, duration: 5 }],
  };
  adapter.send(trace);
  adapter.flush?.();
  expect(sent).toEqual([trace]);
  expect(flushed).toBe(1);
  expect(posted).toEqual([]);
});
