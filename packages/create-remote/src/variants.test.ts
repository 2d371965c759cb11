/**
 * @jest-environment node
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { planRemote, ScaffoldError, writeRemote } from './scaffold';
import { writeStandalone } from './standalone';
import { repositoryVersions } from '../scripts/repository-versions';
import { emptyRepository, readText as read, temporaryFolders } from './test-folders';

const workspace = { apps: ['host'], devRemotes: [] };
const fresh = temporaryFolders();

describe('scaffolding an area on another React major (--react)', () => {
  test('in this repository: own-root build, defineReactRootArea, its own React 18, no contribution', () => {
    const { repo, devManifest } = emptyRepository(fresh('own-root-repo-'));
    const plan = planRemote({ name: 'claims', route: '/claims', react: '18' }, workspace);
    expect(plan.react).toBe(18);
    const written = writeRemote(plan, {
      repoRoot: repo,
      appDir: join(repo, 'apps', plan.name),
      devManifestPath: devManifest,
    });
    const app = join(repo, 'apps', 'claims');

    const config = read(app, 'webpack.config.js');
    expect(config).toContain("remoteConfig({ appDir: __dirname, name: 'claims', mode: argv.mode, mount: 'own-root' })");
    expect(config).not.toMatch(/remoteServerConfig|server build the/);
    expect(read(app, 'src', 'remote.tsx')).toContain("import { defineReactRootArea } from '@mfe/context/react-root';");
    expect(read(app, 'src', 'remote.tsx')).toContain('export default defineReactRootArea({ App');
    const pkg = JSON.parse(read(app, 'package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies).toMatchObject({ react: '18.3.1', 'react-dom': '18.3.1' });
    expect(pkg.devDependencies['react-dom']).toBeUndefined();
    expect(existsSync(join(app, 'src', 'contributions'))).toBe(false);
    expect(read(app, 'e2e', 'claims.e2e.ts')).not.toContain('home-tile');
    expect(written.some((file) => file.includes('contributions'))).toBe(false);
    expect(JSON.parse(read(devManifest)).remotes[0].contributions).toBeUndefined();
  });

  test('standalone: the same, with its mfe block left without contributions', () => {
    const dir = join(fresh('own-root-standalone-'), 'claims-remote');
    const plan = planRemote({ name: 'claims', route: '/claims', react: '20' }, workspace);
    const written = writeStandalone(dir, plan, { versions: repositoryVersions() });
    expect(read(dir, 'webpack.config.js')).toMatch(/mount: 'own-root' \}\);/);
    expect(read(dir, 'webpack.config.js')).not.toMatch(/remoteServerConfig|server build the/);
    const pkg = JSON.parse(read(dir, 'package.json')) as {
      dependencies: Record<string, string>;
      mfe: Record<string, unknown>;
    };
    expect(pkg.dependencies).toMatchObject({ react: '^20.0.0', 'react-dom': '^20.0.0' });
    expect(pkg.mfe.contributions).toBeUndefined();
    expect(written.every((file) => existsSync(join(dir, file)))).toBe(true);
  });

  test.each(['17', 'latest', '18.3'])('refuses --react %s, saying what to give', (react) => {
    expect(() => planRemote({ name: 'claims', route: '/claims', react }, workspace)).toThrow(ScaffoldError);
    expect(() => planRemote({ name: 'claims', route: '/claims', react }, workspace)).toThrow(/give 18 or later/);
  });

  test('without --react the area is for the host tree, with its example contribution', () => {
    expect(planRemote({ name: 'claims', route: '/claims' }, workspace).react).toBeUndefined();
  });
});

describe('scaffolding an area without React (--react none)', () => {
  test('in this repository: plain DOM through the mount contract, no React at all, no contribution', () => {
    const { repo, devManifest } = emptyRepository(fresh('plain-repo-'));
    const plan = planRemote({ name: 'notes', route: '/notes', react: 'none' }, workspace);
    expect(plan.react).toBe('none');
    const written = writeRemote(plan, {
      repoRoot: repo,
      appDir: join(repo, 'apps', plan.name),
      devManifestPath: devManifest,
    });
    const app = join(repo, 'apps', 'notes');
    expect(read(app, 'webpack.config.js')).toContain("mount: 'own-root'");
    const remote = read(app, 'src', 'remote.ts');
    expect(remote).toContain("from '@mfe/context/mount'");
    expect(remote).toContain('export default defineMountedArea(');
    expect(remote).toContain("'notes-overview'");
    for (const gone of ['App.tsx', 'App.test.tsx', 'remote.tsx', 'contributions'])
      expect(existsSync(join(app, 'src', gone))).toBe(false);
    expect(read(app, 'src', 'messages.ts')).toContain("from '@mfe/context/mount'");
    const pkg = JSON.parse(read(app, 'package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => /react/.test(name))).toEqual(
      [],
    );
    expect(written).toContain('apps/notes/src/remote.ts');
    expect(written.every((file) => existsSync(join(repo, file)))).toBe(true);
  });

  test('standalone: the same files', () => {
    const dir = join(fresh('plain-standalone-'), 'notes-remote');
    const written = writeStandalone(dir, planRemote({ name: 'notes', route: '/notes', react: 'none' }, workspace), {
      versions: repositoryVersions(),
    });
    expect(written).toEqual(expect.arrayContaining(['src/remote.ts', 'src/remote.test.ts', 'src/messages.ts']));
    expect(JSON.parse(read(dir, 'package.json')).dependencies.react).toBeUndefined();
  });
});
