/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `pnpm server:config` as a deployment runs it: a real process, real files.
const dir = mkdtempSync(join(tmpdir(), 'mfe-release-'));
const cli = join(__dirname, 'cli.ts');

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { env: { PATH: process.env.PATH ?? '', INIT_CWD: dir, ...env }, cwd: join(__dirname, '..') },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const required = {
  MFE_PRODUCT_NAME: 'Acme Web',
  MFE_AUTH_AUTHORITY: 'https://login.example.com',
  MFE_AUTH_CLIENT_ID: 'web',
};

test('from environment variables: writes the validated config and an nginx config that serves it', async () => {
  const out = join(dir, 'env');
  const result = await run(['--config-from-env', '--host-root', '/srv/host', '--out', out], {
    ...required,
    MFE_ALLOWED_REMOTE_ORIGINS: 'https://cdn.example.com',
  });
  expect(result).toMatchObject({ code: 0 });
  expect(JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'))).toMatchObject({
    productName: 'Acme Web',
    allowedRemoteOrigins: ['https://cdn.example.com'],
  });
  const conf = readFileSync(join(out, 'mfe.conf'), 'utf8');
  expect(conf).toContain(`alias ${join(out, 'config.json')};`);
  expect(conf).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/cdn\.example\.com;/);
  expect(readFileSync(join(out, 'nginx.conf'), 'utf8')).toContain(`include ${join(out, 'mfe.conf')};`);
}, 30_000);

test('an invalid config writes nothing and names every variable to fix (exit 1)', async () => {
  const out = join(dir, 'bad');
  const result = await run(['--config-from-env', '--host-root', '/srv/host', '--out', out], {
    MFE_PRODUCT_NAME: 'Acme',
    MFE_AUTH_AUTHORITY: 'login',
    MFE_DIAGNOSTICS_PUBLIC: 'sometimes',
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('MFE_DIAGNOSTICS_PUBLIC must be "true" or "false"');
  expect(existsSync(out)).toBe(false);
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ productName: 'Acme', auth: { authority: 'login', clientId: 'web' } }));
  const fromFile = await run(['--config', file, '--host-root', '/srv/host', '--out', out]);
  expect(fromFile.code).toBe(1);
  expect(fromFile.stderr).toMatch(/"auth\.authority" must be the provider's issuer URL/);
}, 30_000);

test('bad usage explains itself (exit 2)', async () => {
  expect((await run(['--out', join(dir, 'x')])).code).toBe(2);
  const remotes = await run(
    ['--config-from-env', '--host-root', '/h', '--out', join(dir, 'y'), '--remotes-root', '/r'],
    required,
  );
  expect(remotes.code).toBe(2);
  expect(remotes.stderr).toContain('--remotes-root needs --remotes-listen');
}, 30_000);
