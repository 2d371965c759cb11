/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/architecture.md says: no product or toolkit package depends on an app; only the benchmark does.
const root = join(__dirname, '..', '..', '..');
const apps = readdirSync(join(root, 'apps')).map(
  (dir) => (JSON.parse(readFileSync(join(root, 'apps', dir, 'package.json'), 'utf8')) as { name: string }).name,
);
const MAY_DEPEND_ON_APPS = new Set(['@mfe/bench']);

test('no package but the benchmark depends on an app, as the architecture page says', () => {
  const offenders: string[] = [];
  for (const dir of readdirSync(join(root, 'packages'))) {
    let manifest: { name: string; dependencies?: object; devDependencies?: object; peerDependencies?: object };
    try {
      manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (MAY_DEPEND_ON_APPS.has(manifest.name)) continue;
    const named = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies });
    offenders.push(...named.filter((name) => apps.includes(name)).map((name) => `${manifest.name} → ${name}`));
  }
  expect(apps.length).toBeGreaterThan(0);
  expect(offenders).toEqual([]);
  expect(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')).toContain('`@mfe/bench`');
});

test("the build preset's file map names every module of its src/", () => {
  const dir = join(root, 'packages', 'webpack-config');
  const header = readFileSync(join(dir, 'index.js'), 'utf8').split('\nconst ')[0]!;
  const modules = readdirSync(join(dir, 'src')).filter((file) => file.endsWith('.js'));
  expect(modules.length).toBeGreaterThan(10);
  expect(modules.filter((file) => !header.includes(file))).toEqual([]);
});
