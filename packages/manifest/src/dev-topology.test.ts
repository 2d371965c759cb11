import { DEFAULT_HOST_PORT, localUrl, topology } from './dev-topology';

test('every port of the development stack follows from the host port, by one rule', () => {
  expect(topology()).toMatchObject({
    host: DEFAULT_HOST_PORT,
    idp: 3100,
    extraRemotes: 3050,
    collector: 3060,
    tags: 3061,
    api: 3062,
    metricsCollector: 3063,
    metricsCollectorScrape: 3064,
    prometheus: 3102,
    s3: 3065,
    remotesServer: 3001,
  });
  const moved = topology(4000);
  expect(moved).toMatchObject({
    host: 4000,
    idp: 4100,
    extraRemotes: 4050,
    collector: 4060,
    tags: 4061,
    api: 4062,
    metricsCollector: 4063,
    metricsCollectorScrape: 4064,
    prometheus: 4102,
    s3: 4065,
    remotesServer: 4001,
  });
  // A remote of the development manifest keeps its offset from the host.
  expect(topology().remote(3002)).toBe(3002);
  expect(moved.remote(3002)).toBe(4002);
});

test('local servers are on localhost (the provider and the host must be same-site, origins exact)', () => {
  expect(localUrl(3100)).toBe('http://localhost:3100');
});
