/**
 * @jest-environment node
 */
import { Registry } from 'prom-client';
import { createRemoteCounts } from './counts';

const record = (attributes: Record<string, string>) => ({
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value: { stringValue: value } })),
});
const body = (...records: object[]) => ({ resourceLogs: [{ scopeLogs: [{ logRecords: records }] }] });
const remote = (variant: string, name = 'referrals') => ({
  'mfe.remote.name': name,
  'mfe.remote.version': variant === 'candidate' ? '1.1.0' : '1.0.0',
  'mfe.remote.variant': variant,
});
const loaded = (labels: Record<string, string>) =>
  record({ ...labels, 'mfe.kind': 'event', 'event.name': 'remote loaded' });

test('loads and attributed errors are counted per remote, version, canary side and kind', async () => {
  const registry = new Registry();
  const counts = createRemoteCounts(registry);
  counts.count(
    body(
      loaded(remote('stable')),
      loaded(remote('candidate')),
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'render error' }),
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'remote load failed' }),
      // Not the remote's fault, or not its code: not counted.
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'reported error' }),
      record({ 'mfe.kind': 'error', 'event.name': 'uncaught error' }),
    ),
  );
  counts.count('not a logs body');
  counts.count({ resourceLogs: 'nope' });
  const text = await registry.metrics();
  expect(text).toContain('mfe_remote_loads_total{remote="referrals",version="1.0.0",variant="stable"} 1');
  expect(text).toContain('mfe_remote_loads_total{remote="referrals",version="1.1.0",variant="candidate"} 2');
  expect(text).toContain(
    'mfe_remote_errors_total{remote="referrals",version="1.1.0",variant="candidate",kind="render"} 1',
  );
  expect(text).toContain(
    'mfe_remote_errors_total{remote="referrals",version="1.1.0",variant="candidate",kind="load"} 1',
  );
  expect(text).not.toContain('kind="reported"');
});

test('labels from browsers are held to their rules: a record that breaks one is dropped and counted as dropped', async () => {
  const registry = new Registry();
  const counts = createRemoteCounts(registry);
  expect(
    counts.count(
      body(
        loaded(remote('stable', 'Referrals"} 1\nevil')),
        loaded({ ...remote('stable'), 'mfe.remote.version': 'x'.repeat(65) }),
        loaded({ ...remote('stable'), 'mfe.remote.variant': 'beta' }),
        // A preview link's load: no environment's, so neither counted nor dropped.
        loaded({ ...remote('stable'), 'mfe.remote.variant': 'preview' }),
        loaded(remote('stable')),
      ),
    ),
  ).toBe(1);
  const text = await registry.metrics();
  expect(text).not.toContain('evil');
  expect(text).not.toContain('beta');
  expect(text).toContain('mfe_collector_dropped_records_total{reason="invalid_labels"} 3');
});

test('the number of series is bounded: past it, new label sets are dropped and known ones still count', async () => {
  const registry = new Registry();
  const counts = createRemoteCounts(registry, { maxSeries: 2 });
  counts.count(body(loaded(remote('stable', 'a')), loaded(remote('stable', 'b')), loaded(remote('stable', 'c'))));
  counts.count(body(loaded(remote('stable', 'a'))));
  const text = await registry.metrics();
  expect(text).toContain('mfe_remote_loads_total{remote="a",version="1.0.0",variant="stable"} 2');
  expect(text).not.toContain('remote="c"');
  expect(text).toContain('mfe_collector_dropped_records_total{reason="too_many_series"} 1');
});
