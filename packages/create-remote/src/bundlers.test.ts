/**
 * @jest-environment node
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { planRemote, writeRemote } from './scaffold';
import { writeStandalone } from './standalone';
import { repositoryVersions } from '../scripts/repository-versions';
import { emptyRepository, readText as read, temporaryFolders } from './test-folders';

const workspace = { apps: ['host'], devRemotes: [] };
const fresh = temporaryFolders();
const packageOf = (dir: string) =>
  JSON.parse(read(dir, 'package.json')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };

describe('scaffolding an area on another bundler (--bundler)', () => {
  test('in this repository, Rsbuild: the plugin from the preset, its build script and the catalog version; webpack.config.js kept for pnpm dev', () => {
    const { repo, devManifest } = emptyRepository(fresh('rsbuild-repo-'));
    const plan = planRemote({ name: 'payments', route: '/payments', bundler: 'rsbuild' }, workspace);
    expect(plan.bundler).toBe('rsbuild');
    const app = join(repo, 'apps', 'payments');
    const written = writeRemote(plan, { repoRoot: repo, appDir: app, devManifestPath: devManifest });

    expect(written).toContain(join('apps', 'payments', 'rsbuild.config.cjs'));
    const config = read(app, 'rsbuild.config.cjs');
    expect(config).toContain("const { pluginMfeArea } = require('../../webpack.shared.js');");
    expect(config).toContain("module.exports = { plugins: [pluginMfeArea({ name: 'payments' })] };");
    expect(config).toContain('prerendered');
    const pkg = packageOf(app);
    expect(pkg.scripts.build).toBe('rsbuild build --mode production');
    expect(pkg.devDependencies['@rsbuild/core']).toBe('catalog:');
    expect(Object.keys(pkg.devDependencies)).toEqual(Object.keys(pkg.devDependencies).sort());
    expect(existsSync(join(app, 'webpack.config.js'))).toBe(true);
  });

  test('standalone, Rspack for a root of its own: the preset with mount and bundler, no server build, the tested versions', () => {
    const dir = join(fresh('rspack-standalone-'), 'claims-remote');
    const versions = repositoryVersions();
    const plan = planRemote({ name: 'claims', route: '/claims', react: '18', bundler: 'rspack' }, workspace);
    writeStandalone(dir, plan, { versions });
    const config = read(dir, 'rspack.config.js');
    expect(config).toContain("const { remoteConfig } = require('@mfe/webpack-config');");
    expect(config).toContain(
      "remoteConfig({ appDir: __dirname, name: 'claims', mode: argv.mode, bundler: 'rspack', mount: 'own-root' });",
    );
    expect(config).not.toContain('remoteServerConfig');
    const pkg = packageOf(dir);
    expect(pkg.scripts.build).toBe('rspack build --mode production');
    expect(pkg.devDependencies['@rspack/core']).toBe(versions['@rspack/core']);
    expect(pkg.devDependencies['@rspack/cli']).toBe(versions['@rspack/cli']);
    expect(existsSync(join(dir, 'rsbuild.config.cjs'))).toBe(false);
  });

  test('standalone, Rspack in the host tree: the browser and the server build', () => {
    const dir = join(fresh('rspack-standalone-'), 'payments-remote');
    writeStandalone(dir, planRemote({ name: 'payments', route: '/payments', bundler: 'rspack' }, workspace), {
      versions: repositoryVersions(),
    });
    expect(read(dir, 'rspack.config.js')).toContain(
      "[remoteConfig({ appDir: __dirname, name: 'payments', mode: argv.mode, bundler: 'rspack' }), remoteServerConfig({ appDir: __dirname, name: 'payments', mode: argv.mode, bundler: 'rspack' })]",
    );
  });

  test('webpack, named or left out, writes no other config', () => {
    for (const bundler of ['webpack', undefined]) {
      const dir = join(fresh('webpack-standalone-'), 'payments-remote');
      const plan = planRemote({ name: 'payments', route: '/payments', ...(bundler ? { bundler } : {}) }, workspace);
      expect(plan.bundler).toBeUndefined();
      writeStandalone(dir, plan, { versions: repositoryVersions() });
      expect(packageOf(dir).scripts.build).toBe('webpack --mode production');
      expect(['rspack.config.js', 'rsbuild.config.cjs'].filter((file) => existsSync(join(dir, file)))).toEqual([]);
    }
  });
});
