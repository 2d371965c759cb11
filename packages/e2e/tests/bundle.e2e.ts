import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The host's initial scripts (what index.html loads) carry each module's code once: no file bundled
// in two builds of its package (ES module and CommonJS), read from the build's hidden source maps.
const dist = join(__dirname, '..', '..', '..', 'apps', 'host', 'dist');

/** A module's identity whatever the build: `@scope/pkg/dist/core.cjs` and `…/dist/core.js` → `@scope/pkg/dist/core`. */
function moduleKey(source: string): string | undefined {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/.exec(source.split('/node_modules/.pnpm/').pop()!);
  if (!inPackage) return undefined;
  return inPackage[1]!
    .replace(/\/(cjs|esm|es|lib|commonjs)\//g, '/')
    .replace(/(\.(cjs|esm|es|mjs|module))?\.(c|m)?js$/, '');
}

test("the host's initial scripts bundle no module twice (once per build of its package)", () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src=["']?\/?([^"' >]+\.js)/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const files = new Map<string, Set<string>>();
  for (const script of scripts) {
    const mapFile = join(dist, `${script}.map`);
    expect(existsSync(mapFile)).toBe(true);
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const key = moduleKey(source);
      if (!key) continue;
      files.set(key, (files.get(key) ?? new Set()).add(source.replace(/^.*node_modules\//, '')));
    }
  }
  const twice = [...files].filter(([, seen]) => seen.size > 1).map(([key, seen]) => `${key}: ${[...seen].join(' + ')}`);
  expect(twice).toEqual([]);
});
