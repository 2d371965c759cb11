/**
 * @jest-environment node
 */
import { createCollectorMetrics } from './collector-metrics';

const record = (attributes: Record<string, string>) => ({
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value: { stringValue: value } })),
});
const body = (...records: object[]) => JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: records }] }] });
const remote = (variant: string) => ({
  'mfe.remote.name': 'referrals',
  'mfe.remote.version': variant === 'candidate' ? '1.1.0' : '1.0.0',
  'mfe.remote.variant': variant,
});

test('loads and attributed errors are counted per remote, version, canary side and kind', async () => {
  const metrics = createCollectorMetrics();
  metrics.count(
    body(
      record({ ...remote('stable'), 'mfe.kind': 'event', 'event.name': 'remote loaded' }),
      record({ ...remote('candidate'), 'mfe.kind': 'event', 'event.name': 'remote loaded' }),
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'render error' }),
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'remote load failed' }),
      // Not the remote's fault, or not its code: not counted.
      record({ ...remote('candidate'), 'mfe.kind': 'error', 'event.name': 'reported error' }),
      record({ 'mfe.kind': 'error', 'event.name': 'uncaught error' }),
    ),
  );
  metrics.count('not json');
  const text = await metrics.text();
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
