import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRemoteSettings, RemoteSettingsError } from './remote-settings';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mfe-dev-host-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const withPackage = (pkg: unknown) => writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
const failure = (): RemoteSettingsError => {
  try {
    readRemoteSettings(dir);
  } catch (error) {
    return error as RemoteSettingsError;
  }
  throw new Error('expected readRemoteSettings to refuse');
};

test('reads the feature area from the "mfe" block of package.json', () => {
  withPackage({ name: 'payments-remote', mfe: { name: 'payments', path: '/payments', label: 'Payments', port: 3004 } });
  expect(readRemoteSettings(dir)).toEqual({ name: 'payments', path: '/payments', label: 'Payments', port: 3004 });
});

test('outside a feature area folder it says where to run', () => {
  expect(failure()).toMatchObject({
    code: 'NO_PACKAGE_JSON',
    message: expect.stringContaining("Run mfe-dev in the feature area's folder"),
  });
});

test('without an "mfe" block it shows the block to add', () => {
  withPackage({ name: 'x' });
  expect(failure()).toMatchObject({ code: 'NO_MFE_BLOCK', message: expect.stringContaining('"mfe": { "name"') });
});

test('applies the host manifest rules, naming every bad field', () => {
  withPackage({ mfe: { name: 'Bad Name', path: '/auth/x', label: 'x'.repeat(61), port: 80 } });
  const error = failure();
  expect(error.code).toBe('INVALID_SETTING');
  expect(error.message).toMatch(/"name" "Bad Name"/);
  expect(error.message).toMatch(/"path" \/auth\/x is the host's own/);
  expect(error.message).toMatch(/"label"/);
  expect(error.message).toMatch(/"port" 80/);
});

test('reads its contributions to slots by the manifest rules, and refuses a bad one by name', () => {
  const mfe = { name: 'payments', path: '/payments', label: 'Payments', port: 3004 };
  withPackage({ mfe: { ...mfe, contributions: [{ slot: 'home.tiles', module: 'home-tile' }] } });
  expect(readRemoteSettings(dir).contributions).toEqual([
    { slot: 'home.tiles', module: 'home-tile', order: 100, requiresAuth: true },
  ]);
  withPackage({ mfe: { ...mfe, contributions: [{ slot: 'tiles', module: 'home-tile' }] } });
  const error = failure();
  expect(error.code).toBe('INVALID_SETTING');
  expect(error.message).toMatch(/"contributions": "0\.slot" must be two to four dot-separated parts/);
});
