import { RemoteRecords } from './load-status';

test("a remote's records: status through a load, its build's version for telemetry, the last failure kept after a retry", () => {
  const records = new RemoteRecords();
  expect(records.status('referrals')).toEqual({ state: 'not loaded' });
  expect(records.describe('referrals')).toEqual({ name: 'referrals' });
  records.loading('referrals');
  records.failed('referrals', 'REMOTE_LOAD_FAILED', 'down', 5);
  expect(records.status('referrals')).toEqual({ state: 'failed', code: 'REMOTE_LOAD_FAILED', message: 'down' });
  records.built('referrals', {
    version: '1.2.0',
    contractRange: '^1.0.0',
    declaresContract: true,
    mount: 'host-tree',
    files: { js: [], css: [] },
    integrityOf: () => undefined,
    globalCss: [],
  });
  records.loaded('referrals', 120);
  expect(records.status('referrals')).toEqual({ state: 'loaded', loadMs: 120 });
  expect(records.build('referrals')).toEqual({ version: '1.2.0', contractRange: '^1.0.0', mount: 'host-tree' });
  expect(records.describe('referrals')).toEqual({ name: 'referrals', version: '1.2.0' });
  expect(records.lastError('referrals')).toEqual({ code: 'REMOTE_LOAD_FAILED', message: 'down', at: 5 });
});

test('a remote registered with its canary side is described with it, for telemetry', () => {
  const records = new RemoteRecords();
  records.chose('referrals', 'candidate');
  records.built('referrals', {
    version: '1.1.0',
    declaresContract: true,
    mount: 'host-tree',
    files: [],
    integrityOf: () => undefined,
    globalCss: [],
  } as never);
  expect(records.describe('referrals')).toEqual({ name: 'referrals', version: '1.1.0', variant: 'candidate' });
});
