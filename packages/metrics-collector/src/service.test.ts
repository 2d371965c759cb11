/**
 * @jest-environment node
 */
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createMetricsCollector, TIME_LIMITS, type MetricsCollectorOptions } from './service';

const HOST = 'https://app.example.com';
const logs = (name = 'referrals') =>
  JSON.stringify({
    resourceLogs: [
      {
        scopeLogs: [
          {
            logRecords: [
              {
                attributes: [
                  { key: 'mfe.remote.name', value: { stringValue: name } },
                  { key: 'mfe.remote.version', value: { stringValue: '1.0.0' } },
                  { key: 'mfe.kind', value: { stringValue: 'event' } },
                  { key: 'event.name', value: { stringValue: 'remote loaded' } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });

let server: Server | undefined;
afterEach(
  () =>
    new Promise((resolve) => {
      server?.closeAllConnections();
      return server ? server.close(resolve) : resolve(undefined);
    }),
);

async function start(options: Partial<MetricsCollectorOptions> = {}) {
  const collector = createMetricsCollector({ allowedOrigins: [HOST], log: () => undefined, ...options });
  server = createServer(collector.handle);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** A raw request, so the test controls every header (fetch would add or refuse some). */
function send(
  url: string,
  {
    method = 'POST',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const post = (url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  send(`${url}/v1/logs`, { body, headers: { origin: HOST, 'content-type': 'application/json', ...headers } });
const metrics = async (url: string) => (await send(`${url}/metrics`, { method: 'GET' })).text;

test("the host's pages post their logs (preflight, then POST) and Prometheus reads the counts", async () => {
  const url = await start();
  const preflight = await send(`${url}/v1/logs`, {
    method: 'OPTIONS',
    headers: {
      origin: HOST,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe(HOST);
  const posted = await post(url, logs());
  expect(posted.status).toBe(200);
  expect(posted.headers['access-control-allow-origin']).toBe(HOST);
  expect(await metrics(url)).toContain('mfe_remote_loads_total{remote="referrals",version="1.0.0",variant="stable"} 1');
  expect(await metrics(url)).toContain('mfe_collector_requests_total{outcome="accepted"} 1');
  expect((await send(`${url}/healthz`, { method: 'GET' })).status).toBe(200);
});

test('another origin, or none, is refused before anything is read or counted', async () => {
  const url = await start();
  const elsewhere = await post(url, logs(), { origin: 'https://evil.example' });
  expect(elsewhere.status).toBe(403);
  expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  const preflight = await send(`${url}/v1/logs`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
  expect(preflight.status).toBe(403);
  expect((await send(`${url}/v1/logs`, { body: logs(), headers: { 'content-type': 'application/json' } })).status).toBe(
    403,
  );
  const text = await metrics(url);
  expect(text).not.toContain('mfe_remote_loads_total{');
  expect(text).toContain('mfe_collector_requests_total{outcome="forbidden_origin"} 3');
});

test('a body over the limit is refused whether it says its length or not; bad JSON and other types too', async () => {
  const url = await start({ maxBodyBytes: 1_000 });
  expect((await post(url, `{"pad":"${'x'.repeat(2_000)}"}`)).status).toBe(413);
  const chunked = await post(url, Buffer.from(`{"pad":"${'x'.repeat(5_000)}"}`), { 'transfer-encoding': 'chunked' });
  expect(chunked.status).toBe(413);
  expect((await post(url, '{ not json')).status).toBe(400);
  expect((await post(url, logs(), { 'content-type': 'text/plain' })).status).toBe(415);
  expect((await post(url, logs())).status).toBe(200);
  expect(await metrics(url)).toContain('mfe_collector_requests_total{outcome="too_large"} 2');
});

test('a client posting too fast is told when to come back; another client is not affected', async () => {
  const url = await start({ ratePerMinute: 60, burst: 2, trustProxy: true });
  const from = (address: string) => post(url, logs(), { 'x-forwarded-for': `10.0.0.9, ${address}` });
  expect((await from('192.0.2.1')).status).toBe(200);
  expect((await from('192.0.2.1')).status).toBe(200);
  const limited = await from('192.0.2.1');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await from('192.0.2.2')).status).toBe(200);
  expect(await metrics(url)).toContain('mfe_remote_loads_total{remote="referrals",version="1.0.0",variant="stable"} 3');
});

test('accepted bodies are forwarded as received to an OTLP endpoint; a failing endpoint costs the browser nothing', async () => {
  const received: string[] = [];
  const otlp = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push(`${req.headers['content-type']} ${text}`);
      res.writeHead(received.length === 1 ? 200 : 503).end();
    });
  });
  await new Promise<void>((resolve) => otlp.listen(0, '127.0.0.1', resolve));
  const lines: string[] = [];
  try {
    const url = await start({
      forward: { url: `http://127.0.0.1:${(otlp.address() as AddressInfo).port}/v1/logs` },
      log: (line) => lines.push(line),
    });
    expect((await post(url, logs('first'))).status).toBe(200);
    expect((await post(url, logs('second'))).status).toBe(200);
    for (let i = 0; i < 50 && (received.length < 2 || lines.length < 1); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([`application/json ${logs('first')}`, `application/json ${logs('second')}`]);
    expect(lines).toEqual([expect.stringContaining('forwarding to http://127.0.0.1:')]);
    expect(await metrics(url)).toContain('mfe_collector_forward_failures_total 1');
  } finally {
    await new Promise((resolve) => otlp.close(resolve));
  }
});

test('with its own listener for Prometheus, the public one does not serve /metrics', async () => {
  const url = await start({ serveMetrics: false });
  expect((await send(`${url}/metrics`, { method: 'GET' })).status).toBe(404);
});

test('clients that stall are closed within the time limits and counted, while posts meanwhile are counted', async () => {
  const timeLimits = { headersMs: 400, idleMs: 400, requestMs: 900, keepAliveMs: 400, checkEveryMs: 100 };
  const collector = createMetricsCollector({
    allowedOrigins: [HOST],
    log: () => undefined,
    ratePerMinute: 100_000,
    burst: 100_000,
    timeLimits,
  });
  server = collector.createServer(collector.handle);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const headers = (length: number) =>
    `POST /v1/logs HTTP/1.1\r\nHost: x\r\nOrigin: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
  // Four ways to stall, 100 each: nothing sent, half the headers, the headers and no body, a body dripped slower than the limit allows.
  const stalls: Array<(socket: Socket) => void> = [
    () => undefined,
    (socket) => socket.write('POST /v1/logs HTTP/1.1\r\nHost: x\r\n'),
    (socket) => socket.write(headers(100)),
    (socket) => {
      socket.write(headers(100));
      const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 200);
      socket.once('close', () => clearInterval(drip));
    },
  ];
  const closed: number[] = [];
  const sockets = stalls.flatMap((stall) =>
    Array.from({ length: 100 }, () => {
      const socket = connect(port, '127.0.0.1', () => stall(socket));
      socket.on('error', () => undefined);
      socket.on('close', () => closed.push(Date.now() - started));
      socket.resume();
      return socket;
    }),
  );
  const started = Date.now();
  // Ordinary posts go on being counted while the stalled ones are held.
  for (let i = 0; i < 20; i += 1) expect((await post(url, logs())).status).toBe(200);
  const deadline = timeLimits.requestMs + 1_000;
  while (closed.length < sockets.length && Date.now() - started < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const socket of sockets) socket.destroy();
  expect(closed.length).toBe(sockets.length);
  const text = await metrics(url);
  expect(text).toContain('mfe_collector_requests_total{outcome="timed_out"} 400');
  expect(text).toContain('mfe_remote_loads_total{remote="referrals",version="1.0.0",variant="stable"} 20');
});

test('the time limits are a few seconds by default, and sweeps look every second', () => {
  expect(TIME_LIMITS).toEqual({
    headersMs: 5_000,
    idleMs: 5_000,
    requestMs: 10_000,
    keepAliveMs: 5_000,
    checkEveryMs: 1_000,
  });
  const collector = createMetricsCollector({ allowedOrigins: [HOST] });
  const made = collector.createServer(collector.handle);
  expect([made.headersTimeout, made.requestTimeout, made.keepAliveTimeout]).toEqual([5_000, 10_000, 5_000]);
});
