import { RemoteRecord } from './remote-record';

const entry = { name: 'referrals', entry: 'https://cdn.example.com/referrals/1.0.0/mf-manifest.json' } as never;

test("a remote's record: status through a load, its build's version for telemetry, the last failure kept after a retry", () => {
  const record = new RemoteRecord(entry);
  expect(record.status).toEqual({ state: 'not loaded' });
  expect(record.describe()).toEqual({ name: 'referrals', variant: 'stable' });
  record.loading();
  record.failed('REMOTE_LOAD_FAILED', 'down', 5);
  expect(record.status).toEqual({ state: 'failed', code: 'REMOTE_LOAD_FAILED', message: 'down' });
  record.built({
    version: '1.2.0',
    contractRange: '^1.0.0',
    declaresContract: true,
    mount: 'host-tree',
    files: { js: [], css: [] },
    integrityOf: () => undefined,
    globalCss: [],
  } as never);
  record.loaded(120);
  expect(record.status).toEqual({ state: 'loaded', loadMs: 120 });
  expect(record.build).toEqual({ version: '1.2.0', contractRange: '^1.0.0', mount: 'host-tree' });
  expect(record.describe()).toEqual({ name: 'referrals', version: '1.2.0', variant: 'stable' });
  expect(record.lastError).toEqual({ code: 'REMOTE_LOAD_FAILED', message: 'down', at: 5 });
});

test('a remote registered with its canary side is described with it, for telemetry', () => {
  const record = new RemoteRecord(entry, 'candidate');
  record.built({
    version: '1.1.0',
    declaresContract: true,
    mount: 'host-tree',
    files: [],
    integrityOf: () => undefined,
    globalCss: [],
  } as never);
  expect(record.describe()).toEqual({ name: 'referrals', version: '1.1.0', variant: 'candidate' });
});
