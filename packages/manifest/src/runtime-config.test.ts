import { telemetryOrigins, validateRuntimeConfig } from './runtime-config';

const withCollector = (collector: Record<string, string>) => {
  const result = validateRuntimeConfig({
    productName: 'Product',
    auth: { authority: 'https://id.example.com', clientId: 'web' },
    telemetry: { adapters: [{ type: 'collector', ...collector }] },
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
};

test("the CSP's connect sources hold the traces endpoint's origin", () => {
  const config = withCollector({
    endpoint: 'https://logs.example.com/v1/logs',
    tracesEndpoint: 'https://traces.example.com/v1/traces',
  });
  expect(telemetryOrigins(config).connect).toEqual(['https://logs.example.com', 'https://traces.example.com']);
  expect(telemetryOrigins(withCollector({ endpoint: 'https://logs.example.com/v1/logs' })).connect).toEqual([
    'https://logs.example.com',
  ]);
});

test('a traces endpoint that is not an http(s) URL is refused, saying what it must be', () => {
  const result = validateRuntimeConfig({
    productName: 'Product',
    auth: { authority: 'https://id.example.com', clientId: 'web' },
    telemetry: {
      adapters: [{ type: 'collector', endpoint: 'https://o.example.com/v1/logs', tracesEndpoint: 'ftp://x' }],
    },
  });
  expect(result.ok ? [] : result.problems).toEqual([
    expect.stringContaining("must be the collector's OTLP/HTTP traces URL"),
  ]);
});
