/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathArrows } from './arrows';

// docs/architecture.md says: no product or toolkit package depends on an app, by its package.json or
// by a path; only the benchmark does.
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

/** The kind of each package under packages/, as the architecture page's table says it. */
function kindsFromTheArchitecturePage(): Map<string, string> {
  const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const kinds = new Map<string, string>();
  for (const [, dir, kind] of page.matchAll(/^\| \[`packages\/([^`]+)`\][^|]*\| ([^|]+?) +\|/gm))
    kinds.set(dir!, kind!);
  return kinds;
}

test("no product or toolkit package reaches by path into an app, the root or another package's files", () => {
  const kinds = kindsFromTheArchitecturePage();
  const dirs = readdirSync(join(root, 'packages')).filter((dir) => !dir.startsWith('.'));
  // Every package has its kind on the page, so a new one is checked from the day it lands.
  expect(dirs.filter((dir) => !kinds.has(dir))).toEqual([]);
  const checked = dirs.filter((dir) => kinds.get(dir) !== 'rig');
  expect(checked.length).toBeGreaterThan(8);
  const arrows = pathArrows(
    root,
    checked.map((dir) => join(root, 'packages', dir)),
  );
  expect(arrows.map(({ file, reaches }) => `${file} → ${reaches}`)).toEqual([]);
});

describe('the check by path, on a fixture repository', () => {
  const write = (base: string, path: string, text: string) => {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  const fixture = () => {
    const base = mkdtempSync(join(tmpdir(), 'arrows-'));
    write(base, 'apps/host/package.json', JSON.stringify({ name: '@x/host' }));
    write(base, 'apps/host/src/config.ts', 'export const config = 1;');
    write(base, 'packages/lib/package.json', JSON.stringify({ name: '@x/lib', exports: { '.': './src/index.ts' } }));
    write(base, 'packages/lib/src/index.ts', 'export const lib = 1;');
    write(base, 'packages/lib/src/internal.ts', 'export const internal = 1;');
    write(base, 'packages/bad/package.json', JSON.stringify({ name: '@x/bad' }));
    return base;
  };

  test('an import of an app by relative path fails, naming the file and what it reaches', () => {
    const base = fixture();
    write(
      base,
      'packages/bad/src/index.ts',
      "import { config } from '../../../apps/host/src/config';\nexport { config };",
    );
    expect(pathArrows(base, [join(base, 'packages', 'bad')])).toEqual([
      {
        file: join('packages', 'bad', 'src', 'index.ts'),
        reaches: '../../../apps/host/src/config (apps/host/src/config)',
      },
    ]);
  });

  test("a require of another package's file its exports do not offer fails; its offered entry passes", () => {
    const base = fixture();
    write(
      base,
      'packages/bad/src/a.cjs',
      "const { lib } = require('@x/lib');\nconst { internal } = require('@x/lib/src/internal');",
    );
    expect(pathArrows(base, [join(base, 'packages', 'bad')]).map((arrow) => arrow.reaches)).toEqual([
      "@x/lib/src/internal (not in @x/lib's exports)",
    ]);
  });

  test("a path to an app or the root's files written as strings fails; the package's own files pass", () => {
    const base = fixture();
    write(
      base,
      'packages/bad/src/paths.ts',
      [
        "import { join } from 'node:path';",
        "import { own } from './own';",
        "export const host = join(__dirname, '..', '..', '..', 'apps', 'host');",
        "export const shared = join(__dirname, '../../../webpack.shared.js');",
        '// a comment naming webpack.shared.js and apps/host is not a path',
        'export { own };',
      ].join('\n'),
    );
    write(base, 'packages/bad/src/own.ts', 'export const own = 1;');
    expect(pathArrows(base, [join(base, 'packages', 'bad')]).map((arrow) => arrow.reaches)).toEqual([
      '"apps" (a path into apps/)',
      '"../../../webpack.shared.js" (the repository root\'s webpack.shared.js)',
    ]);
  });
});
