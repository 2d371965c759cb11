import { createConsentStore, NO_CONSENT } from '@mfe/context';
import { parseRuntimeConfig } from '../config';
import { installTelemetry, recentTelemetry, report, telemetryReady } from './index';

// No adapter: the hub's records (scrubbed, timed, routed) are what this reads, through /diagnostics' list.
const config = parseRuntimeConfig({
  productName: 'Acme',
  auth: { authority: 'https://login.example.com/realms/acme', clientId: 'web' },
});

test('reports made before the page works wait for the hub, keeping their time and route, and reach it in order once it loads', async () => {
  window.history.replaceState(null, '', '/referrals?code=secret');
  report({ kind: 'event', name: 'before install' });
  let pageWorks: () => void = () => undefined;
  const after = new Promise<void>((resolve) => (pageWorks = resolve));
  const installed = installTelemetry({
    config,
    consent: createConsentStore(NO_CONSENT),
    remotes: () => [],
    describe: (name) => ({ name, version: '1.0.0' }),
    after,
  });
  report({ kind: 'event', name: 'remote loaded', remote: { name: 'referrals' }, attributes: { loadMs: 12 } });
  const madeAt = Date.now();
  window.history.replaceState(null, '', '/account');
  // Nothing of the hub runs before the page works.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(recentTelemetry()).toEqual([]);

  pageWorks();
  await installed;
  await telemetryReady();
  const records = recentTelemetry();
  expect(records.map((record) => record.name)).toEqual(['before install', 'remote loaded']);
  // The route it was reported on (scrubbed: no query parameter the config does not allow), not the current one.
  expect(records[1]!.route).toBe('/referrals');
  expect(records[1]!.time).toBeLessThanOrEqual(madeAt);
  expect(records[1]!.attributes).toEqual({ loadMs: 12 });

  // Once it is here, a report goes straight to it.
  report({ kind: 'event', name: 'after' });
  expect(recentTelemetry().map((record) => record.name)).toEqual(['before install', 'remote loaded', 'after']);
});

test('a page left before it works starts the hub at once and hands it the queue', async () => {
  await jest.isolateModulesAsync(async () => {
    const telemetry = await import('./index');
    telemetry.installTelemetry({
      config,
      consent: createConsentStore(NO_CONSENT),
      remotes: () => [],
      describe: (name) => ({ name }),
      after: new Promise(() => undefined),
    });
    telemetry.report({ kind: 'error', name: 'remote load failed', remote: { name: 'referrals' } });
    expect(telemetry.recentTelemetry()).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(telemetry.recentTelemetry().map((record) => record.name)).toEqual(['remote load failed']);
  });
});
