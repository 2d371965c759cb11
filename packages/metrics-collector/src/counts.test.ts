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

test("each remote's speed is a histogram per version and side: its load time and the web vitals on its pages", async () => {
  const registry = new Registry();
  const counts = createRemoteCounts(registry);
  const withNumber = (attributes: Record<string, string>, key: string, value: number) => ({
    attributes: [...record(attributes).attributes, { key, value: { doubleValue: value } }],
  });
  counts.count(
    body(
      withNumber(
        { ...remote('candidate'), 'mfe.kind': 'event', 'event.name': 'remote loaded' },
        'mfe.attr.loadMs',
        700,
      ),
      withNumber({ ...remote('candidate'), 'mfe.kind': 'vital', 'event.name': 'INP' }, 'mfe.vital.value', 260),
      withNumber({ ...remote('candidate'), 'mfe.kind': 'vital', 'event.name': 'LCP' }, 'mfe.vital.value', 2400),
      withNumber({ ...remote('stable'), 'mfe.kind': 'vital', 'event.name': 'CLS' }, 'mfe.vital.value', 0.12),
      // Not a vital a guard reads, a value that is no measure, or the host's own: not observed.
      withNumber({ ...remote('stable'), 'mfe.kind': 'vital', 'event.name': 'TTFB' }, 'mfe.vital.value', 90),
      withNumber({ ...remote('stable'), 'mfe.kind': 'vital', 'event.name': 'INP' }, 'mfe.vital.value', -5),
      withNumber({ 'mfe.kind': 'vital', 'event.name': 'INP' }, 'mfe.vital.value', 900),
    ),
  );
  const text = await registry.metrics();
  const candidate = 'remote="referrals",version="1.1.0",variant="candidate"';
  expect(text).toContain(`mfe_remote_load_seconds_bucket{le="0.5",${candidate}} 0`);
  expect(text).toContain(`mfe_remote_load_seconds_bucket{le="1",${candidate}} 1`);
  // The web's thresholds are bounds: 260 ms is over INP's 200 ms, 2.4 s within LCP's 2.5 s.
  expect(text).toContain(`mfe_remote_inp_seconds_bucket{le="0.2",${candidate}} 0`);
  expect(text).toContain(`mfe_remote_inp_seconds_bucket{le="0.3",${candidate}} 1`);
  expect(text).toContain(`mfe_remote_lcp_seconds_bucket{le="2.5",${candidate}} 1`);
  expect(text).toContain('mfe_remote_cls_bucket{le="0.1",remote="referrals",version="1.0.0",variant="stable"} 0');
  expect(text).toContain('mfe_remote_cls_count{remote="referrals",version="1.0.0",variant="stable"} 1');
  expect(text).not.toContain('mfe_remote_inp_seconds_count{remote="referrals",version="1.0.0",variant="stable"}');
  expect(text).not.toMatch(/mfe_remote_inp_seconds_count\{[^}]*remote="host"/);
});
