import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createMetricsCollector } from './service';

const USAGE = `Usage: mfe-metrics-collector --allow-origin <host origin>… [--listen <host:port>] [--metrics-listen <host:port>]
         [--max-body-bytes N] [--rate-per-minute N] [--burst N] [--trust-proxy] [--forward <OTLP logs URL>]

Takes the host's OTLP/HTTP JSON logs from browsers at POST /v1/logs and counts each remote's loads and
errors for Prometheus (GET /metrics), which a rollout reads. Stateless: run as many as you like
behind a load balancer and let Prometheus scrape every instance.
  --allow-origin     an origin of the host (repeatable; \`https://*.example.com\` patterns as in the CSP)
  --listen           where browsers post (default 0.0.0.0:4318)
  --metrics-listen   serve /metrics only here (an internal address), not on --listen
  --max-body-bytes   largest body taken (default 131072)
  --rate-per-minute  posts per client address and minute after --burst (defaults 1200 and 300: about 600
                     visits a minute behind one address, a flooding client refused)
  --trust-proxy      the client is the last X-Forwarded-For address (behind your load balancer only)
  --forward          also send every accepted body to this OTLP/HTTP logs endpoint
A client gets 5 s for its headers, 10 s for a whole post, and 5 s between parts of a body (then 408).
Every option can also be set as MFE_COLLECTOR_<OPTION> (upper case, "_" for "-"; origins comma-separated).
GET /healthz answers 200 while the process runs. SIGTERM stops it after the requests in flight.`;

function listenOn(server: Server, address: string) {
  const at = address.lastIndexOf(':');
  const [host, port] = at > 0 ? [address.slice(0, at), Number(address.slice(at + 1))] : ['0.0.0.0', Number(address)];
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`"${address}" is not <host>:<port>.`);
  return new Promise<{ server: Server; url: string }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = server.address() as AddressInfo;
      resolve({ server, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}` });
    });
  });
}

async function main(): Promise<number> {
  const env = (name: string) => process.env[`MFE_COLLECTOR_${name.toUpperCase().replace(/-/g, '_')}`];
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'allow-origin': { type: 'string', multiple: true },
        listen: { type: 'string' },
        'metrics-listen': { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'rate-per-minute': { type: 'string' },
        burst: { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        forward: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const origins =
    values['allow-origin'] ??
    env('allow-origin')
      ?.split(',')
      .map((origin) => origin.trim()) ??
    [];
  const number = (name: 'max-body-bytes' | 'rate-per-minute' | 'burst') => {
    const text = values[name] ?? env(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`--${name} takes a whole number above 0, not "${text}".`);
    return value;
  };
  try {
    if (origins.filter(Boolean).length === 0)
      throw new Error('Which host may post? Give --allow-origin <origin> (or MFE_COLLECTOR_ALLOW_ORIGIN).');
    const forward = values.forward ?? env('forward');
    const metricsListen = values['metrics-listen'] ?? env('metrics-listen');
    const maxBodyBytes = number('max-body-bytes');
    const ratePerMinute = number('rate-per-minute');
    const burst = number('burst');
    const collector = createMetricsCollector({
      allowedOrigins: origins.filter(Boolean),
      ...(maxBodyBytes ? { maxBodyBytes } : {}),
      ...(ratePerMinute ? { ratePerMinute } : {}),
      ...(burst ? { burst } : {}),
      trustProxy: values['trust-proxy'] ?? env('trust-proxy') === 'true',
      ...(forward ? { forward: { url: new URL(forward).href } } : {}),
      serveMetrics: !metricsListen,
    });
    const servers = [
      await listenOn(collector.createServer(collector.handle), values.listen ?? env('listen') ?? '0.0.0.0:4318'),
    ];
    if (metricsListen) servers.push(await listenOn(collector.createServer(collector.handleMetrics), metricsListen));
    console.log(
      `metrics-collector: logs at ${servers[0]!.url}/v1/logs, metrics at ${servers.at(-1)!.url}/metrics, for ${origins.join(', ')}`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => {
        let open = servers.length;
        for (const { server } of servers) server.close(() => --open === 0 && resolve());
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
    return 0;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
